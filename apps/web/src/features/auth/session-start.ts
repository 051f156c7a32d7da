import type { TSession } from '@medhire/contract/account';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { REJECTED_ACCOUNT_MESSAGE, selectSession, sessionStarted, syncUser } from './auth-slice.ts';
import { type PostLoginDestination, postLoginDestination } from './post-login-destination.ts';

export type SessionStartResult = { kind: 'refused'; message: string } | PostLoginDestination;

/**
 * Starts a session obtained outside the sign-in form (registration code, first password,
 * professional-network sign-in) exactly as sign-in does: the store takes it, persists it and
 * re-syncs the user. A rejected account gets no session at all.
 */
export function useStartSession() {
  const dispatch = useAppDispatch();
  return useCallback(
    (session: TSession): SessionStartResult => {
      const destination = postLoginDestination(session);
      if (destination.kind === 'logout') return { kind: 'refused', message: REJECTED_ACCOUNT_MESSAGE };
      dispatch(sessionStarted(session));
      return destination;
    },
    [dispatch],
  );
}

/**
 * After an onboarding step changes what the server knows (profile established, probes
 * answered), re-sync the user and go where the onboarding rule now points (spec §2).
 * Resolves false when the sync failed; the store already reported why.
 */
export function useSyncAndContinue() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const session = useAppSelector(selectSession);
  return useCallback(
    async (options: { to?: string } = {}): Promise<boolean> => {
      if (!session) return false;
      const result = await dispatch(syncUser(session.user._id));
      if (!syncUser.fulfilled.match(result)) return false;
      const destination = postLoginDestination({ ...session, ...result.payload });
      if (destination.kind === 'logout') return false;
      await navigate(options.to ?? destination.to, { replace: true });
      return true;
    },
    [dispatch, navigate, session],
  );
}
