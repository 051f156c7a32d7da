import {
  ACTIVITY_MESSAGES,
  type TActivityLogData,
  type TActivityType,
  type TGetActivityLogQueryParsed,
} from '@medhire/contract/activity';
import { and, count, eq, gte, inArray, lt, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { activityLog } from '../../db/schema/team.ts';
import { isActivityNotAboutHiddenPhysician } from '../physicians/hidden-organizations.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';

export interface GetActivityLogOptions {
  db: Db;
  /** The signed-in caller (request.account). */
  member: TeamMember;
  query: TGetActivityLogQueryParsed;
}

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600_000;

/**
 * The organisation's activity log, newest first, for its owner and admins (403 for other
 * roles). Only the caller's organisation's entries are read. A bare date `to` takes in its
 * whole day.
 */
export async function getActivityLog({
  db,
  member,
  query,
}: GetActivityLogOptions): Promise<TActivityLogData> {
  const { organizationId } = requireMemberRight(member, 'activity.read', ACTIVITY_MESSAGES.forbidden);
  const { pageSize, pageNumber } = query;
  if (!organizationId) return { items: [], total: 0, pageNumber, pageSize };

  // Entries about a physician who hid from the organisation are not shown to it.
  const conditions: SQL[] = [
    eq(activityLog.organizationId, organizationId),
    isActivityNotAboutHiddenPhysician(),
  ];
  if (query.memberId) conditions.push(eq(activityLog.actorUserId, query.memberId));
  if (query.type && query.type.length > 0) conditions.push(inArray(activityLog.type, query.type));
  if (query.from) conditions.push(gte(activityLog.createdAt, new Date(query.from)));
  if (query.to) {
    conditions.push(
      BARE_DATE.test(query.to)
        ? lt(activityLog.createdAt, new Date(Date.parse(query.to) + DAY_MS))
        : lte(activityLog.createdAt, new Date(query.to)),
    );
  }
  const where = and(...conditions);

  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(activityLog)
      .where(where)
      .orderBy(...newestFirst(activityLog.createdAt, activityLog.id))
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(activityLog).where(where),
  ]);
  return {
    items: rows.map((row) => ({
      _id: row.id,
      type: row.type as TActivityType,
      summary: row.summary,
      actor: { _id: row.actorUserId, name: row.actorName },
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      createdAt: row.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
