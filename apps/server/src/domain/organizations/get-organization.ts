import { SESSION_CODE } from '@medhire/contract/account';
import type { TGetOrganizationData, TSyncUserDetailData } from '@medhire/contract/organization';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { findOrganizationById, findUserById, toUserView } from '../auth/accounts-repository.ts';
import { organizationAnswer } from './organization-answer.ts';
import { toOrganizationView } from './organization-view.ts';

async function loadAccount(db: Db, userId: string) {
  const user = await findUserById(db, userId);
  if (!user) throw new AppError('NOT_FOUND', 'This account no longer exists.');
  const organization = user.organizationId ? await findOrganizationById(db, user.organizationId) : undefined;
  return { user, organization };
}

/** The signed-in employer's organisation; null until the employer sets one up. */
export async function getOrganization({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TGetOrganizationData> {
  const { organization } = await loadAccount(db, userId);
  return { organization: organization ? toOrganizationView(organization) : null };
}

/** Session sync: the stored user, the session code the client routes by, and the organisation. */
export async function syncUserDetailWithOrganization({
  db,
  userId,
}: {
  db: Db;
  userId: string;
}): Promise<TSyncUserDetailData> {
  const { user, organization } = await loadAccount(db, userId);
  if (organization) return organizationAnswer(user, organization);
  return { user: toUserView(user), code: SESSION_CODE.PROFILE_NOT_ESTABLISHED, organization: null };
}
