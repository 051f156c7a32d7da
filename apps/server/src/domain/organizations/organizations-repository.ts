import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, type TOrganizationRow, type TUserRow, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';

export interface LockedAccount {
  user: TUserRow;
  organization: TOrganizationRow | undefined;
}

/**
 * The user row, locked until the transaction ends, and its organisation. Locking the user
 * serialises concurrent profile saves of one account, so two first saves cannot create two
 * organisations.
 */
export async function lockAccount(tx: Db, userId: string): Promise<LockedAccount> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update').limit(1);
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  if (!user.organizationId) return { user, organization: undefined };
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, user.organizationId))
    .limit(1);
  return { user, organization };
}

export async function findOrganizationsByNpi(db: Db, npiNumber: string): Promise<TOrganizationRow[]> {
  return db.select().from(organizations).where(eq(organizations.npiNumber, npiNumber));
}
