import type { TApplicantList } from '@medhire/contract/applicants';
import type { TPageQuery } from '@medhire/contract/envelope';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { savedApplicants } from '../../db/schema/hiring.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { loadApplicantViews } from './applicant-views.ts';

export interface ListSavedApplicantsOptions {
  db: Db;
  owner: JobOwner;
  query: TPageQuery;
}

/** The physicians the organisation saved, the most recently saved first. */
export async function listSavedApplicants({
  db,
  owner,
  query,
}: ListSavedApplicantsOptions): Promise<TApplicantList> {
  const { pageSize, pageNumber } = query;
  const organizationId = owner.organizationId;
  if (!organizationId) return { applicants: [], total: 0, pageNumber, pageSize };

  const where = eq(savedApplicants.organizationId, organizationId);
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
