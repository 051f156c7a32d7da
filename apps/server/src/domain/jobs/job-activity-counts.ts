import type { Db } from '../../db/index.ts';

export interface JobActivityCounts {
  /** Candidates who applied to the job. */
  applicantCount: number;
  /** Matches (invites) between the job and candidates, in any state. */
  matchCount: number;
}

export const NO_ACTIVITY: JobActivityCounts = Object.freeze({ applicantCount: 0, matchCount: 0 });

/**
 * Applicant and match counts of the given jobs, by job id; every id asked for is in the answer.
 * This is the one place job lists, job reads and job deletion learn about applications and
 * matches. MedHire stores no applications or matches yet, so every job has none; the
 * applications and matches storage counts its rows here (one grouped query per table).
 */
export async function countJobActivity(
  _db: Db,
  jobIds: readonly string[],
): Promise<Map<string, JobActivityCounts>> {
  return new Map(jobIds.map((jobId) => [jobId, NO_ACTIVITY]));
}

/** The counts of one job. */
export async function countOneJobActivity(db: Db, jobId: string): Promise<JobActivityCounts> {
  return (await countJobActivity(db, [jobId])).get(jobId) ?? NO_ACTIVITY;
}
