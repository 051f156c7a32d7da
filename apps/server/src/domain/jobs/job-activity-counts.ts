import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications, matches } from '../../db/schema/hiring.ts';

export interface JobActivityCounts {
  /** Candidates who applied to the job (or joined its pipeline by accepting an invite). */
  applicantCount: number;
  /** Matches (invites) between the job and candidates, in any state. */
  matchCount: number;
}

export const NO_ACTIVITY: JobActivityCounts = Object.freeze({ applicantCount: 0, matchCount: 0 });

/**
 * Applicant and match counts of the given jobs, by job id; every id asked for is in the answer.
 * This is the one place job lists, job reads and job deletion learn about applications and
 * matches: one grouped query per table, read through the job indexes of each.
 */
export async function countJobActivity(
  db: Db,
  jobIds: readonly string[],
): Promise<Map<string, JobActivityCounts>> {
  const counts = new Map<string, JobActivityCounts>(jobIds.map((jobId) => [jobId, NO_ACTIVITY]));
  if (jobIds.length === 0) return counts;
  const ids = [...new Set(jobIds)];

  const applicationCounts = await db
    .select({ jobId: applications.jobId, total: count() })
    .from(applications)
    .where(inArray(applications.jobId, ids))
    .groupBy(applications.jobId);
  const matchCounts = await db
    .select({ jobId: matches.jobId, total: count() })
    .from(matches)
    .where(inArray(matches.jobId, ids))
    .groupBy(matches.jobId);

  for (const row of applicationCounts) {
    counts.set(row.jobId, { ...(counts.get(row.jobId) ?? NO_ACTIVITY), applicantCount: row.total });
  }
  for (const row of matchCounts) {
    counts.set(row.jobId, { ...(counts.get(row.jobId) ?? NO_ACTIVITY), matchCount: row.total });
  }
  return counts;
}

/** The counts of one job. */
export async function countOneJobActivity(db: Db, jobId: string): Promise<JobActivityCounts> {
  return (await countJobActivity(db, [jobId])).get(jobId) ?? NO_ACTIVITY;
}
