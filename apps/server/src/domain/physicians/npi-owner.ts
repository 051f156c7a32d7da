import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';

export const NPI_TAKEN_MESSAGE =
  'This NPI number belongs to another MedHire account. If that account is yours, sign in with its e-mail address (choose "Forgot password" on the sign-in page if you don\'t remember the password), then delete this account in Settings.';

/**
 * Refuses (409) an NPI number that another physician account already holds: one physician, one
 * account, so employers never see the same person twice. Runs in the transaction that stores the
 * number; the advisory lock (per number, until commit) makes two accounts saving the same number
 * at once take turns, so the second sees the first. A lock rather than a unique index: accounts
 * stored before this rule may share a number, and an index would refuse to build over them.
 */
export async function assertNpiIsFree(db: Db, npiNumber: string, physicianId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`physician-npi:${npiNumber}`}))`);
  const [holder] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(and(eq(physicians.npiNumber, npiNumber), ne(physicians.id, physicianId)))
    .limit(1);
  if (holder) throw new AppError('CONFLICT', NPI_TAKEN_MESSAGE, { reason: 'NPI_TAKEN' });
}
