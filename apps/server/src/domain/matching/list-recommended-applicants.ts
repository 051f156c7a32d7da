import type { TApplicantList, TRecommendedQuery } from '@medhire/contract/applicants';
import type { Db } from '../../db/index.ts';
import { loadApplicantViews } from '../applicants/applicant-views.ts';
import { assertPlanFeature } from '../billing/plan-limits.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { rankPhysiciansForJob } from './rank-physicians.ts';

export interface ListRecommendedApplicantsOptions {
  db: Db;
  owner: JobOwner;
  jobId: string;
  query: TRecommendedQuery;
  now?: Date;
}

/**
 * The physicians who fit one of the organisation's jobs best, highest score first, each with
 * its score and reasons (rankPhysiciansForJob). Another organisation's job answers 404; pages
 * after the first need a plan with 'recommended-beyond-first-page' (403 otherwise).
 */
export async function listRecommendedApplicants({
  db,
  owner,
  jobId,
  query,
  now,
}: ListRecommendedApplicantsOptions): Promise<TApplicantList> {
  const { pageSize, pageNumber } = query;
  const job = await findOwnedJob(db, owner, jobId);
  // The first page is every plan's; the pages after it are a plan feature (403 naming the plan).
  if (pageNumber > 1) await assertPlanFeature(db, job.organizationId, 'recommended-beyond-first-page');
  const ranking = await rankPhysiciansForJob({
    db,
    jobId: job.id,
    organizationId: job.organizationId,
    limit: pageSize,
    offset: (pageNumber - 1) * pageSize,
    now,
  });
  const views = await loadApplicantViews({
    db,
    organizationId: job.organizationId,
    physicianIds: ranking.physicians.map((ranked) => ranked.physicianId),
    viewer: owner,
  });
  const viewById = new Map(views.map((view) => [view._id, view]));
  return {
    applicants: ranking.physicians.flatMap(({ physicianId, score, reasons }) => {
      const view = viewById.get(physicianId);
      return view ? [{ ...view, score, reasons }] : [];
    }),
    total: ranking.total,
    pageNumber,
    pageSize,
  };
}
