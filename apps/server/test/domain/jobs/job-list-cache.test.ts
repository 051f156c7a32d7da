import type { TJob, TJobList } from '@medhire/contract/jobs';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import {
  createJobListCache,
  ENTRY_TTL_MS,
  FORGET_ALL_ORGANIZATIONS,
  MAX_JOBS_HELD,
} from '../../../src/domain/jobs/job-list-cache.ts';
import { buildTestApp } from '../../helper.ts';
import { employerWithOpenJob, signedInPhysician } from '../../routes/employee/physician-kit.ts';
import { apply, callApi, createPhysicians } from '../../routes/employer/applicant-kit.ts';
import { uniqueIp } from '../../routes/employer/auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from '../../routes/employer/job-kit.ts';
import { addMember, teamOwner } from '../../routes/employer/team-kit.ts';

const page = (title: string): TJobList => ({
  jobs: [{ title } as TJob],
  total: 1,
  pageNumber: 1,
  pageSize: 10,
});

describe('the job-list cache', () => {
  it('answers nothing and keeps nothing until its LISTEN connection holds', () => {
    const cache = createJobListCache();
    cache.store('a', 'org-1', page('A'), cache.ticket(), 0);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.setListening(true);
    cache.store('a', 'org-1', page('A'), cache.ticket(), 0);
    expect(cache.get('a', 1)).toEqual(page('A'));
    cache.setListening(false);
    expect(cache.get('a', 2)).toBeUndefined();
    cache.setListening(true);
    expect(cache.get('a', 3)).toBeUndefined();
  });

  it("drops one organisation's pages, or all of them", () => {
    const cache = createJobListCache();
    cache.setListening(true);
    cache.store('a1', 'org-a', page('A1'), cache.ticket(), 0);
    cache.store('a2', 'org-a', page('A2'), cache.ticket(), 0);
    cache.store('b1', 'org-b', page('B1'), cache.ticket(), 0);
    cache.forgetOrganization('org-a');
    expect(cache.get('a1', 0)).toBeUndefined();
    expect(cache.get('a2', 0)).toBeUndefined();
    expect(cache.get('b1', 0)).toEqual(page('B1'));
    cache.forgetOrganization(FORGET_ALL_ORGANIZATIONS);
    expect(cache.get('b1', 0)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep a page read while a change was told', () => {
    const cache = createJobListCache();
    cache.setListening(true);
    const ticket = cache.ticket();
    // Another organisation's change as well: the read may have started before either commit.
    cache.forgetOrganization('org-b');
    cache.store('a', 'org-a', page('read before the change'), ticket, 0);
    expect(cache.get('a', 0)).toBeUndefined();
    cache.store('a', 'org-a', page('read after it'), cache.ticket(), 0);
    expect(cache.get('a', 0)).toEqual(page('read after it'));
  });

  it('reads a page again once it is older than its time to live', () => {
    const cache = createJobListCache();
    cache.setListening(true);
    cache.store('a', 'org-a', page('A'), cache.ticket(), 1_000);
    expect(cache.get('a', 1_000 + ENTRY_TTL_MS)).toEqual(page('A'));
    expect(cache.get('a', 1_001 + ENTRY_TTL_MS)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps at most MAX_JOBS_HELD jobs in all, dropping the oldest pages first', () => {
    const cache = createJobListCache();
    cache.setListening(true);
    const pageOf = (size: number): TJobList => ({
      jobs: Array.from({ length: size }, (_, index) => ({ title: `Job ${index}` }) as TJob),
      total: size,
      pageNumber: 1,
      pageSize: size,
    });
    // Pages of 199 jobs weigh 200 each.
    const pages = MAX_JOBS_HELD / 200;
    for (let index = 0; index < pages; index += 1)
      cache.store(`page-${index}`, `org-${index % 3}`, pageOf(199), cache.ticket(), 0);
    expect(cache.size).toBe(pages);
    expect(cache.heldJobs).toBe(MAX_JOBS_HELD);
    cache.store('one-more', 'org-x', pageOf(399), cache.ticket(), 0);
    expect(cache.get('page-0', 0)).toBeUndefined();
    expect(cache.get('page-1', 0)).toBeUndefined();
    expect(cache.get('page-2', 0)).toBeDefined();
    expect(cache.get('one-more', 0)).toBeDefined();
    expect(cache.heldJobs).toBe(MAX_JOBS_HELD);
    // Storing a page again replaces it instead of counting it twice.
    cache.store('one-more', 'org-x', pageOf(399), cache.ticket(), 0);
    expect(cache.heldJobs).toBe(MAX_JOBS_HELD);
    cache.forgetOrganization('org-x');
    expect(cache.heldJobs).toBe(MAX_JOBS_HELD - 400);
    cache.forgetOrganization(FORGET_ALL_ORGANIZATIONS);
    expect(cache.heldJobs).toBe(0);
  });
});

describe('GET /api/employer/job/get-all-jobs/{userId} with the cache', () => {
  const METRICS_TOKEN = 'job-list-cache-metrics-token';
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp({ metrics: { token: METRICS_TOKEN, port: undefined } }, { jobListCache: true });
    // onReady waits for the LISTEN to hold.
    expect(listening(app)).toBe(true);
  });
  afterAll(async () => {
    await app.close();
  });

  function listening(instance: FastifyInstance): boolean {
    const cache = instance.jobListCache;
    if (!cache) return false;
    // A stored page is only kept while the LISTEN connection holds.
    cache.store('probe', 'probe', page('probe'), cache.ticket(), Date.now());
    const held = cache.get('probe', Date.now()) !== undefined;
    cache.forgetOrganization('probe');
    return held;
  }

  async function list(employer: { id: string; token: string }, query = '') {
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${employer.id}${query}`,
      headers: { authorization: employer.token },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as TJobList;
  }

  const CACHE_TRIGGERS = [
    ['jobs', 'jobs_job_list_cache_insert'],
    ['jobs', 'jobs_job_list_cache_update'],
    ['job_activity_counts', 'job_activity_counts_job_list_cache_insert'],
    ['job_activity_counts', 'job_activity_counts_job_list_cache_update'],
  ] as const;

  /** Runs `change` with the cache's triggers silent, as if the database's notification were late. */
  async function withoutNotice<T>(change: () => Promise<T>): Promise<T> {
    for (const [table, trigger] of CACHE_TRIGGERS)
      await app.db.execute(sql.raw(`alter table ${table} disable trigger ${trigger}`));
    try {
      return await change();
    } finally {
      for (const [table, trigger] of CACHE_TRIGGERS)
        await app.db.execute(sql.raw(`alter table ${table} enable trigger ${trigger}`));
    }
  }

  it('answers a page again from memory until the database tells of a change', async () => {
    const { employer, job } = await employerWithOpenJob(app, { title: 'Hospitalist' });
    expect((await list(employer)).jobs.map((row) => row.title)).toEqual(['Hospitalist']);
    // The job's own notice arrives after its commit, on the LISTEN connection: on a busy machine
    // it can drop the page the first read kept. The page is held once a read is answered from it.
    await expect
      .poll(
        async () => {
          const hits = app.jobListCache?.hits ?? 0;
          await list(employer);
          return (app.jobListCache?.hits ?? 0) > hits;
        },
        { timeout: 3_000 },
      )
      .toBe(true);
    await withoutNotice(() =>
      app.db.update(jobs).set({ title: 'Changed unseen' }).where(eq(jobs.id, job._id)),
    );
    // The page is the remembered one: nothing told the cache.
    expect((await list(employer)).jobs.map((row) => row.title)).toEqual(['Hospitalist']);
    await app.db.update(jobs).set({ title: 'Nocturnist' }).where(eq(jobs.id, job._id));
    await expect
      .poll(async () => (await list(employer)).jobs[0]?.title, { timeout: 3_000 })
      .toBe('Nocturnist');
  });

  it("shows an employer's own write at their very next read", async () => {
    const { employer, job } = await employerWithOpenJob(app);
    expect((await list(employer)).total).toBe(1);
    // Only the request's own drop can show these writes: the database's notices are held back.
    const second = await withoutNotice(() =>
      createJobThroughApi(app, employer, minimalJobBody({ title: 'Second posting' })),
    );
    const afterPosting = await list(employer);
    expect(afterPosting.jobs.map((row) => row._id)).toEqual([second._id, job._id]);

    const closed = await withoutNotice(() =>
      callApi(app, 'PATCH', `/employer/job/update-job-status/${second._id}`, employer.token, {
        status: 'closed',
      }),
    );
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await list(employer)).jobs[0]).toMatchObject({ _id: second._id, status: 'closed' });
    expect((await list(employer, '?status=closed')).jobs.map((row) => row._id)).toEqual([second._id]);
    expect((await list(employer, '?status=open')).jobs.map((row) => row._id)).toEqual([job._id]);
  });

  it("shows a physician's application at the employer's very next read", async () => {
    const { employer, job } = await employerWithOpenJob(app);
    expect((await list(employer)).jobs[0]).toMatchObject({ _id: job._id, applicantCount: 0 });
    const physician = await signedInPhysician(app);
    const applied = await withoutNotice(() =>
      callApi(app, 'POST', `/employee/job/apply/${job._id}`, physician.token, {}),
    );
    expect(applied.statusCode, applied.body).toBe(200);
    expect((await list(employer)).jobs[0]).toMatchObject({ _id: job._id, applicantCount: 1 });
  });

  it('drops the page when figures or an assignee change in the database', async () => {
    const { employer, job } = await employerWithOpenJob(app);
    expect((await list(employer)).jobs[0]).toMatchObject({ applicantCount: 0 });
    // Written by another instance or by the job queue: only the notification tells this one.
    const [physicianId = ''] = await createPhysicians(app, [{}]);
    await apply(app, physicianId, job._id);
    await expect.poll(async () => (await list(employer)).jobs[0]?.applicantCount, { timeout: 3_000 }).toBe(1);

    const assigned = await callApi(app, 'PATCH', `/employer/job/assign-job/${job._id}`, employer.token, {
      assigneeId: employer.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    const before = (await list(employer)).jobs[0]?.assignee?.fullName;
    expect(before).toBeTruthy();
    await app.db.update(users).set({ fullName: 'Dr. Renamed Recruiter' }).where(eq(users.id, employer.id));
    await expect
      .poll(async () => (await list(employer)).jobs[0]?.assignee?.fullName, { timeout: 3_000 })
      .toBe('Dr. Renamed Recruiter');

    await app.db.delete(jobs).where(eq(jobs.id, job._id));
    await expect.poll(async () => (await list(employer)).total, { timeout: 3_000 }).toBe(0);
  });

  it("keeps a delegate's page apart from the whole organisation's", async () => {
    const owner = await teamOwner(app);
    const delegate = await addMember(app, owner.organizationId, 'delegate');
    const theirs = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Delegated job' }));
    await createJobThroughApi(app, owner, minimalJobBody({ title: 'Not delegated' }));
    const assigned = await callApi(app, 'PATCH', `/employer/job/assign-job/${theirs._id}`, owner.token, {
      assigneeId: delegate.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect((await list(owner)).total).toBe(2);
    const delegatePage = await list(delegate);
    expect(delegatePage.jobs.map((row) => row.title)).toEqual(['Delegated job']);
    // The owner's page is cached; another member of the organisation who is not a delegate shares it.
    const admin = await addMember(app, owner.organizationId, 'admin');
    expect((await list(admin)).total).toBe(2);
    expect((await list(delegate)).total).toBe(1);
  });

  it('tells operators its reads, hits and size at /metrics', async () => {
    const metric = async (name: string) => {
      const response = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(response.statusCode).toBe(200);
      const line = response.body.split('\n').find((candidate) => candidate.startsWith(`${name} `));
      return Number(line?.split(' ')[1]);
    };
    const hitsBefore = await metric('medhire_job_list_cache_reads_total{result="hit"}');
    const missesBefore = await metric('medhire_job_list_cache_reads_total{result="miss"}');
    const { employer } = await employerWithOpenJob(app);
    // The posting's own notification may drop the first read's page: read until one is kept.
    await expect
      .poll(
        async () => {
          await list(employer);
          return metric('medhire_job_list_cache_reads_total{result="hit"}');
        },
        { timeout: 3_000 },
      )
      .toBeGreaterThan(hitsBefore);
    expect(await metric('medhire_job_list_cache_reads_total{result="miss"}')).toBeGreaterThan(missesBefore);
    expect(await metric('medhire_job_list_cache_pages')).toBeGreaterThanOrEqual(1);
    expect(await metric('medhire_job_list_cache_jobs')).toBeGreaterThanOrEqual(2);
  });

  it("answers another organisation's member 403, never a cached page", async () => {
    const { employer } = await employerWithOpenJob(app);
    const stranger = await employerWithOpenJob(app);
    await list(employer);
    const response = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-all-jobs/${employer.id}`,
      headers: { authorization: stranger.employer.token },
      remoteAddress: uniqueIp(),
    });
    expect(response.statusCode).toBe(403);
  });
});
