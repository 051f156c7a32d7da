import { randomUUID } from 'node:crypto';
import type { TArchiveProfileData } from '@medhire/contract/organization';
import { and, eq, isNull, like, or } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import {
  accountTokens,
  organizations,
  otpCodes,
  pushTokens,
  sessions,
  users,
} from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { oidcIdentities } from '../../db/schema/oidc.ts';
import { uploads } from '../../db/schema/uploads.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { deleteUploads } from '../uploads/delete-uploads.ts';
import type { FileStorage } from '../uploads/file-storage.ts';
import { closeOrganizationJobs } from './close-organization-jobs.ts';
import { lockAccount } from './organizations-repository.ts';

/** The address an erased account keeps: unique, and undeliverable by definition (RFC 2606). */
export function anonymousEmail(): string {
  return `deleted+${randomUUID()}@medhire.invalid`;
}

export interface ArchiveAccountOptions {
  db: Db;
  storage: FileStorage;
  userId: string;
  /** The session asking: an account with a second factor on needs a fresh second step in it. */
  sessionId: string;
}

/**
 * Deletes the employer's account. In one transaction: the account is marked archived and can
 * no longer sign in, its personal data is erased (the e-mail becomes an anonymous address, so
 * the real one is free to register again), every session ends, push registrations and pending
 * codes go. When the owner deletes the account, the organisation's open jobs close and its
 * contact details and media are cleared; an organisation listed from public records (it has an
 * NPI number) returns to draft, so the practice can be claimed again. Any other member deleting
 * their own account leaves the organisation as it is: the jobs and applicants they looked after
 * become unassigned. The uploaded files are deleted once that has committed.
 */
export async function archiveAccount({
  db,
  storage,
  userId,
  sessionId,
}: ArchiveAccountOptions): Promise<TArchiveProfileData> {
  await assertFreshSecondStep(db, userId, sessionId);
  const archived = await db.transaction(async (tx) => {
    const locked = await lockAccount(tx, userId);
    const { user } = locked;
    // Only the owner's account carries the organisation with it.
    const organization = user.memberRole === 'owner' ? locked.organization : undefined;
    const jobsClosed = organization ? await closeOrganizationJobs(tx, organization.id) : 0;
    if (locked.organization && !organization) {
      const organizationId = locked.organization.id;
      await tx
        .update(jobs)
        .set({ assigneeUserId: null })
        .where(and(eq(jobs.organizationId, organizationId), eq(jobs.assigneeUserId, userId)));
      await tx
        .update(applications)
        .set({ assigneeUserId: null })
        .where(and(eq(applications.organizationId, organizationId), eq(applications.assigneeUserId, userId)));
    }

    const ended = await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    await tx.delete(pushTokens).where(eq(pushTokens.userId, userId));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId));
    // The professional-network link holds the person's subject id and e-mail.
    await tx.delete(oidcIdentities).where(eq(oidcIdentities.userId, userId));
    await tx.delete(otpCodes).where(or(eq(otpCodes.email, user.email), like(otpCodes.email, `${userId}:%`)));
    await tx
      .update(users)
      .set({
        email: anonymousEmail(),
        passwordHash: null,
        emailVerifiedAt: null,
        isDelegate: false,
        archivedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));

    const dataErased = ['email', 'password', 'pushTokens', 'pendingCodes', 'professionalNetworkLink'];
    if (organization) {
      await tx
        .update(organizations)
        .set({
          practiceManagerName: null,
          email: null,
          phoneNumber: null,
          logo: null,
          media: [],
          status: organization.npiNumber ? 'draft' : organization.status,
          updatedAt: new Date(),
        })
        .where(eq(organizations.id, organization.id));
      dataErased.push(
        'organization.practiceManagerName',
        'organization.email',
        'organization.phoneNumber',
        'organization.logo',
        'organization.media',
      );
    }

    const uploaded = await tx
      .select({ key: uploads.key })
      .from(uploads)
      .where(eq(uploads.ownerUserId, userId));
    if (uploaded.length > 0) dataErased.push('uploads');
    return {
      sessionsEnded: ended.length,
      jobsClosed,
      dataErased,
      uploadKeys: uploaded.map(({ key }) => key),
    };
  });
  forgetCachedUser(userId);

  if (archived.uploadKeys.length > 0) {
    await deleteUploads({ db, storage, ownerUserId: userId, keys: archived.uploadKeys });
  }
  return {
    archived: true,
    sessionsEnded: archived.sessionsEnded,
    jobsClosed: archived.jobsClosed,
    dataErased: archived.dataErased,
  };
}
