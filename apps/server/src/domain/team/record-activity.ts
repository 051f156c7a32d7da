import { ACTIVITY_TYPES, type TActivityType } from '@medhire/contract/activity';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { activityLog, users } from '../../db/schema/index.ts';

/** The kinds of entries the activity log keeps: the contract's list, which filters in the API and the web use. */
export { ACTIVITY_TYPES, type TActivityType };

export interface ActivityEntry {
  organizationId: string;
  /** The member who acted; null for the system (renewals, webhooks). */
  actorUserId: string | null;
  type: TActivityType;
  summary: string;
  subjectType?: string;
  subjectId?: string;
  details?: Record<string, unknown>;
  /** When it happened; now unless given (the demo data records its changes over past weeks). */
  createdAt?: Date;
}

/**
 * Writes one activity-log entry through `db`, which should be the transaction of the change it
 * records so the log and the change commit together. The actor's name is copied at the time
 * (their full name, else their e-mail) so the entry keeps it after they leave.
 */
export async function recordActivity(db: Db, entry: ActivityEntry): Promise<void> {
  await recordActivities(db, [entry]);
}

/**
 * Writes several entries in one statement (a bulk action's lines), with recordActivity's rules:
 * through the transaction of the change, each actor's name copied at the time.
 */
export async function recordActivities(db: Db, entries: readonly ActivityEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activityLog).values(
    entries.map((entry) => ({
      organizationId: entry.organizationId,
      actorUserId: entry.actorUserId,
      actorName: entry.actorUserId
        ? sql`coalesce((select coalesce(${users.fullName}, ${users.email}) from ${users} where ${eq(users.id, entry.actorUserId)}), 'A former member')`
        : sql`'MedHire'`,
      type: entry.type,
      summary: entry.summary,
      subjectType: entry.subjectType ?? null,
      subjectId: entry.subjectId ?? null,
      details: entry.details ?? {},
      ...(entry.createdAt ? { createdAt: entry.createdAt } : {}),
    })),
  );
}
