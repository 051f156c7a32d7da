import type {
  TApplicant,
  TApplicantGroup,
  TApplicantList,
  TGetAllApplicantsQuery,
} from '@medhire/contract/applicants';
import { and, count, eq, max, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications } from '../../db/schema/hiring.ts';
import { physicians } from '../../db/schema/physicians.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { loadApplicantViews } from './applicant-views.ts';
import { physicianFilterConditions, physicianOrder } from './physician-filters.ts';

export interface ListApplicantsOptions {
  db: Db;
  owner: JobOwner;
  query: TGetAllApplicantsQuery;
}

type ApplicantFilterQuery = Omit<TGetAllApplicantsQuery, 'pageSize' | 'pageNumber'>;

/**
 * The list's filter, once: the applications in scope grouped per physician (a CTE) and the
 * physician conditions. The list pages through it and saved views count it, so a view's count
 * is the list's total by construction. Null when the member has no organisation yet; a job that
 * is not the organisation's (or, for a delegate, not theirs) answers 404.
 */
async function applicantFilter(db: Db, owner: JobOwner, query: ApplicantFilterQuery) {
  if (query.jobId) await findOwnedJob(db, owner, query.jobId);
  const organizationId = owner.organizationId;
  if (!organizationId) return null;

  const scopeConditions: SQL[] = [
    eq(applications.organizationId, organizationId),
    isNotHiddenFrom(organizationId, applications.physicianId),
  ];
  if (query.jobId) scopeConditions.push(eq(applications.jobId, query.jobId));
  if (query.pipelineStatus) scopeConditions.push(eq(applications.pipelineStatus, query.pipelineStatus));
  if (query.assigneeId) {
    scopeConditions.push(
      eq(applications.assigneeUserId, query.assigneeId === 'me' ? owner.userId : query.assigneeId),
    );
  }
  const delegateCondition = delegateJobRowCondition(owner, applications.jobId);
  if (delegateCondition) scopeConditions.push(delegateCondition);
  const scope = db.$with('applicant_scope').as(
    db
      .select({
        physicianId: applications.physicianId,
        latestAppliedAt: max(applications.createdAt).as('latest_applied_at'),
      })
      .from(applications)
      .where(and(...scopeConditions))
      .groupBy(applications.physicianId),
  );
  return { organizationId, scope, where: and(...physicianFilterConditions(query)) };
}

type ApplicantFilter = NonNullable<Awaited<ReturnType<typeof applicantFilter>>>;

async function countFiltered(db: Db, { scope, where }: ApplicantFilter): Promise<number> {
  const [counted] = await db
    .with(scope)
    .select({ total: count() })
    .from(scope)
    .innerJoin(physicians, eq(physicians.id, scope.physicianId))
    .where(where);
  return counted?.total ?? 0;
}

/** How many applicants the list would total for this filter (saved views' counts). */
export async function countApplicants({
  db,
  owner,
  query,
}: {
  db: Db;
  owner: JobOwner;
  query: ApplicantFilterQuery;
}): Promise<number> {
  const filter = await applicantFilter(db, owner, query);
  return filter ? countFiltered(db, filter) : 0;
}

/**
 * Physicians who applied to the organisation's jobs (or to `query.jobId`), one entry per
 * physician. The applications in scope (the organisation's, narrowed to the job and the
 * pipeline status when given) are grouped per physician through
 * applications_organization_created_idx; the physician filters, the order ("newest" is the
 * latest application in scope) and the page are applied in the same query, and only the
 * page's physicians are then loaded as applicants.
 */
export async function listApplicants({ db, owner, query }: ListApplicantsOptions): Promise<TApplicantList> {
  const { pageSize, pageNumber } = query;
  const filter = await applicantFilter(db, owner, query);
  if (!filter) return { applicants: [], total: 0, pageNumber, pageSize };
  const { organizationId, scope, where } = filter;

  const pageRows = await db
    .with(scope)
    .select({ id: physicians.id })
    .from(scope)
    .innerJoin(physicians, eq(physicians.id, scope.physicianId))
    .where(where)
    .orderBy(...physicianOrder(query.sort, scope.latestAppliedAt))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);

  const applicants = await loadApplicantViews({
    db,
    organizationId,
    physicianIds: pageRows.map((row) => row.id),
    viewer: owner,
  });
  return {
    applicants,
    total: await countFiltered(db, filter),
    pageNumber,
    pageSize,
    ...(query.groupBy === 'physician' ? { groups: groupsOf(applicants, owner, query) } : {}),
  };
}

/**
 * The page's physicians, each once, with their applications in the list's scope: the views
 * already hold only the caller's (a delegate's jobs only), newest first; the job, stage and
 * assignee filters narrow them as they narrow the list.
 */
function groupsOf(
  applicants: readonly TApplicant[],
  owner: JobOwner,
  query: ApplicantFilterQuery,
): TApplicantGroup[] {
  const assigneeId = query.assigneeId === 'me' ? owner.userId : query.assigneeId;
  return applicants.map((applicant) => ({
    _id: applicant._id,
    fullName: applicant.fullName,
    specialty: applicant.specialty,
    applications: applicant.applications.filter(
      (application) =>
        (!query.jobId || application.jobId === query.jobId) &&
        (!query.pipelineStatus || application.pipelineStatus === query.pipelineStatus) &&
        (!assigneeId || application.assignee?._id === assigneeId),
    ),
  }));
}
