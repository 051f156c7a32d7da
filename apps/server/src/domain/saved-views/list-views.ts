import type { TSavedViewListData } from '@medhire/contract/saved-views';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { savedViews } from '../../db/schema/saved-views.ts';
import { readableBy, toView, type ViewMember } from './view-access.ts';

export interface ListViewsOptions {
  db: Db;
  member: ViewMember;
}

/**
 * The views the member may open, shared ones first, then their own, each by name, each with
 * the number of applicants it matches for this member now (the list's own count).
 */
export async function listViews({ db, member }: ListViewsOptions): Promise<TSavedViewListData> {
  const { organizationId } = member;
  if (!organizationId) return { views: [] };
  const rows = await db
    .select({ view: savedViews, authorName: users.fullName })
    .from(savedViews)
    .leftJoin(users, eq(users.id, savedViews.createdByUserId))
    .where(readableBy({ ...member, organizationId }))
    .orderBy(
      sql`${savedViews.ownerUserId} is not null`,
      asc(sql`lower(${savedViews.name})`),
      asc(savedViews.id),
    );
  return {
    views: await Promise.all(rows.map(({ view, authorName }) => toView(db, member, view, authorName))),
  };
}
