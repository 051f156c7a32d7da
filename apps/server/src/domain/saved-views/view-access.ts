import {
  SAVED_VIEW_MESSAGES,
  type TSavedView,
  type TSavedViewFilters,
  ZSavedViewFilters,
} from '@medhire/contract/saved-views';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { savedViews, type TSavedViewRow } from '../../db/schema/saved-views.ts';
import { AppError } from '../../lib/app-error.ts';
import { countApplicants } from '../applicants/list-applicants.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { can } from '../team/rights.ts';
import { authorNameOf, canEditSharedItem, sharedItemsReadableBy } from '../team/shared-items.ts';

export { isUniqueViolation as isNameTaken, readsShared } from '../team/shared-items.ts';

/** The member working with saved views: who they are, their organisation and role. */
export type ViewMember = JobOwner;

export function viewNotFound(): AppError {
  return new AppError('NOT_FOUND', SAVED_VIEW_MESSAGES.notFound);
}

/** Whether the member may create, rename and delete the organisation's shared views. */
export function canManageShared(member: ViewMember): boolean {
  return can(member.memberRole ?? 'owner', 'views.manage');
}

/** The views a member may read: the organisation's shared ones (not for a delegate) and their own. */
export function readableBy(member: ViewMember & { organizationId: string }): SQL {
  return sharedItemsReadableBy(member, savedViews);
}

/** Whether the member may rename or delete this (readable) view. */
export function canEdit(member: ViewMember, row: TSavedViewRow): boolean {
  return canEditSharedItem(member, row.ownerUserId, 'views.manage');
}

/** The stored filters read back through the list's schema: what the list would accept. */
export function storedFilters(row: TSavedViewRow): TSavedViewFilters {
  const parsed = ZSavedViewFilters.safeParse(row.filters);
  return parsed.success ? parsed.data : ZSavedViewFilters.parse({});
}

/**
 * How many applicants the view matches for this member: the applicant list's own count. A job
 * the member may no longer see (deleted, or a delegate's job taken back) counts none.
 */
export async function countOf(db: Db, member: ViewMember, filters: TSavedViewFilters): Promise<number> {
  try {
    return await countApplicants({ db, owner: member, query: filters });
  } catch (cause) {
    if (cause instanceof AppError && cause.code === 'NOT_FOUND') return 0;
    throw cause;
  }
}

/** The view as the API answers it, with its current count and its author's name. */
export async function toView(
  db: Db,
  member: ViewMember,
  row: TSavedViewRow,
  authorName?: string | null,
): Promise<TSavedView> {
  const fullName = await authorNameOf(db, row.createdByUserId, authorName);
  const filters = storedFilters(row);
  return {
    _id: row.id,
    name: row.name,
    kind: row.kind,
    scope: row.ownerUserId === null ? 'organization' : 'personal',
    filters,
    count: await countOf(db, member, filters),
    createdBy: row.createdByUserId ? { _id: row.createdByUserId, fullName: fullName ?? null } : null,
    canEdit: canEdit(member, row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function nameTaken(): AppError {
  return new AppError('CONFLICT', SAVED_VIEW_MESSAGES.nameTaken);
}
