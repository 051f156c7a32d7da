import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessRefusal } from './account-access.ts';
import { readAuthorizationToken } from './secret-token.ts';
import { findActiveSession } from './sessions.ts';

/** Who is calling, as route handlers see it after authentication. */
export interface AccountIdentity {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  email: string;
}

export const SIGN_IN_AGAIN_MESSAGE = 'Please sign in again.';

/**
 * Resolves the Authorization header to the caller's account, or throws: 401 when the token is
 * missing, unknown, revoked or idle too long; 401/403 with the reason when the account itself
 * may no longer use MedHire.
 */
export async function authenticateSession(
  db: Db,
  authorization: string | undefined,
): Promise<AccountIdentity> {
  const token = readAuthorizationToken(authorization);
  const active = token ? await findActiveSession(db, token) : undefined;
  if (!active) throw new AppError('UNAUTHENTICATED', SIGN_IN_AGAIN_MESSAGE);
  const refusal = accessRefusal(active.user);
  if (refusal) throw refusal;
  return {
    userId: active.user.id,
    sessionId: active.session.id,
    organizationId: active.user.organizationId,
    email: active.user.email,
  };
}

/** A path's `{id}` must be the caller's own user id; anything else is refused without detail. */
export function assertOwnUserId(identity: AccountIdentity, idFromPath: string): void {
  if (identity.userId !== idFromPath) {
    throw new AppError('FORBIDDEN', 'You can only access your own account.');
  }
}
