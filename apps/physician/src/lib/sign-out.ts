import { api } from './api.ts';
import { request } from './http.ts';
import { forgetCachedAnswers } from './service-worker.ts';
import { signedOut } from './session-slice.ts';

type Dispatch = (action: unknown) => unknown;

/**
 * Ends the session on the server (best effort: offline, the token is forgotten here anyway) and
 * everything this browser kept for the person: the cache, the answers the service worker kept.
 */
export async function signOut(dispatch: Dispatch, token: string | undefined, notice?: string): Promise<void> {
  if (token) await request('POST', '/employee/auth/logout', { token }).catch(() => undefined);
  dispatch(signedOut(notice));
  dispatch(api.util.resetApiState());
  await forgetCachedAnswers();
}
