import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { activityLog, users } from '../../db/schema/index.ts';

/**
 * The kinds of entries the activity log keeps. Filters in the API and the web list these.
 */
export const ACTIVITY_TYPES = [
  'job.created',
  'job.edited',
  'job.status_changed',
  'job.deleted',
  'job.assigned',
  'applicant.assigned',
  'pipeline.moved',
  'invite.sent',
  'invite.cancelled',
  'message.deleted',
  'team.invited',
  'team.invitation_revoked',
  'team.member_joined',
  'team.role_changed',
  'team.member_removed',
  'team.ownership_transferred',
  'plan.changed',
  'organization.updated',
  'auth.new_device',
  'export.requested',
] as const;
export type TActivityType = (typeof ACTIVITY_TYPES)[number];

export interface ActivityEntry {
  organizationId: string;
  /** The member who acted; null for the system (renewals, webhooks). */
  actorUserId: string | null;
  type: TActivityType;
  summary: string;
  subjectType?: string;
  subjectId?: string;
  details?: Record<string, unknown>;
}

/**
 * Writes one activity-log entry through `db`, which should be the transaction of the change it
 * records so the log and the change commit together. The actor's name is copied at the time
 * (their full name, else their e-mail) so the entry keeps it after they leave.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  const actorName = entry.actorUserId
    ? sql`coalesce((select coalesce(${users.fullName}, ${users.email}) from ${users} where ${eq(users.id, entry.actorUserId)}), 'A former member')`
    : sql`'MedHire'`;
  await db.insert(activityLog).values({
    organizationId: entry.organizationId,
    actorUserId: entry.actorUserId,
    actorName,
    type: entry.type,
    summary: entry.summary,
    subjectType: entry.subjectType ?? null,
    subjectId: entry.subjectId ?? null,
    details: entry.details ?? {},
  });
}
