import type { TApplicantList } from '@medhire/contract/applicants';
import type { TPageQuery } from '@medhire/contract/envelope';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { savedApplicants } from '../../db/schema/hiring.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { isDelegate } from '../team/member-scope.ts';
import { loadApplicantViews } from './applicant-views.ts';
import { delegateReachesPhysician } from './physician-visibility.ts';

export interface ListSavedApplicantsOptions {
  db: Db;
  owner: JobOwner;
  query: TPageQuery;
}

/**
 * The physicians the organisation saved, the most recently saved first; for a delegate, only those
 * who applied to or were invited to the jobs assigned to them.
 */
export async function listSavedApplicants({
  db,
  owner,
  query,
}: ListSavedApplicantsOptions): Promise<TApplicantList> {
  const { pageSize, pageNumber } = query;
  const organizationId = owner.organizationId;
  if (!organizationId) return { applicants: [], total: 0, pageNumber, pageSize };

  // A delegate's list holds only the physicians of the jobs assigned to them.
  const where = and(
    eq(savedApplicants.organizationId, organizationId),
    isNotHiddenFrom(organizationId, savedApplicants.physicianId),
    isDelegate(owner)
      ? delegateReachesPhysician(owner, organizationId, savedApplicants.physicianId)
      : undefined,
  );
  const page = await db
    .select({ id: savedApplicants.physicianId })
    .from(savedApplicants)
    .where(where)
    .orderBy(...newestFirst(savedApplicants.createdAt, savedApplicants.physicianId))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(savedApplicants).where(where);
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
