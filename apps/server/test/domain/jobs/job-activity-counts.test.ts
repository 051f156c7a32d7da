import { ZCreateJobBody } from '@medhire/contract/jobs';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, jobActivityCounts, matches } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { physicianHiddenOrganizations } from '../../../src/db/schema/physicians.ts';
import { createJob } from '../../../src/domain/jobs/create-job.ts';
import {
  countJobActivity,
  countJobActivityFromRows,
  type JobActivityCounts,
} from '../../../src/domain/jobs/job-activity-counts.ts';
import { buildTestApp } from '../../helper.ts';
import {
  answerInvite,
  apply,
  createPhysicians,
  invite,
  ownerOf,
} from '../../routes/employer/applicant-kit.ts';
import { signedInEmployer } from '../../routes/employer/auth-kit.ts';
import { minimalJobBody } from '../../routes/employer/job-kit.ts';
import { subscribeOrganization } from '../../routes/employer/subscription-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function organizationWithJobs(count: number) {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
  const owner = await ownerOf(app, employer.id);
  await subscribeOrganization(app, owner.organizationId ?? '');
  const jobIds: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const job = await createJob({
      db: app.db,
      owner,
      job: ZCreateJobBody.parse(minimalJobBody({ status: 'open' })),
    });
    jobIds.push(job._id);
  }
  return { employer, organizationId: owner.organizationId ?? '', jobIds };
}

/** The kept figures and the figures counted from the rows, for the same jobs. */
async function keptAndCounted(jobIds: string[]) {
  const kept = await countJobActivity(app.db, jobIds);
  const counted = await countJobActivityFromRows(app.db, jobIds);
  return { kept: [...kept.values()], counted: [...counted.values()] };
}

const figures = (
  applicantCount: number,
  matchCount: number,
  pending: number,
  accepted: number,
  declined: number,
) =>
  ({ applicantCount, matchCount, inviteCounts: { pending, accepted, declined } }) satisfies JobActivityCounts;

describe('job_activity_counts', () => {
  it('starts every new job at zero', async () => {
    const { jobIds } = await organizationWithJobs(2);
    const rows = await app.db
      .select()
      .from(jobActivityCounts)
      .where(inArray(jobActivityCounts.jobId, jobIds));
    expect(rows).toHaveLength(2);
    expect((await keptAndCounted(jobIds)).kept).toEqual([figures(0, 0, 0, 0, 0), figures(0, 0, 0, 0, 0)]);
  });

  it('follows applications, invites, answers, hiding and removal, always equal to a count of the rows', async () => {
    const { employer, organizationId, jobIds } = await organizationWithJobs(2);
    const [first = '', second = ''] = jobIds;
    const [ana = '', ben = '', cleo = '', dev = ''] = await createPhysicians(app, [{}, {}, {}, {}]);

    await apply(app, ana, first);
    await apply(app, ben, first);
    await apply(app, cleo, second);
    const benInvite = await invite(app, employer.id, second, ben);
    const devInvite = await invite(app, employer.id, first, dev);
    const anaInvite = await invite(app, employer.id, second, ana);
    let state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(2, 1, 1, 0, 0), figures(1, 2, 2, 0, 0)]);
    expect(state.kept).toEqual(state.counted);

    // Answers move an invite between its figures; every invite stays in matchCount.
    await answerInvite(app, benInvite, 'accepted', new Date());
    await answerInvite(app, devInvite, 'declined', new Date());
    await app.db.update(matches).set({ status: 'cancelled' }).where(eq(matches.id, anaInvite));
    state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(2, 1, 0, 0, 1), figures(1, 2, 0, 1, 0)]);
    expect(state.kept).toEqual(state.counted);

    // A stage change of an application changes no figure.
    await app.db
      .update(applications)
      .set({ pipelineStatus: 'Interview' })
      .where(eq(applications.physicianId, ana));
    expect((await keptAndCounted(jobIds)).kept).toEqual(state.kept);

    // Ana and Ben hide from the organisation in one statement: their application and invites leave
    // every figure, and come back when they show themselves again.
    await app.db.insert(physicianHiddenOrganizations).values([
      { physicianId: ana, organizationId },
      { physicianId: ben, organizationId },
    ]);
    state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(0, 1, 0, 0, 1), figures(1, 0, 0, 0, 0)]);
    expect(state.kept).toEqual(state.counted);

    // A row written for a hidden physician (the product refuses such an application; an import
    // or a repair could still write one) is not counted either.
    await app.db.insert(applications).values({ jobId: second, organizationId, physicianId: ana });
    state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(0, 1, 0, 0, 1), figures(1, 0, 0, 0, 0)]);
    expect(state.kept).toEqual(state.counted);

    await app.db
      .delete(physicianHiddenOrganizations)
      .where(
        and(
          eq(physicianHiddenOrganizations.organizationId, organizationId),
          eq(physicianHiddenOrganizations.physicianId, ana),
        ),
      );
    state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(1, 1, 0, 0, 1), figures(2, 1, 0, 0, 0)]);
    expect(state.kept).toEqual(state.counted);

    // Removed rows leave the figures; a hidden physician's removal changes nothing shown.
    await app.db.delete(applications).where(inArray(applications.physicianId, [ana, ben, cleo]));
    await app.db.delete(matches).where(eq(matches.id, devInvite));
    state = await keptAndCounted(jobIds);
    expect(state.kept).toEqual([figures(0, 0, 0, 0, 0), figures(0, 1, 0, 0, 0)]);
    expect(state.kept).toEqual(state.counted);
  });

  it('lists the kept figures on the job list, the same as the job itself', async () => {
    const { employer, jobIds } = await organizationWithJobs(1);
    const [jobId = ''] = jobIds;
    const [physician = ''] = await createPhysicians(app, [{}]);
    await apply(app, physician, jobId);
    const list = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${employer.id}`,
      headers: { authorization: employer.token },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.jobs[0]).toMatchObject({ _id: jobId, applicantCount: 1, matchCount: 0 });
    const one = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-single-job/${jobId}`,
      headers: { authorization: employer.token },
    });
    expect(one.json().data).toEqual(list.json().data.jobs[0]);
  });

  it('goes with its job', async () => {
    const { jobIds } = await organizationWithJobs(1);
    await app.db.delete(jobs).where(inArray(jobs.id, jobIds));
    const rows = await app.db
      .select()
      .from(jobActivityCounts)
      .where(inArray(jobActivityCounts.jobId, jobIds));
    expect(rows).toEqual([]);
  });
});
