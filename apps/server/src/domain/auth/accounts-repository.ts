import { SESSION_CODE, type TSessionCode, type TUser } from '@medhire/contract/account';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, type TOrganizationRow, type TUserRow, users } from '../../db/schema/accounts.ts';
import { rightsOf } from '../team/rights.ts';

export async function findUserByEmail(db: Db, email: string): Promise<TUserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Db, id: string): Promise<TUserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

export async function findOrganizationById(db: Db, id: string): Promise<TOrganizationRow | undefined> {
  const [organization] = await db.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return organization;
}

/** The user as the API shows it (ZUser). */
export function toUserView(user: TUserRow): TUser {
  return {
    _id: user.id,
    email: user.email,
    accountStatus: user.accountStatus,
    subscriptionStatus: user.subscriptionStatus,
    subscriptionMeta: user.subscriptionMeta,
    preferenceProbe: user.preferenceProbes,
    organizationId: user.organizationId,
    currentProfileStep: user.currentProfileStep,
    candidatePreferences: user.candidatePreferences ?? null,
    memberRole: user.memberRole,
    rights: rightsOf(user.memberRole),
    isDelegate: user.memberRole === 'delegate',
    fullName: user.fullName,
    delegateAgreementAccepted: user.memberRole !== 'delegate' || user.delegateAgreementAcceptedAt !== null,
  };
}

/**
 * An organisation profile is established once it has a name and at least one location; until
 * then the session code is 201 and the client keeps the employer on /establish-profile.
 */
export function isProfileEstablished(organization: TOrganizationRow | undefined): boolean {
  return Boolean(organization?.name?.trim()) && (organization?.orgLocations?.locations.length ?? 0) > 0;
}

export async function sessionCodeFor(db: Db, user: TUserRow): Promise<TSessionCode> {
  if (!user.organizationId) return SESSION_CODE.PROFILE_NOT_ESTABLISHED;
  const organization = await findOrganizationById(db, user.organizationId);
  return isProfileEstablished(organization) ? SESSION_CODE.COMPLETE : SESSION_CODE.PROFILE_NOT_ESTABLISHED;
}
