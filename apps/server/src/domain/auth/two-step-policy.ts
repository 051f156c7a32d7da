import { SECURITY_MESSAGES } from '@medhire/contract/security';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, type TUserRow } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { routeKey } from '../team/route-rights.ts';
import { secondStepMethodsFor } from './second-factor/second-factor.ts';

/**
 * The only employer routes a session under enrolment may call (an organisation requiring
 * two-step sign-in, a member without a second factor): signing out, the shell's session sync,
 * and setting up the authenticator app. Kept short on purpose; the walk over every route in
 * test/routes/employer/two-step-policy-walk.test.ts holds everything else to 403.
 */
export const OPEN_DURING_ENROLMENT: ReadonlySet<string> = new Set([
  'POST /api/employer/auth/logout',
  'GET /api/employer/auth/sync-user-detail/:id',
  'GET /api/employer/auth/security',
  'POST /api/employer/auth/totp/start-enrolment',
  'POST /api/employer/auth/totp/confirm-enrolment',
]);

export function enrolmentRefusal(): AppError {
  return new AppError('TWO_STEP_ENROLMENT_REQUIRED', SECURITY_MESSAGES.enrolmentRequired);
}

/**
 * Whether a session about to open for `user` without a second step must be held to enrolment:
 * their organisation requires two-step sign-in and they have no second factor yet.
 */
export async function isEnrolmentRequiredFor(db: Db, user: TUserRow): Promise<boolean> {
  if (user.role !== 'employer' || !user.organizationId) return false;
  const [organization] = await db
    .select({ isTwoStepRequired: organizations.isTwoStepRequired })
    .from(organizations)
    .where(eq(organizations.id, user.organizationId))
    .limit(1);
  if (!organization?.isTwoStepRequired) return false;
  // An authenticator app or a passkey: either one is a second factor.
  return (await secondStepMethodsFor(db, user.id)).length === 0;
}

/**
 * The one check (app.authenticate) that holds a session under enrolment to OPEN_DURING_ENROLMENT:
 * every other employer route answers 403 TWO_STEP_ENROLMENT_REQUIRED.
 */
export function assertEnrolmentAllows(
  account: { isEnrolmentRequired: boolean },
  method: string,
  url: string | undefined,
): void {
  if (!account.isEnrolmentRequired) return;
  if (url && OPEN_DURING_ENROLMENT.has(routeKey(method, url))) return;
  throw enrolmentRefusal();
}
