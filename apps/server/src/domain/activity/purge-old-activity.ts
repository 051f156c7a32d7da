import { ACTIVITY_RETENTION_YEARS } from '@medhire/contract/activity';
import { lt } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { activityLog } from '../../db/schema/team.ts';

/** Runs the activity log's retention (scheduled on the job queue). */
export const ACTIVITY_RETENTION_QUEUE = 'activity-retention';

/** The oldest time an entry may have at `now`: the same day two years earlier. */
export function activityRetentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - ACTIVITY_RETENTION_YEARS);
  return cutoff;
}

/** Deletes activity-log entries older than two years; answers how many went. */
export async function purgeOldActivity(db: Db, now = new Date()): Promise<number> {
  const deleted = await db
    .delete(activityLog)
    .where(lt(activityLog.createdAt, activityRetentionCutoff(now)))
    .returning({ id: activityLog.id });
  return deleted.length;
}
