import type { TDashboardActivity, TDashboardSummary } from '@medhire/contract/dashboard';
import {
  MATCH_STATUSES,
  PIPELINE_STATUSES,
  type TMatchStatus,
  type TPipelineStatus,
} from '@medhire/contract/matches';
import { and, count, countDistinct, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applicationEvents, applications, matches, savedApplicants } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobCondition, delegateJobRowCondition } from '../team/member-scope.ts';

export interface GetDashboardSummaryOptions {
  db: Db;
  owner: JobOwner;
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKS_SHOWN = 8;
const ACTIVITY_SHOWN = 10;

/** Midnight UTC of the Monday of the date's week. */
export function mondayOf(date: Date): Date {
  const midnight = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  const daysSinceMonday = (new Date(midnight).getUTCDay() + 6) % 7;
  return new Date(midnight - daysSinceMonday * DAY_MS);
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function zeroed<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

function emptySummary(now: Date): TDashboardSummary {
  const firstWeek = mondayOf(now).getTime() - (WEEKS_SHOWN - 1) * 7 * DAY_MS;
  return {
    openJobs: 0,
    draftJobs: 0,
    totalApplicants: 0,
    newApplicants: 0,
    savedApplicants: 0,
    matchesByStatus: zeroed(MATCH_STATUSES),
    pipeline: zeroed(PIPELINE_STATUSES),
    applicationsByWeek: Array.from({ length: WEEKS_SHOWN }, (_, week) => ({
      weekStart: isoDay(new Date(firstWeek + week * 7 * DAY_MS)),
      count: 0,
    })),
    recentActivity: [],
  };
}

const physicianName = sql<string>`'Dr. ' || ${physicians.firstName} || ' ' || ${physicians.lastName}`;

/**
 * What /home shows at a glance: the organisation's jobs by status, applicants (all, new in the
 * last 7 days, saved), matches by status, the pipeline funnel, applications per week for the
 * last 8 weeks (weeks start on Monday, UTC) and the 10 latest events. Each figure is one
 * grouped query on the organisation's rows.
 */
export async function getDashboardSummary({
  db,
  owner,
  now = new Date(),
}: GetDashboardSummaryOptions): Promise<TDashboardSummary> {
  const summary = emptySummary(now);
  const organizationId = owner.organizationId;
  if (!organizationId) return summary;

  const jobCounts = await db
    .select({ status: jobs.status, total: count() })
    .from(jobs)
    .where(and(eq(jobs.organizationId, organizationId), delegateJobCondition(owner)))
    .groupBy(jobs.status);
  for (const row of jobCounts) {
    if (row.status === 'open') summary.openJobs = row.total;
    if (row.status === 'draft') summary.draftJobs = row.total;
  }

  const weekFrom = new Date(`${summary.applicationsByWeek[0]?.weekStart ?? isoDay(now)}T00:00:00Z`);
  const newSince = new Date(now.getTime() - 7 * DAY_MS);
  const [applicantTotals] = await db
    .select({
      totalApplicants: countDistinct(applications.physicianId),
      newApplicants:
        sql<number>`count(*) filter (where ${applications.createdAt} >= ${newSince.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(applications)
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
        delegateJobRowCondition(owner, applications.jobId),
      ),
    );
  summary.totalApplicants = applicantTotals?.totalApplicants ?? 0;
  summary.newApplicants = applicantTotals?.newApplicants ?? 0;

  const [saved] = await db
    .select({ total: count() })
    .from(savedApplicants)
    .where(
      and(
        eq(savedApplicants.organizationId, organizationId),
        isNotHiddenFrom(organizationId, savedApplicants.physicianId),
      ),
    );
  summary.savedApplicants = saved?.total ?? 0;

  const matchCounts = await db
    .select({ status: matches.status, total: count() })
    .from(matches)
    .where(
      and(
        eq(matches.organizationId, organizationId),
        isNotHiddenFrom(organizationId, matches.physicianId),
        delegateJobRowCondition(owner, matches.jobId),
      ),
    )
    .groupBy(matches.status);
  for (const row of matchCounts) summary.matchesByStatus[row.status as TMatchStatus] = row.total;

  const stageCounts = await db
    .select({ status: applications.pipelineStatus, total: count() })
    .from(applications)
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
        delegateJobRowCondition(owner, applications.jobId),
      ),
    )
    .groupBy(applications.pipelineStatus);
  for (const row of stageCounts) summary.pipeline[row.status as TPipelineStatus] = row.total;

  const weekStart = sql<string>`to_char(date_trunc('week', ${applications.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const weekCounts = await db
    .select({ weekStart, total: count() })
    .from(applications)
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
        gte(applications.createdAt, weekFrom),
        delegateJobRowCondition(owner, applications.jobId),
      ),
    )
    .groupBy(weekStart);
  const countsByWeek = new Map(weekCounts.map((row) => [row.weekStart, row.total]));
  for (const week of summary.applicationsByWeek) week.count = countsByWeek.get(week.weekStart) ?? 0;

  summary.recentActivity = await loadRecentActivity(db, organizationId, owner);
  return summary;
}

/**
 * The latest events of the organisation, newest first: applications and pipeline moves (from
 * the application timeline), invites sent, and invites answered. Each source gives its own
 * latest few through its organisation index; the merge keeps the overall latest.
 */
async function loadRecentActivity(
  db: Db,
  organizationId: string,
  owner: JobOwner,
): Promise<TDashboardActivity[]> {
  const eventRows = await db
    .select({
      at: applicationEvents.createdAt,
      fromStatus: applicationEvents.fromStatus,
      toStatus: applicationEvents.toStatus,
      physicianId: applications.physicianId,
      name: physicianName,
      jobId: applications.jobId,
      jobTitle: jobs.title,
    })
    .from(applicationEvents)
    .innerJoin(applications, eq(applications.id, applicationEvents.applicationId))
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(physicians, eq(physicians.id, applications.physicianId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        isNotHiddenFrom(organizationId, applications.physicianId),
        delegateJobRowCondition(owner, applications.jobId),
        // An accepted invite opens its application too; the answer itself is the event shown.
        sql`not (${applicationEvents.fromStatus} is null and ${applications.source} = 'match')`,
      ),
    )
    .orderBy(desc(applicationEvents.createdAt), desc(applicationEvents.id))
    .limit(ACTIVITY_SHOWN);

  const matchColumns = {
    status: matches.status,
    createdAt: matches.createdAt,
    updatedAt: matches.updatedAt,
    respondedAt: matches.respondedAt,
    physicianId: matches.physicianId,
    name: physicianName,
    jobId: matches.jobId,
    jobTitle: jobs.title,
  };
  const invited = await db
    .select(matchColumns)
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(physicians, eq(physicians.id, matches.physicianId))
    .where(
      and(
        eq(matches.organizationId, organizationId),
        isNotHiddenFrom(organizationId, matches.physicianId),
        delegateJobRowCondition(owner, matches.jobId),
      ),
    )
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(ACTIVITY_SHOWN);
  const answered = await db
    .select(matchColumns)
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(physicians, eq(physicians.id, matches.physicianId))
    .where(
      and(
        eq(matches.organizationId, organizationId),
        isNotHiddenFrom(organizationId, matches.physicianId),
        delegateJobRowCondition(owner, matches.jobId),
        inArray(matches.status, ['accepted', 'declined']),
        isNotNull(matches.respondedAt),
      ),
    )
    .orderBy(desc(matches.respondedAt), desc(matches.id))
    .limit(ACTIVITY_SHOWN);

  // A cancelled invite has no answer; the cancellation is its last change.
  const cancelled = await db
    .select(matchColumns)
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(physicians, eq(physicians.id, matches.physicianId))
    .where(
      and(
        eq(matches.organizationId, organizationId),
        isNotHiddenFrom(organizationId, matches.physicianId),
        eq(matches.status, 'cancelled'),
        delegateJobRowCondition(owner, matches.jobId),
      ),
    )
    .orderBy(desc(matches.updatedAt), desc(matches.id))
    .limit(ACTIVITY_SHOWN);

  const activity: TDashboardActivity[] = [
    ...eventRows.map((row) => ({
      type: row.fromStatus === null ? ('applied' as const) : ('pipeline' as const),
      at: row.at.toISOString(),
      text:
        row.fromStatus === null
          ? `${row.name} applied to ${row.jobTitle}`
          : `${row.name} moved from ${row.fromStatus} to ${row.toStatus} for ${row.jobTitle}`,
      applicantId: row.physicianId,
      jobId: row.jobId,
    })),
    ...invited.map((row) => ({
      type: 'invited' as const,
      at: row.createdAt.toISOString(),
      text: `${row.name} was invited to ${row.jobTitle}`,
      applicantId: row.physicianId,
      jobId: row.jobId,
    })),
    ...answered.map((row) => ({
      type: row.status === 'accepted' ? ('invite-accepted' as const) : ('invite-declined' as const),
      at: (row.respondedAt ?? row.createdAt).toISOString(),
      text: `${row.name} ${row.status === 'accepted' ? 'accepted' : 'declined'} the invite to ${row.jobTitle}`,
      applicantId: row.physicianId,
      jobId: row.jobId,
    })),
    ...cancelled.map((row) => ({
      type: 'invite-cancelled' as const,
      at: row.updatedAt.toISOString(),
      text: `The invite of ${row.name} to ${row.jobTitle} was canceled`,
      applicantId: row.physicianId,
      jobId: row.jobId,
    })),
  ];
  return activity.sort((left, right) => right.at.localeCompare(left.at)).slice(0, ACTIVITY_SHOWN);
}
