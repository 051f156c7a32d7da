import type { TApplicantList, TExploreQuery } from '@medhire/contract/applicants';
import { and, count } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { physicians } from '../../db/schema/physicians.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { loadApplicantViews } from './applicant-views.ts';
import { physicianFilterConditions, physicianOrder } from './physician-filters.ts';
import { isPubliclyDiscoverable } from './physician-visibility.ts';

export interface ExploreApplicantsOptions {
  db: Db;
  owner: JobOwner;
  query: TExploreQuery;
}

/**
 * Every physician with a complete profile who chose to be discoverable, with the same filters
 * as the applicant lists plus the employment type wanted; "newest" is the newest profile.
 */
export async function exploreApplicants({
  db,
  owner,
  query,
}: ExploreApplicantsOptions): Promise<TApplicantList> {
  const { pageSize, pageNumber } = query;
  const organizationId = owner.organizationId;
  if (!organizationId) return { applicants: [], total: 0, pageNumber, pageSize };

  const where = and(
    isPubliclyDiscoverable,
    isNotHiddenFrom(organizationId),
    ...physicianFilterConditions(query),
  );
  const page = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(where)
    .orderBy(...physicianOrder(query.sort, physicians.createdAt))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(physicians).where(where);
  return {
    applicants: await loadApplicantViews({
      db,
      organizationId,
      physicianIds: page.map((row) => row.id),
      viewer: owner,
    }),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
