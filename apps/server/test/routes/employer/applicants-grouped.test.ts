import type { TApplicant, TApplicantGroup } from '@medhire/contract/applicants';
import type { TJob } from '@medhire/contract/jobs';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { buildTestApp } from '../../helper.ts';
import { apply, callApi, createNamedPhysicians, hoursAgo, idsOf } from './applicant-kit.ts';
import { signedInEmployer } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember, type TeamMember, teamOwner } from './team-kit.ts';

// The all-applicants list grouped by physician (`groupBy=physician`): each physician once, with
// their applications in scope under them; the page counts physicians.

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof teamOwner>>;
let delegate: TeamMember;
let familyJob: TJob;
let cardioJob: TJob;
const ids = { jane: '', john: '', maria: '' };
const applicationIds = { johnFamily: '', johnCardio: '', jane: '', maria: '' };

beforeAll(async () => {
  app = await buildTestApp();
  owner = await teamOwner(app);
  familyJob = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Family Physician' }));
  cardioJob = await createJobThroughApi(
    app,
    owner,
    minimalJobBody({ title: 'Cardiologist', specialty: 'internal-medicine' }),
  );
  delegate = await addMember(app, owner.organizationId, 'delegate');
  await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, cardioJob._id));
  Object.assign(
    ids,
    await createNamedPhysicians(app, {
      jane: { firstName: 'Jane', lastName: 'Doe', createdAt: hoursAgo(100) },
      john: { firstName: 'John', lastName: 'Smith', specialty: 'internal-medicine', createdAt: hoursAgo(90) },
      maria: { firstName: 'Maria', lastName: 'Garcia', createdAt: hoursAgo(80) },
    }),
  );
  applicationIds.jane = await apply(app, ids.jane, familyJob._id, hoursAgo(30));
  applicationIds.johnCardio = await apply(app, ids.john, cardioJob._id, hoursAgo(20));
  applicationIds.maria = await apply(app, ids.maria, familyJob._id, hoursAgo(10));
  applicationIds.johnFamily = await apply(app, ids.john, familyJob._id, hoursAgo(5));
  const moved = await callApi(
    app,
    'PATCH',
    `/employer/applicant/update-pipeline-status/${applicationIds.johnCardio}`,
    owner.token,
    { pipelineStatus: 'Interview' },
  );
  expect(moved.statusCode, moved.body).toBe(200);
});
afterAll(async () => {
  await app.close();
});

interface GroupedList {
  applicants: TApplicant[];
  groups?: TApplicantGroup[];
  total: number;
  pageNumber: number;
  pageSize: number;
}

async function list(query: string, member: { id: string; token: string } = owner): Promise<GroupedList> {
  const response = await callApi(
    app,
    'GET',
    `/employer/applicant/get-all-applicants/${member.id}${query}`,
    member.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as GroupedList;
}

const applicationsOf = (group: TApplicantGroup | undefined) =>
  group?.applications.map((application) => application._id);

describe('GET /api/employer/applicant/get-all-applicants/{userId}?groupBy=physician', () => {
  it('answers as before, without groups, when groupBy is absent', async () => {
    const data = await list('');
    expect(data).not.toHaveProperty('groups');
    expect(idsOf(data.applicants)).toEqual([ids.john, ids.maria, ids.jane]);
  });

  it("gives a physician's two applications as one group, newest first, with the header's name and specialty", async () => {
    const data = await list('?groupBy=physician');
    expect(data.total).toBe(3);
    expect(data.groups?.map((group) => group._id)).toEqual([ids.john, ids.maria, ids.jane]);
    const john = data.groups?.[0];
    expect(john).toMatchObject({
      _id: ids.john,
      fullName: 'Dr. John Smith',
      specialty: { _id: 'internal-medicine', title: 'Internal Medicine' },
    });
    expect(applicationsOf(john)).toEqual([applicationIds.johnFamily, applicationIds.johnCardio]);
    expect(
      john?.applications.map((application) => [application.jobTitle, application.pipelineStatus]),
    ).toEqual([
      ['Family Physician', 'Submitted'],
      ['Cardiologist', 'Interview'],
    ]);
    expect(john?.applications[0]?.appliedAt).toEqual(expect.any(String));
  });

  it('pages by physician, so one physician is never split across pages', async () => {
    const first = await list('?groupBy=physician&pageSize=1');
    expect(first).toMatchObject({ total: 3, pageNumber: 1, pageSize: 1 });
    expect(first.groups?.map((group) => group._id)).toEqual([ids.john]);
    expect(applicationsOf(first.groups?.[0])).toHaveLength(2);
    const second = await list('?groupBy=physician&pageSize=1&pageNumber=2');
    expect(second.groups?.map((group) => group._id)).toEqual([ids.maria]);
    const beyond = await list('?groupBy=physician&pageSize=1&pageNumber=4');
    expect(beyond).toMatchObject({ groups: [], total: 3 });
  });

  it('applies the filters to the physicians and to the applications under them', async () => {
    const interview = await list('?groupBy=physician&pipelineStatus=Interview');
    expect(interview.groups?.map((group) => group._id)).toEqual([ids.john]);
    expect(applicationsOf(interview.groups?.[0])).toEqual([applicationIds.johnCardio]);

    const family = await list(`?groupBy=physician&jobId=${familyJob._id}`);
    expect(family.groups?.map((group) => group._id)).toEqual([ids.john, ids.maria, ids.jane]);
    expect(applicationsOf(family.groups?.[0])).toEqual([applicationIds.johnFamily]);

    const named = await list('?groupBy=physician&queryText=garcia');
    expect(named.groups?.map((group) => group._id)).toEqual([ids.maria]);
  });

  it("shows a delegate only their jobs' applications", async () => {
    const data = await list('?groupBy=physician', delegate);
    expect(data.total).toBe(1);
    expect(data.groups?.map((group) => group._id)).toEqual([ids.john]);
    expect(applicationsOf(data.groups?.[0])).toEqual([applicationIds.johnCardio]);
  });

  it('refuses an unknown grouping (400) with the field at fault', async () => {
    const response = await callApi(
      app,
      'GET',
      `/employer/applicant/get-all-applicants/${owner.id}?groupBy=job`,
      owner.token,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'groupBy: Group by physician, or leave groupBy out.',
    });
  });

  it("refuses another organisation's member (403) and a call without a token (401)", async () => {
    const rival = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
    const forbidden = await callApi(
      app,
      'GET',
      `/employer/applicant/get-all-applicants/${owner.id}?groupBy=physician`,
      rival.token,
    );
    expect(forbidden.statusCode).toBe(403);
    const anonymous = await callApi(
      app,
      'GET',
      `/employer/applicant/get-all-applicants/${owner.id}?groupBy=physician`,
    );
    expect(anonymous.statusCode).toBe(401);
  });
});
