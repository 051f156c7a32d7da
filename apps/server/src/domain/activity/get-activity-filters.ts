import {
  ACTIVITY_MESSAGES,
  ACTIVITY_TYPE_LABELS,
  ACTIVITY_TYPES,
  type TActivityFiltersData,
} from '@medhire/contract/activity';
import { and, asc, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { activityLog } from '../../db/schema/team.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';

export interface GetActivityFiltersOptions {
  db: Db;
  /** The signed-in caller (request.account). */
  member: TeamMember;
}

/**
 * What the activity log can be filtered by: every type, and every member — the team today,
 * then those who have left but whose entries remain (under the name they had then).
 */
export async function getActivityFilters({
  db,
  member,
}: GetActivityFiltersOptions): Promise<TActivityFiltersData> {
  const { organizationId } = requireMemberRight(member, 'activity.read', ACTIVITY_MESSAGES.forbidden);
  const types = ACTIVITY_TYPES.map((type) => ({ _id: type, label: ACTIVITY_TYPE_LABELS[type] }));
  if (!organizationId) return { types, members: [] };

  const current = await db
    .select({ id: users.id, name: sql<string>`coalesce(${users.fullName}, ${users.email})` })
    .from(users)
    .where(and(eq(users.organizationId, organizationId), eq(users.role, 'employer')))
    .orderBy(asc(sql`lower(coalesce(${users.fullName}, ${users.email}))`));
  // The newest name each actor of the log had; DISTINCT ON keeps one row per actor.
  const actors = await db
    .selectDistinctOn([activityLog.actorUserId], { id: activityLog.actorUserId, name: activityLog.actorName })
    .from(activityLog)
    .where(and(eq(activityLog.organizationId, organizationId), isNotNull(activityLog.actorUserId)))
    .orderBy(activityLog.actorUserId, desc(activityLog.createdAt));

  const currentIds = new Set(current.map((member) => member.id));
  const former = actors
    .filter((actor): actor is { id: string; name: string } => actor.id !== null && !currentIds.has(actor.id))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    types,
    members: [
      ...current.map((member) => ({ _id: member.id, name: member.name, isFormer: false })),
      ...former.map((actor) => ({ _id: actor.id, name: actor.name, isFormer: true })),
    ],
  };
}
