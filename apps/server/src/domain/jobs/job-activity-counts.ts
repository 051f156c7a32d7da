import type { TJobInviteCounts } from '@medhire/contract/jobs';
import { count, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications, matches } from '../../db/schema/hiring.ts';

export interface JobActivityCounts {
  /** Candidates who applied to the job (or joined its pipeline by accepting an invite). */
  applicantCount: number;
  /** Matches (invites) between the job and candidates, in any state. */
  matchCount: number;
  /** The invites by answer (cancelled ones count in matchCount only). */
  inviteCounts: TJobInviteCounts;
}

export const NO_INVITES: TJobInviteCounts = Object.freeze({ pending: 0, accepted: 0, declined: 0 });

export const NO_ACTIVITY: JobActivityCounts = Object.freeze({
  applicantCount: 0,
  matchCount: 0,
  inviteCounts: NO_INVITES,
});

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
    .select({ jobId: matches.jobId, status: matches.status, total: count() })
    .from(matches)
    .where(inArray(matches.jobId, ids))
    .groupBy(matches.jobId, matches.status);

  for (const row of applicationCounts) {
    counts.set(row.jobId, { ...(counts.get(row.jobId) ?? NO_ACTIVITY), applicantCount: row.total });
  }
  for (const row of matchCounts) {
    const current = counts.get(row.jobId) ?? NO_ACTIVITY;
    const inviteCounts =
      row.status === 'cancelled'
        ? current.inviteCounts
        : { ...current.inviteCounts, [row.status]: row.total };
    counts.set(row.jobId, { ...current, matchCount: current.matchCount + row.total, inviteCounts });
  }
  return counts;
}

/** The counts of one job. */
export async function countOneJobActivity(db: Db, jobId: string): Promise<JobActivityCounts> {
  return (await countJobActivity(db, [jobId])).get(jobId) ?? NO_ACTIVITY;
}
