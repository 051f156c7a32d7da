import { REPORT_DEFAULT_DAYS, REPORT_MESSAGES, type TReportFilters } from '@medhire/contract/reports';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { AppError } from '../../lib/app-error.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';

const DAY_MS = 24 * 3600_000;

/**
 * Whose rows a report reads and over which days: the caller's organisation, narrowed to one job
 * or to the jobs of one member when asked, and for a recruiter to the jobs they created or are
 * assigned ("recruiters see their own jobs"). `start` is included, `end` is not.
 */
export interface ReportScope {
  organizationId: string;
  from: string;
  to: string;
  start: Date;
  end: Date;
  jobId: string | null;
  memberId: string | null;
  /** Set for a recruiter: only jobs this member created or is assigned. */
  ownJobsOf: string | null;
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The jobs the scope covers, as a subquery of job ids (jobs_organization_created_idx). */
export function scopedJobIds(scope: ReportScope): SQL {
  return sql`select j.id from jobs j where j.organization_id = ${scope.organizationId}
    ${scope.jobId ? sql`and j.id = ${scope.jobId}` : sql``}
    ${scope.memberId ? sql`and j.assignee_user_id = ${scope.memberId}` : sql``}
    ${
      scope.ownJobsOf
        ? sql`and (j.assignee_user_id = ${scope.ownJobsOf} or j.created_by_user_id = ${scope.ownJobsOf})`
        : sql``
    }`;
}

/** Whether the scope is the whole organisation (rows without a job count too). */
export function isWholeOrganization(scope: ReportScope): boolean {
  return !scope.jobId && !scope.memberId && !scope.ownJobsOf;
}

/**
 * Checks the caller may read reports (403) and that the job and member filters are theirs (404,
 * revealing nothing about other organisations), and fills in the default period.
 */
export async function resolveReportScope(
  db: Db,
  member: TeamMember,
  filters: TReportFilters,
  now: Date = new Date(),
): Promise<ReportScope | null> {
  requireMemberRight(member, 'reports.read', REPORT_MESSAGES.forbidden);
  const organizationId = member.organizationId;
  if (!organizationId) return null;
  const ownJobsOf = member.memberRole === 'recruiter' ? member.userId : null;

  const to = filters.to ?? isoDay(now);
  const from = filters.from ?? isoDay(new Date(Date.parse(to) - (REPORT_DEFAULT_DAYS - 1) * DAY_MS));
  if (from > to) throw new AppError('VALIDATION_FAILED', 'from must not be after to.');
  const scope: ReportScope = {
    organizationId,
    from,
    to,
    start: new Date(`${from}T00:00:00Z`),
    end: new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS),
    jobId: filters.jobId ?? null,
    memberId: filters.memberId ?? null,
    ownJobsOf,
  };

  if (scope.jobId) {
    const rows = (await db.execute(
      sql`select 1 from (${scopedJobIds({ ...scope, memberId: null })}) s where s.id = ${scope.jobId}`,
    )) as unknown as unknown[];
    if (rows.length === 0) throw new AppError('NOT_FOUND', REPORT_MESSAGES.jobNotFound);
  }
  if (scope.memberId) {
    const rows = (await db.execute(
      sql`select 1 from users u where u.id = ${scope.memberId} and u.organization_id = ${organizationId}
        and u.role = 'employer'`,
    )) as unknown as unknown[];
    if (rows.length === 0) throw new AppError('NOT_FOUND', REPORT_MESSAGES.memberNotFound);
  }
  return scope;
}
