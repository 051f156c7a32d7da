import { ZCreateJobBody } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations } from '../../../src/db/schema/accounts.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { createJob } from '../../../src/domain/jobs/create-job.ts';
import { updateJobStatus } from '../../../src/domain/jobs/update-job-status.ts';
import { closeOrganizationJobs } from '../../../src/domain/organizations/close-organization-jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { minimalJobBody } from '../../routes/employer/job-kit.ts';

let app: FastifyInstance;
/** The app's database: publishing a job queues its job-alert search, so the queue must exist. */
let database: { db: FastifyInstance['db'] };

beforeAll(async () => {
  app = await buildTestApp();
  database = { db: app.db };
});
afterAll(async () => {
  await app.close();
});

async function organizationWithJobs(statuses: ('draft' | 'open' | 'closed')[]) {
  const [organization] = await database.db
    .insert(organizations)
    .values({ name: 'Prairie Health Partners', status: 'active' })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('no organisation');
  const user = await createEmployerAccount({
    db: database.db,
    email: `owner-${organization.id}@prairie-health.example`,
    password: 'Prairie-health-2026',
    accountStatus: 'approved',
    organizationId: organization.id,
    isEmailVerified: true,
  });
  const owner = { userId: user.id, organizationId: organization.id };
  for (const status of statuses) {
    const job = await createJob({
      db: database.db,
      owner,
      job: ZCreateJobBody.parse(minimalJobBody({ status: status === 'closed' ? 'open' : status })),
    });
    if (status === 'closed') {
      await updateJobStatus({ db: database.db, owner, jobId: job._id, status: 'closed' });
    }
  }
  return organization.id;
}

describe('closeOrganizationJobs', () => {
  it('closes every open job and draft of the organisation only, answering how many', async () => {
    const leaving = await organizationWithJobs(['open', 'draft', 'closed', 'open']);
    const staying = await organizationWithJobs(['open', 'draft']);

    expect(await closeOrganizationJobs(database.db, leaving)).toBe(3);

    const statuses = async (organizationId: string) =>
      (
        await database.db
          .select({ status: jobs.status })
          .from(jobs)
          .where(eq(jobs.organizationId, organizationId))
      )
        .map((row) => row.status)
        .sort();
    expect(await statuses(leaving)).toEqual(['closed', 'closed', 'closed', 'closed']);
    expect(await statuses(staying)).toEqual(['draft', 'open']);
    expect(await closeOrganizationJobs(database.db, leaving)).toBe(0);
  });
});
