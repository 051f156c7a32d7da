import type { TPageQuery } from '@medhire/contract/envelope';
import type { TPhysicianApplicationList } from '@medhire/contract/physicians';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { toPhysicianApplication } from './application-view.ts';

export interface ListOwnApplicationsOptions {
  db: Db;
  physicianId: string;
  query: TPageQuery;
}

/**
 * The physician's applications (their own and those an accepted invite made), newest first,
 * each with its status in the candidate's words.
 */
export async function listOwnApplications({
  db,
  physicianId,
  query,
}: ListOwnApplicationsOptions): Promise<TPhysicianApplicationList> {
  const { pageSize, pageNumber } = query;
  const where = eq(applications.physicianId, physicianId);
  const rows = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      organizationName: organizations.name,
      pipelineStatus: applications.pipelineStatus,
      withdrawnAt: applications.withdrawnAt,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .innerJoin(organizations, eq(organizations.id, applications.organizationId))
    .where(where)
    .orderBy(desc(applications.createdAt), desc(applications.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(applications).where(where);
  return {
    applications: rows.map(toPhysicianApplication),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
