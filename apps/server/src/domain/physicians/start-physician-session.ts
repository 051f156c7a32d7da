import type { TPhysicianSession } from '@medhire/contract/physicians';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { TUserRow } from '../../db/schema/accounts.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordNewDeviceSignIn } from '../auth/new-device.ts';
import { createSession } from '../auth/sessions.ts';
import { getPhysicianProfile } from './get-physician-profile.ts';

/**
 * Opens a session for a physician account that has been let in (by the professional network's
 * sign-in, hence the factor 'oidc') and answers it like password sign-in: `{ token, physician }`.
 */
export async function startPhysicianSession(
  db: Db,
  user: TUserRow,
  userAgent: string | undefined,
): Promise<TPhysicianSession> {
  const [physician] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(eq(physicians.userId, user.id))
    .limit(1);
  if (!physician) throw new AppError('NOT_FOUND', 'This physician account has no profile.');
  const token = await db.transaction(async (tx) => {
    await recordNewDeviceSignIn(tx, user, userAgent);
    return createSession(tx, user.id, userAgent, { factors: ['oidc'] });
  });
  return { token, physician: await getPhysicianProfile({ db, physicianId: physician.id }) };
}
