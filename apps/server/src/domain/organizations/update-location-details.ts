import type { TLocationDetail, TOrganizationUpdateData } from '@medhire/contract/organization';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { organizationAnswer } from './organization-answer.ts';
import { lockAccount } from './organizations-repository.ts';

export interface UpdateLocationDetailsOptions {
  db: Db;
  userId: string;
  locationsDetails: TLocationDetail[];
}

/**
 * Replaces the organisation's locations with the given places and keeps their details (site
 * names) beside them. The stated number of locations never drops below the places listed.
 */
export async function updateLocationDetails({
  db,
  userId,
  locationsDetails,
}: UpdateLocationDetailsOptions): Promise<TOrganizationUpdateData> {
  return db.transaction(async (tx) => {
    const { user, organization } = await lockAccount(tx, userId);
    if (!organization) {
      throw new AppError('BUSINESS_RULE', 'Set up your organization profile before adding locations.', {
        reason: 'ORGANIZATION_NOT_SET_UP',
      });
    }
    const locations = locationsDetails.map(({ description, coords }) => ({ description, coords }));
    const numberOfLocations = Math.max(organization.orgLocations?.numberOfLocations ?? 0, locations.length);
    const [updated] = await tx
      .update(organizations)
      .set({ orgLocations: { locations, numberOfLocations }, locationsDetails, updatedAt: new Date() })
      .where(eq(organizations.id, organization.id))
      .returning();
    if (!updated) throw new AppError('NOT_FOUND', 'This organization no longer exists.');
    return organizationAnswer(user, updated);
  });
}
