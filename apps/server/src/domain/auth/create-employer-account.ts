import type { TAccountStatus } from '@medhire/contract/account';
import type { Db } from '../../db/index.ts';
import { type TUserRow, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from './password-hash.ts';

export interface CreateEmployerAccountOptions {
  db: Db;
  email: string;
  /** Omitted for accounts that choose a password later (a practice listed before it is claimed). */
  password?: string;
  accountStatus: TAccountStatus;
  organizationId?: string;
  isEmailVerified: boolean;
}

/** Creates an employer account directly, for trusted callers (demo data, claimed practices). */
export async function createEmployerAccount({
  db,
  email,
  password,
  accountStatus,
  organizationId,
  isEmailVerified,
}: CreateEmployerAccountOptions): Promise<TUserRow> {
  const [created] = await db
    .insert(users)
    .values({
      email: email.trim().toLowerCase(),
      passwordHash: password ? await hashPassword(password) : null,
      accountStatus,
      organizationId,
      emailVerifiedAt: isEmailVerified ? new Date() : null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!created) throw new AppError('CONFLICT', 'An account with this e-mail already exists.');
  return created;
}
