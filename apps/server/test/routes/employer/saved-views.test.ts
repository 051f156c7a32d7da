import { SAVED_VIEW_MESSAGES, type TSavedView } from '@medhire/contract/saved-views';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savedViews } from '../../../src/db/schema/saved-views.ts';
import { updatePipelineStatus } from '../../../src/domain/applicants/update-pipeline-status.ts';
import { buildTestApp } from '../../helper.ts';
import { employerWithOpenJob, postAnotherJob } from '../employee/physician-kit.ts';
import { apply, callApi, createNamedPhysicians, PLACES } from './applicant-kit.ts';
import { addMember, type TeamMember } from './team-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const BASE = '/employer/view';

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

interface Team {
  owner: Employer;
  admin: TeamMember;
  recruiter: TeamMember;
  delegate: TeamMember;
  jobId: string;
  otherJobId: string;
}

/**
 * An organisation with an owner, an admin, a recruiter and a delegate, two jobs and four
 * applicants: Jane (TX, family medicine) and John (TX, internal medicine) on the first job,
 * Maria (NY) on both, Ana (CA) on the second; Jane moved to Interview.
 */
async function team(): Promise<Team> {
  const { employer, job } = await employerWithOpenJob(app);
  const other = await postAnotherJob(app, employer, { title: 'Hospitalist' });
  const admin = await addMember(app, employer.organizationId, 'admin');
  const recruiter = await addMember(app, employer.organizationId, 'recruiter');
  const delegate = await addMember(app, employer.organizationId, 'delegate');
  const ids = await createNamedPhysicians(app, {
    jane: { firstName: 'Jane', lastName: 'Doe', homeLocation: { ...PLACES.austin } },
    john: {
      firstName: 'John',
      lastName: 'Roe',
      specialty: 'internal-medicine',
      subSpecialty: [],
      homeLocation: { ...PLACES.austin },
    },
    maria: { firstName: 'Maria', lastName: 'Lee', homeLocation: { ...PLACES.albany } },
    ana: { firstName: 'Ana', lastName: 'Cruz', homeLocation: { ...PLACES.fresno } },
  });
  const janeApplication = await apply(app, ids.jane, job._id);
  await apply(app, ids.john, job._id);
  await apply(app, ids.maria, job._id);
  await apply(app, ids.maria, other._id);
  await apply(app, ids.ana, other._id);
  await updatePipelineStatus({
    db: app.db,
    owner: { userId: employer.id, organizationId: employer.organizationId, memberRole: 'owner' },
    applicationId: janeApplication,
    pipelineStatus: 'Interview',
  });
  return { owner: employer, admin, recruiter, delegate, jobId: job._id, otherJobId: other._id };
}

function list(token: string) {
  return callApi(app, 'GET', `${BASE}/get-all-views`, token);
}
function create(token: string, payload: unknown) {
  return callApi(app, 'POST', `${BASE}/create-view`, token, payload);
}
function update(token: string, viewId: string, payload: unknown) {
  return callApi(app, 'PATCH', `${BASE}/update-view/${viewId}`, token, payload);
}
function remove(token: string, viewId: string) {
  return callApi(app, 'DELETE', `${BASE}/delete-view/${viewId}`, token);
}

async function created(token: string, payload: Record<string, unknown>): Promise<TSavedView> {
  const response = await create(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TSavedView;
}

async function views(token: string): Promise<TSavedView[]> {
  const response = await list(token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.views as TSavedView[];
}

/** The applicant list's total for a query string, as the member sees it. */
async function listTotal(member: { id: string; token: string }, query: string): Promise<number> {
  const response = await callApi(
    app,
    'GET',
    `/employer/applicant/get-all-applicants/${member.id}?${query}`,
    member.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.total as number;
}

async function storedCount(organizationId: string): Promise<number> {
  return (await app.db.select().from(savedViews).where(eq(savedViews.organizationId, organizationId))).length;
}

describe('POST /api/employer/view/create-view', () => {
  it('saves a personal view with the list’s filters and answers the count the list totals', async () => {
    const { owner, jobId } = await team();
    const view = await created(owner.token, {
      name: 'Texas family docs',
      scope: 'personal',
      filters: { state: 'tx', specialty: 'family-medicine', sort: 'name' },
    });
    expect(view).toMatchObject({
      name: 'Texas family docs',
      kind: 'list',
      scope: 'personal',
      canEdit: true,
      filters: { state: 'TX', specialty: 'family-medicine', sort: 'name', queryText: '' },
    });
    expect(view.count).toBe(1);
    expect(view.count).toBe(await listTotal(owner, 'state=TX&specialty=family-medicine&sort=name'));

    const board = await created(owner.token, {
      name: 'First job board',
      kind: 'board',
      scope: 'personal',
      filters: { jobId },
    });
    expect(board.count).toBe(3);
    expect(board.count).toBe(await listTotal(owner, `jobId=${jobId}`));
  });

  it('keeps the list grouped by physician, counting physicians as the grouped list does', async () => {
    const { owner } = await team();
    const view = await created(owner.token, {
      name: 'By physician',
      scope: 'personal',
      filters: { groupBy: 'physician' },
    });
    expect(view.filters).toMatchObject({ groupBy: 'physician' });
    expect(view.count).toBe(await listTotal(owner, 'groupBy=physician'));
    expect((await views(owner.token)).find((stored) => stored._id === view._id)?.filters.groupBy).toBe(
      'physician',
    );
  });

  it('counts each view as the list would for the same filter, for every kind of filter', async () => {
    const { owner, jobId, otherJobId } = await team();
    const cases: [Record<string, unknown>, string][] = [
      [{}, ''],
      [{ state: 'TX' }, 'state=TX'],
      [{ jobId: otherJobId }, `jobId=${otherJobId}`],
      [{ jobId, pipelineStatus: 'Interview' }, `jobId=${jobId}&pipelineStatus=Interview`],
      [{ pipelineStatus: 'Submitted' }, 'pipelineStatus=Submitted'],
      [{ queryText: 'maria' }, 'queryText=maria'],
      [{ assigneeId: 'me' }, 'assigneeId=me'],
    ];
    for (const [index, [filters, query]] of cases.entries()) {
      const view = await created(owner.token, { name: `View ${index}`, scope: 'personal', filters });
      expect(view.count, JSON.stringify(filters)).toBe(await listTotal(owner, query));
    }
    const counts = (await views(owner.token)).map((view) => view.count);
    expect(counts).toEqual([4, 2, 2, 1, 3, 1, 0]);
  });

  it('lets the owner and admins share a view; recruiters see it with their own count', async () => {
    const { owner, admin, recruiter } = await team();
    const shared = await created(admin.token, {
      name: 'New in Texas',
      scope: 'organization',
      filters: { state: 'TX' },
    });
    expect(shared.scope).toBe('organization');
    const recruiterViews = await views(recruiter.token);
    expect(recruiterViews.map((view) => [view.name, view.count, view.canEdit])).toEqual([
      ['New in Texas', 2, false],
    ]);
    expect((await views(owner.token)).map((view) => view.canEdit)).toEqual([true]);
  });

  it('answers 403 to a recruiter sharing a view, and stores nothing', async () => {
    const { owner, recruiter } = await team();
    const response = await create(recruiter.token, {
      name: 'Mine to share',
      scope: 'organization',
      filters: {},
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(SAVED_VIEW_MESSAGES.sharedNeedsManager);
    expect(await storedCount(owner.organizationId)).toBe(0);
  });

  it('answers 400 to filters the list refuses, a missing name or a board without its job', async () => {
    const { owner } = await team();
    const invalid: unknown[] = [
      { name: 'Bad state', scope: 'personal', filters: { state: 'Texas' } },
      { name: 'Bad sort', scope: 'personal', filters: { sort: 'salary' } },
      { name: 'Bad stage', scope: 'personal', filters: { pipelineStatus: 'Maybe' } },
      { name: 'Bad assignee', scope: 'personal', filters: { assigneeId: 'someone' } },
      { name: 'Bad grouping', scope: 'personal', filters: { groupBy: 'job' } },
      { name: '  ', scope: 'personal', filters: {} },
      { name: 'x'.repeat(61), scope: 'personal', filters: {} },
      { name: 'No scope', filters: {} },
      { name: 'Board', kind: 'board', scope: 'personal', filters: {} },
      { name: 'No filters', scope: 'personal' },
    ];
    for (const payload of invalid) {
      const response = await create(owner.token, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await storedCount(owner.organizationId)).toBe(0);
  });

  it('answers 404 for another organisation’s job, and stores nothing', async () => {
    const { owner } = await team();
    const stranger = await team();
    const response = await create(owner.token, {
      name: 'Their job',
      scope: 'personal',
      filters: { jobId: stranger.jobId },
    });
    expect(response.statusCode).toBe(404);
    expect(await storedCount(owner.organizationId)).toBe(0);
  });

  it('answers 409 for a name already used in the same scope, whatever its case', async () => {
    const { owner } = await team();
    await created(owner.token, { name: 'Texas', scope: 'personal', filters: {} });
    const again = await create(owner.token, { name: 'texas', scope: 'personal', filters: {} });
    expect(again.statusCode).toBe(409);
    // The same name among the shared views is another scope.
    await created(owner.token, { name: 'Texas', scope: 'organization', filters: {} });
  });
});

describe('GET /api/employer/view/get-all-views', () => {
  it('lists shared views first, then the member’s own; never another member’s or organisation’s', async () => {
    const { owner, recruiter, delegate } = await team();
    const stranger = await team();
    await created(owner.token, { name: 'Zeta shared', scope: 'organization', filters: {} });
    await created(owner.token, { name: 'Owner only', scope: 'personal', filters: {} });
    await created(recruiter.token, { name: 'Alpha mine', scope: 'personal', filters: {} });
    await created(stranger.owner.token, { name: 'Stranger', scope: 'organization', filters: {} });

    expect((await views(recruiter.token)).map((view) => view.name)).toEqual(['Zeta shared', 'Alpha mine']);
    expect((await views(owner.token)).map((view) => view.name)).toEqual(['Zeta shared', 'Owner only']);
    // A delegate keeps personal views only, as with message templates.
    expect(await views(delegate.token)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    const response = await callApi(app, 'GET', `${BASE}/get-all-views`);
    expect(response.statusCode).toBe(401);
  });

  it('follows the list as applications change', async () => {
    const { owner, jobId } = await team();
    const view = await created(owner.token, {
      name: 'Interviews',
      scope: 'personal',
      filters: { pipelineStatus: 'Interview' },
    });
    expect(view.count).toBe(1);
    const [john] = await createNamedPhysicians(app, { john: {} }).then((ids) => [ids.john]);
    const application = await apply(app, john ?? '', jobId);
    await updatePipelineStatus({
      db: app.db,
      owner: { userId: owner.id, organizationId: owner.organizationId, memberRole: 'owner' },
      applicationId: application,
      pipelineStatus: 'Interview',
    });
    expect((await views(owner.token))[0]?.count).toBe(2);
    expect(await listTotal(owner, 'pipelineStatus=Interview')).toBe(2);
  });
});

describe('PATCH /api/employer/view/update-view/{viewId}', () => {
  it('renames a personal view and keeps new filters; the count follows', async () => {
    const { owner } = await team();
    const view = await created(owner.token, { name: 'Texas', scope: 'personal', filters: { state: 'TX' } });
    const renamed = await update(owner.token, view._id, { name: 'New York', filters: { state: 'NY' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'New York', filters: { state: 'NY' }, count: 1 });
  });

  it('answers 400 to an empty change, bad filters, or a board losing its job; nothing changes', async () => {
    const { owner, jobId } = await team();
    const view = await created(owner.token, {
      name: 'Board',
      kind: 'board',
      scope: 'personal',
      filters: { jobId },
    });
    for (const payload of [{}, { name: '' }, { filters: { state: 'Texas' } }, { filters: {} }]) {
      const response = await update(owner.token, view._id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const [stored] = await app.db.select().from(savedViews).where(eq(savedViews.id, view._id));
    expect(stored).toMatchObject({ name: 'Board', filters: { jobId } });
  });

  it('answers 404 for another member’s personal view and another organisation’s view', async () => {
    const { owner, recruiter } = await team();
    const stranger = await team();
    const mine = await created(recruiter.token, { name: 'Recruiter only', scope: 'personal', filters: {} });
    const theirs = await created(stranger.owner.token, {
      name: 'Theirs',
      scope: 'organization',
      filters: {},
    });
    for (const viewId of [mine._id, theirs._id, 'not-a-uuid']) {
      const response = await update(owner.token, viewId, { name: 'Taken over' });
      expect(response.statusCode, viewId).toBe(404);
      expect(response.json().error.message).toBe(SAVED_VIEW_MESSAGES.notFound);
    }
    const [stored] = await app.db.select().from(savedViews).where(eq(savedViews.id, theirs._id));
    expect(stored?.name).toBe('Theirs');
  });

  it('answers 403 to a recruiter renaming a shared view', async () => {
    const { owner, recruiter } = await team();
    const shared = await created(owner.token, { name: 'Team view', scope: 'organization', filters: {} });
    const response = await update(recruiter.token, shared._id, { name: 'Mine now' });
    expect(response.statusCode).toBe(403);
    expect((await views(owner.token))[0]?.name).toBe('Team view');
  });
});

describe('DELETE /api/employer/view/delete-view/{viewId}', () => {
  it('deletes the member’s own view', async () => {
    const { recruiter } = await team();
    const view = await created(recruiter.token, { name: 'Short-lived', scope: 'personal', filters: {} });
    const response = await remove(recruiter.token, view._id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({ _id: view._id });
    expect(await views(recruiter.token)).toEqual([]);
  });

  it('answers 404 for another organisation’s view and 403 for a recruiter on a shared one', async () => {
    const { owner, recruiter, admin } = await team();
    const stranger = await team();
    const theirs = await created(stranger.owner.token, { name: 'Theirs', scope: 'personal', filters: {} });
    expect((await remove(owner.token, theirs._id)).statusCode).toBe(404);
    const shared = await created(owner.token, { name: 'Team view', scope: 'organization', filters: {} });
    expect((await remove(recruiter.token, shared._id)).statusCode).toBe(403);
    expect(await storedCount(owner.organizationId)).toBe(1);
    expect((await remove(admin.token, shared._id)).statusCode).toBe(200);
    expect(await storedCount(owner.organizationId)).toBe(0);
    expect(await storedCount(stranger.owner.organizationId)).toBe(1);
  });
});
