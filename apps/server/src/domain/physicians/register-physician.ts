import type { TPhysicianRegisterBody, TPhysicianSession } from '@medhire/contract/physicians';
import { ACCOUNT_LIMITS, spendAttempt } from '../auth/attempt-limiter.ts';
import type { AuthContext } from '../auth/context.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { createSession } from '../auth/sessions.ts';
import { createPhysicianAccounts } from './create-physician-accounts.ts';
import { getPhysicianProfile } from './get-physician-profile.ts';

export interface RegisterPhysicianOptions extends TPhysicianRegisterBody {
  context: Pick<AuthContext, 'db' | 'limiter'>;
  userAgent: string | undefined;
}

/**
 * Creates a physician account and signs it in at once. An e-mail that already has an account,
 * of either kind, is refused with 409.
 */
export async function registerPhysician({
  context,
  email,
  password,
  firstName,
  lastName,
  userAgent,
}: RegisterPhysicianOptions): Promise<TPhysicianSession> {
  const { db, limiter } = context;
  await spendAttempt(limiter, `register:${email}`, ACCOUNT_LIMITS.register);
  const passwordHash = await hashPassword(password);
  const [created] = await db.transaction((tx) =>
    createPhysicianAccounts({ db: tx, physicians: [{ email, firstName, lastName }], passwordHash }),
  );
  if (!created) throw new Error('The physician account was not created.');
  const token = await createSession(db, created.userId, userAgent);
  return { token, physician: await getPhysicianProfile({ db, physicianId: created.physicianId }) };
}
