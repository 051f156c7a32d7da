import type { TJobInviteCounts } from '@medhire/contract/jobs';
import { and, count, inArray, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications, jobActivityCounts, matches } from '../../db/schema/hiring.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';

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
 * A job_activity_counts row as the job list reads it: applicants, invites, pending, accepted,
 * declined; all null when the job has no row (the list's left join).
 */
export type JobFigures =
  | readonly [number, number, number, number, number]
  | readonly [null, null, null, null, null];

/** The figures of a job_activity_counts row; none (zero) when the job has no row. */
export function jobActivityFromFigures(figures: JobFigures): JobActivityCounts {
  if (figures[0] === null) return NO_ACTIVITY;
  const [applicantCount, matchCount, pending, accepted, declined] = figures;
  return { applicantCount, matchCount, inviteCounts: { pending, accepted, declined } };
}

/**
 * Applicant and match counts of the given jobs, by job id; every id asked for is in the answer.
 * This is the one place job reads and job deletion learn about applications and matches. The
 * figures the employer sees come from job_activity_counts, kept by the writes (migration 0036);
 * whether a job may be deleted counts everyone, hidden physicians too, from the rows themselves.
 */
export async function countJobActivity(
  db: Db,
  jobIds: readonly string[],
  options: CountJobActivityOptions = {},
): Promise<Map<string, JobActivityCounts>> {
  if (options.isIncludingHidden) return countJobActivityFromRows(db, jobIds, options);
  const counts = new Map<string, JobActivityCounts>(jobIds.map((jobId) => [jobId, NO_ACTIVITY]));
  if (jobIds.length === 0) return counts;
  const rows = await db
    .select()
    .from(jobActivityCounts)
    .where(inArray(jobActivityCounts.jobId, [...new Set(jobIds)]));
  for (const row of rows) {
    counts.set(
      row.jobId,
      jobActivityFromFigures([row.applicants, row.invites, row.pending, row.accepted, row.declined]),
    );
  }
  return counts;
}

/**
 * The same figures counted from the applications and invites themselves: one grouped query per
 * table, read through the job indexes of each. What job_activity_counts must always equal.
 */
export async function countJobActivityFromRows(
  db: Db,
  jobIds: readonly string[],
  options: CountJobActivityOptions = {},
): Promise<Map<string, JobActivityCounts>> {
  // Shown figures leave out physicians who hid from the organisation; whether a job may be
  // deleted counts everyone, so a hidden physician's application is never deleted with it.
  const shown = (physicianId: SQLWrapper, organizationId: SQLWrapper) =>
    options.isIncludingHidden ? undefined : isNotHiddenFrom(organizationId, physicianId);
  const counts = new Map<string, JobActivityCounts>(jobIds.map((jobId) => [jobId, NO_ACTIVITY]));
  if (jobIds.length === 0) return counts;
  const ids = [...new Set(jobIds)];

  const applicationCounts = await db
    .select({ jobId: applications.jobId, total: count() })
    .from(applications)
    .where(
      and(inArray(applications.jobId, ids), shown(applications.physicianId, applications.organizationId)),
    )
    .groupBy(applications.jobId);
  const matchCounts = await db
    .select({ jobId: matches.jobId, status: matches.status, total: count() })
    .from(matches)
    .where(and(inArray(matches.jobId, ids), shown(matches.physicianId, matches.organizationId)))
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

export interface CountJobActivityOptions {
  /** Count physicians who hid from the organisation too (deciding whether a job may be deleted). */
  isIncludingHidden?: boolean;
}

/** The counts of one job. */
export async function countOneJobActivity(
  db: Db,
  jobId: string,
  options: CountJobActivityOptions = {},
): Promise<JobActivityCounts> {
  return (await countJobActivity(db, [jobId], options)).get(jobId) ?? NO_ACTIVITY;
}
