import {
  SAVED_VIEW_MESSAGES,
  type TSavedView,
  type TSavedViewFilters,
  ZSavedViewFilters,
} from '@medhire/contract/saved-views';
import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { savedViews, type TSavedViewRow } from '../../db/schema/saved-views.ts';
import { AppError } from '../../lib/app-error.ts';
import { countApplicants } from '../applicants/list-applicants.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { can } from '../team/rights.ts';

/** The member working with saved views: who they are, their organisation and role. */
export type ViewMember = JobOwner;

export function viewNotFound(): AppError {
  return new AppError('NOT_FOUND', SAVED_VIEW_MESSAGES.notFound);
}

/** Whether the member may create, rename and delete the organisation's shared views. */
export function canManageShared(member: ViewMember): boolean {
  return can(member.memberRole ?? 'owner', 'views.manage');
}

/**
 * Whether the member reads the organisation's shared views. A delegate works only the jobs given
 * to them, as with templates: they keep personal views, the team's views stay in house.
 */
export function readsShared(member: ViewMember): boolean {
  return member.memberRole !== 'delegate';
}

/** The views a member may read: the organisation's shared ones (not for a delegate) and their own. */
export function readableBy(member: ViewMember & { organizationId: string }): SQL {
  const own = eq(savedViews.ownerUserId, member.userId);
  return and(
    eq(savedViews.organizationId, member.organizationId),
    readsShared(member) ? or(isNull(savedViews.ownerUserId), own) : own,
  ) as SQL;
}

/** Whether the member may rename or delete this (readable) view. */
export function canEdit(member: ViewMember, row: TSavedViewRow): boolean {
  return row.ownerUserId === null ? canManageShared(member) : row.ownerUserId === member.userId;
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
  let fullName = authorName;
  if (fullName === undefined && row.createdByUserId) {
    const [author] = await db
      .select({ fullName: users.fullName })
      .from(users)
      .where(eq(users.id, row.createdByUserId));
    fullName = author?.fullName ?? null;
  }
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

/** A unique-index violation: the name is taken in the view's scope. */
export function isNameTaken(cause: unknown): boolean {
  const error = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return error?.code === '23505' || error?.cause?.code === '23505';
}

export function nameTaken(): AppError {
  return new AppError('CONFLICT', SAVED_VIEW_MESSAGES.nameTaken);
}
