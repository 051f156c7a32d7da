import { PHYSICIAN_ACCOUNT_MESSAGES } from '@medhire/contract/physician-account';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import type { TMemberRole } from '@medhire/contract/team-roles';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { accessRefusal } from './account-access.ts';
import { readAuthorizationToken } from './secret-token.ts';
import type { SessionCache } from './session-cache.ts';
import { type ActiveSession, findActiveSession } from './sessions.ts';
import { enrolmentRefusal } from './two-step-policy.ts';

/** Who is calling, as route handlers see it after authentication. */
export interface AccountIdentity {
  userId: string;
  sessionId: string;
  organizationId: string | null;
  email: string;
  /** The caller's role in its organisation's hiring team (domain/team/rights.ts). */
  memberRole: TMemberRole;
  /** False only for a delegate who has not accepted the Delegate Access agreement yet. */
  isDelegateAgreementAccepted: boolean;
  /** The session may only set up a second factor (domain/auth/two-step-policy.ts). */
  isEnrolmentRequired: boolean;
}

export const SIGN_IN_AGAIN_MESSAGE = 'Please sign in again.';

/**
 * Resolves the Authorization header to the caller's account, or throws: 401 when the token is
 * missing, unknown, revoked or idle too long; 401/403 with the reason when the account itself
 * may no longer use MedHire.
 */
async function resolveSession(
  db: Db,
  authorization: string | undefined,
  cache: SessionCache | undefined,
): Promise<ActiveSession> {
  const token = readAuthorizationToken(authorization);
  const active = token ? await findActiveSession(db, token, new Date(), cache) : undefined;
  if (!active) throw new AppError('UNAUTHENTICATED', SIGN_IN_AGAIN_MESSAGE);
  const refusal = accessRefusal(active.user);
  if (refusal) throw refusal;
  return active;
}

/** Employer routes answer a physician's token with this 403: the token is valid, just not for them. */
export function physicianAccountRefusal(): AppError {
  return new AppError('FORBIDDEN', PHYSICIAN_MESSAGES.physicianOnEmployerRoute, {
    reason: 'PHYSICIAN_ACCOUNT',
  });
}

/** Physician routes answer an employer's token with this 403. */
export function employerAccountRefusal(): AppError {
  return new AppError('FORBIDDEN', PHYSICIAN_MESSAGES.employerOnPhysicianRoute, {
    reason: 'EMPLOYER_ACCOUNT',
  });
}

/** `cache`: answer from this instance's session cache when it can (every HTTP route; sockets ask the database). */
export async function authenticateSession(
  db: Db,
  authorization: string | undefined,
  cache?: SessionCache,
): Promise<AccountIdentity> {
  const active = await resolveSession(db, authorization, cache);
  if (active.user.role !== 'employer') throw physicianAccountRefusal();
  return {
    userId: active.user.id,
    sessionId: active.session.id,
    organizationId: active.user.organizationId,
    email: active.user.email,
    memberRole: active.user.memberRole,
    isDelegateAgreementAccepted:
      active.user.memberRole !== 'delegate' || active.user.delegateAgreementAcceptedAt !== null,
    isEnrolmentRequired: active.session.enrolmentRequired,
  };
}

/** Who opened a socket: an employer or a physician, and the session it belongs to. */
export interface SessionIdentity {
  userId: string;
  sessionId: string;
  role: 'employer' | 'physician';
}

/**
 * Resolves a token of either side (sockets serve employers and physicians alike): 401 for a
 * missing or ended session, 401/403 when the account may no longer use MedHire.
 */
export async function authenticateAnySession(
  db: Db,
  authorization: string | undefined,
): Promise<SessionIdentity> {
  const active = await resolveSession(db, authorization, undefined);
  // Live updates are for members who may use the app: a session held to enrolment gets none.
  if (active.session.enrolmentRequired) throw enrolmentRefusal();
  return {
    userId: active.user.id,
    sessionId: active.session.id,
    role: active.user.role === 'physician' ? 'physician' : 'employer',
  };
}

/** A path's `{id}` must be the caller's own user id; anything else is refused without detail. */
export function assertOwnUserId(identity: AccountIdentity, idFromPath: string): void {
  if (identity.userId !== idFromPath) {
    throw new AppError('FORBIDDEN', 'You can only access your own account.');
  }
}

/** Who is calling a physician route. */
export interface PhysicianIdentity {
  physicianId: string;
  userId: string;
  sessionId: string;
}

/**
 * Resolves the Authorization header to a physician: 401 like the employer side for a missing or
 * ended session, 403 for an employer's token.
 */
export async function authenticatePhysicianSession(
  db: Db,
  authorization: string | undefined,
  cache?: SessionCache,
): Promise<PhysicianIdentity> {
  const active = await resolveSession(db, authorization, cache);
  if (active.user.role !== 'physician') throw employerAccountRefusal();
  if (!active.physicianId) throw new AppError('UNAUTHENTICATED', SIGN_IN_AGAIN_MESSAGE);
  // Sign-up opens no session before the e-mailed code comes back, but other ways in (the
  // professional-network sign-in, accounts made by earlier versions) might: an address nobody
  // proved to own must not apply, message or be notified in someone else's name.
  if (!active.user.emailVerifiedAt) {
    throw new AppError('FORBIDDEN', PHYSICIAN_ACCOUNT_MESSAGES.emailNotVerifiedOnRoute, {
      reason: 'EMAIL_NOT_VERIFIED',
    });
  }
  return { physicianId: active.physicianId, userId: active.user.id, sessionId: active.session.id };
}
