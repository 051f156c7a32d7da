import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { enrolmentRequiredSet, selectSession } from '../features/auth/auth-slice.ts';
import { resolvePostLoginRoute } from '../features/auth/post-login-destination.ts';
import { SecurityScreen } from '../features/security/components/security-screen.tsx';
import { useAppDispatch, useAppSelector } from './hooks.ts';

/**
 * /settings/security, tied to the session: a session held to setting up two-step sign-in sees the
 * enrolment only, and once the server frees it (the member enrolled and put the recovery codes
 * away) goes on to where a sign-in normally lands.
 */
export function SecurityRoute() {
  const session = useAppSelector(selectSession);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isEnrolmentRequired = session?.enrolmentRequired === true;

  const onEnrolmentStatus = useCallback(
    (isRequired: boolean) => {
      if (isRequired === isEnrolmentRequired) return;
      dispatch(enrolmentRequiredSet(isRequired));
      if (isRequired || !session) return;
      const destination = resolvePostLoginRoute(session, null);
      if (destination.kind === 'navigate') void navigate(destination.to, { replace: true });
    },
    [dispatch, navigate, isEnrolmentRequired, session],
  );

  return <SecurityScreen isEnrolmentRequired={isEnrolmentRequired} onEnrolmentStatus={onEnrolmentStatus} />;
}
