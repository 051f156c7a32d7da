import { and, eq, isNull, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { can, type TRight } from './rights.ts';

/**
 * Items a member keeps for themselves or shares with their organisation (message templates,
 * saved views): one owner column, null for the organisation's shared ones. The rules are the same
 * for every such item and live here.
 */
export interface SharedItemColumns {
  organizationId: PgColumn;
  ownerUserId: PgColumn;
}

/**
 * Whether the member reads the organisation's shared items. A delegate is an outside recruiter
 * working only the jobs given to them: they keep personal items, the team's stay in house.
 */
export function readsShared(member: JobOwner): boolean {
  return member.memberRole !== 'delegate';
}

/**
 * The items a member may read (and so use): the organisation's shared ones (not for a delegate)
 * and their own. Another member's personal item is never among them, nor another organisation's.
 */
export function sharedItemsReadableBy(
  member: JobOwner & { organizationId: string },
  columns: SharedItemColumns,
): SQL {
  const own = eq(columns.ownerUserId, member.userId);
  return and(
    eq(columns.organizationId, member.organizationId),
    readsShared(member) ? or(isNull(columns.ownerUserId), own) : own,
  ) as SQL;
}

/** Whether the member may change or delete a (readable) item: their own, or a shared one with `right`. */
export function canEditSharedItem(member: JobOwner, ownerUserId: string | null, right: TRight): boolean {
  return ownerUserId === null ? can(member.memberRole ?? 'owner', right) : ownerUserId === member.userId;
}

/** The author's name as the item answers it: `known` when the caller has it, else read. */
export async function authorNameOf(
  db: Db,
  createdByUserId: string | null,
  known?: string | null,
): Promise<string | null> {
  if (known !== undefined) return known;
  if (!createdByUserId) return null;
  const [author] = await db
    .select({ fullName: users.fullName })
    .from(users)
    .where(eq(users.id, createdByUserId));
  return author?.fullName ?? null;
}

/** A unique-index violation (an item's name taken in its scope), as postgres.js or Drizzle wraps it. */
export function isUniqueViolation(cause: unknown): boolean {
  const error = cause as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return error?.code === '23505' || error?.cause?.code === '23505';
}
