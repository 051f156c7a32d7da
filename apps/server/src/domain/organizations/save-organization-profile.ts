import type {
  TLocationDetail,
  TOrganizationDetails,
  TOrganizationUpdateData,
} from '@medhire/contract/organization';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, type TOrganizationRow, type TUserRow, users } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { forgetCachedUser } from '../auth/session-cache.ts';
import { allEnums } from '../reference/reference-data.ts';
import { recordActivity } from '../team/record-activity.ts';
import { deleteUploads } from '../uploads/delete-uploads.ts';
import type { FileStorage } from '../uploads/file-storage.ts';
import { bodyFieldError } from './field-error.ts';
import { organizationAnswer } from './organization-answer.ts';
import { lockAccount } from './organizations-repository.ts';
import { resolveProfileAssets } from './profile-assets.ts';

export interface SaveOrganizationProfileOptions {
  db: Db;
  storage: FileStorage;
  userId: string;
  details: TOrganizationDetails;
  /** Upload keys of media the employer removed: they leave the profile and their files are deleted. */
  deletedImgskeys?: readonly string[] | undefined;
  /** Per-location details; left as stored when absent. */
  locationsDetails?: TLocationDetail[] | undefined;
}

const practiceTypeIds = new Set(allEnums.practiceType.map((value) => value._id));

/**
 * Creates the caller's organisation on the first save and replaces its profile on later ones:
 * what the form shows is what is stored, so an optional part left out (logo, media, social
 * links) is cleared. Saving it makes the organisation the owner's (`active`). Files of removed
 * media are deleted after the save commits, and only the caller's own.
 */
export async function saveOrganizationProfile({
  db,
  storage,
  userId,
  details,
  deletedImgskeys = [],
  locationsDetails,
}: SaveOrganizationProfileOptions): Promise<TOrganizationUpdateData> {
  if (!practiceTypeIds.has(details.features.practiceType)) {
    throw bodyFieldError('features.practiceType', 'Choose a practice type from the list.');
  }

  const saved = await db.transaction(async (tx) => {
    const { user, organization: current } = await lockAccount(tx, userId);
    const assets = await resolveProfileAssets({
      tx,
      storage,
      userId,
      current,
      logo: details.logo,
      media: details.media,
      deletedKeys: deletedImgskeys,
    });
    const profile = {
      name: details.organizationName,
      practiceManagerName: details.practiceManagerName,
      email: details.email,
      phoneNumber: details.phoneNumber,
      logo: assets.logo,
      orgLocations: details.orgLocations,
      features: details.features,
      media: assets.media,
      socialLinks: details.socialLinks ?? null,
      ...(locationsDetails ? { locationsDetails } : {}),
      status: 'active' as const,
      updatedAt: new Date(),
    };
    const result = current
      ? { user, organization: await updateOrganization(tx, current.id, profile) }
      : await createOrganization(tx, user, profile);
    await recordActivity(tx, {
      organizationId: result.organization.id,
      actorUserId: userId,
      type: 'organization.updated',
      summary: current
        ? `Saved the organization profile of ${result.organization.name ?? 'the organization'}`
        : `Created the organization profile of ${result.organization.name ?? 'the organization'}`,
      subjectType: 'organization',
      subjectId: result.organization.id,
    });
    return result;
  });
  // A first save links the account to its new organisation: the next request, answered from this
  // instance's session cache, must already see it.
  forgetCachedUser(userId);

  if (deletedImgskeys.length > 0) {
    await deleteUploads({ db, storage, ownerUserId: userId, keys: deletedImgskeys });
  }
  return organizationAnswer(saved.user, saved.organization);
}

type OrganizationProfile = Partial<typeof organizations.$inferInsert>;

async function updateOrganization(
  tx: Db,
  id: string,
  profile: OrganizationProfile,
): Promise<TOrganizationRow> {
  const [updated] = await tx.update(organizations).set(profile).where(eq(organizations.id, id)).returning();
  if (!updated) throw new AppError('NOT_FOUND', 'This organization no longer exists.');
  return updated;
}

async function createOrganization(
  tx: Db,
  user: TUserRow,
  profile: OrganizationProfile,
): Promise<{ user: TUserRow; organization: TOrganizationRow }> {
  const [organization] = await tx.insert(organizations).values(profile).returning();
  if (!organization) throw new Error('The organization could not be created.');
  const [linked] = await tx
    .update(users)
    .set({ organizationId: organization.id, updatedAt: new Date() })
    .where(eq(users.id, user.id))
    .returning();
  return { user: linked ?? user, organization };
}
