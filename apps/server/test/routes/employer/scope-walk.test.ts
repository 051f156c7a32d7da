import { DEFAULT_SCORECARD_CRITERIA } from '@medhire/contract/interviews';
import type { TMemberRole } from '@medhire/contract/team-roles';
import { eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { can } from '../../../src/domain/team/rights.ts';
import { ROUTE_RIGHTS, type RouteRule } from '../../../src/domain/team/route-rights.ts';
import { buildTestApp } from '../../helper.ts';
import { quoteIdentifier } from '../../test-database.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi as callPhysicianApi, invite, signedInPhysician } from '../employee/physician-kit.ts';
import { apply, callApi, createPhysician } from './applicant-kit.ts';
import { PASSWORD, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember, freshToken, teamOwner } from './team-kit.ts';

/**
 * The scope walk, generated from ROUTE_RIGHTS (a new route is walked without being listed here):
 * every employer route is called by a delegate with ids of things outside the jobs assigned to
 * them (a physician, application, job, conversation, match, message, another member's
 * notification), and by a recruiter on the owner's and admins' routes. Each call must be refused
 * (403 or 404) and leave the database exactly as it was; the routes about the caller's own
 * account may answer, but must neither reveal nor change anything out of scope.
 */

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Caller = 'delegate' | 'recruiter';

let app: FastifyInstance;
let owner: Awaited<ReturnType<typeof teamOwner>>;
const members = new Map<Caller, string>();
/** Ids outside the delegate's jobs, by the path parameter that names them. */
const outOfScope: Record<string, string> = {};
let inScopePhysicianId: string;
let inScopeJobId: string;

/** The one route whose `:id` is a notification, not a user. */
const NOTIFICATION_BY_ID = 'PATCH /api/employer/notification/:id/mark-as-read-notification';
/** Path parameters that name the caller (or, refused, another member). */
const USER_PARAMS = new Set(['id', 'userId']);
/** Routes whose success changes the caller for good: called by a member made for the call. */
const IRREVERSIBLE = new Set([
  'PATCH /api/employer/auth/v1/archive-profile/:id',
  'POST /api/employer/team/accept-delegate-agreement',
]);
/** Tables a call about the caller's own session legitimately writes (sign-out, codes sent). */
const SESSION_TABLES = new Set(['sessions', 'otp_codes', 'account_tokens', 'idempotency_keys']);

/** A body each writing route accepts, so the walk reaches the route's scope check, not validation. */
function sampleBody(key: string): Record<string, unknown> {
  const bodies: Record<string, Record<string, unknown>> = {
    'PATCH /api/employer/job/update-job/:jobId': minimalJobBody({ title: 'Renamed by the walk' }),
    'PATCH /api/employer/job/update-job-status/:jobId': { status: 'closed' },
    'PATCH /api/employer/job/assign-job/:jobId': { assigneeId: null },
    'PATCH /api/employer/applicant/assign-applicant/:applicationId': { assigneeId: null },
    'PATCH /api/employer/applicant/update-pipeline-status/:applicationId': { pipelineStatus: 'Shortlisted' },
    'PATCH /api/employer/match/update-match-status/:matchId': { status: 'cancelled' },
    'POST /api/employer/conversation/send-message/:conversationId': {
      body: 'Sent by the scope walk',
      tempMsgId: 'scope-walk-1',
    },
    'PATCH /api/employer/conversation/archive/:conversationId': { archived: true },
    'PATCH /api/employer/template/update-template/:templateId': { name: 'Renamed by the walk' },
    'PATCH /api/employer/view/update-view/:viewId': { name: 'Renamed by the walk' },
    'POST /api/employer/match/create-match': { jobId: inScopeJobId, applicantId: inScopePhysicianId },
    'POST /api/employer/auth/v1/reset-password/:id': {
      oldPassword: PASSWORD,
      newPassword: 'Walk-new-password-2026',
    },
    'POST /api/employer/auth/v1/update-email/:id': { email: 'walk@example.com' },
    'POST /api/employer/auth/v1/verify-otp-update-email/:id': { email: 'walk@example.com', otp: '123456' },
    'PATCH /api/employer/auth/save-fcm-token/:id': { value: 'walk-push-token' },
    'DELETE /api/employer/auth/delete-fcm-token/:id': { value: 'walk-push-token' },
    'PATCH /api/employer/auth/v1/update-current-profile-step/:id': { currentProfileStep: 2 },
    'PATCH /api/employer/auth/v1/update-full-name/:id': { fullName: 'Walk Tester' },
    'PATCH /api/employer/auth/passkey/:id': { name: 'Renamed by the walk' },
    'PATCH /api/employer/notification/preferences/:id': {
      preferences: [{ type: 'APPLY_ON_JOB', push: false }],
    },
    'PATCH /api/employer/notification/weekly-summary/:id': { isEnabled: false },
    'POST /api/employer/interview/schedule-interview/:applicationId': {
      type: 'video',
      durationMinutes: 30,
      interviewerIds: [members.get('delegate')],
      timeZone: 'America/Chicago',
      timing: { mode: 'fixed', startsAt: new Date(Date.now() + 30 * 24 * 3600_000).toISOString() },
    },
    'PATCH /api/employer/interview/reschedule-interview/:interviewId': {
      timing: { mode: 'fixed', startsAt: new Date(Date.now() + 31 * 24 * 3600_000).toISOString() },
    },
    'PATCH /api/employer/interview/cancel-interview/:interviewId': { reason: 'Cancelled by the walk' },
    'PATCH /api/employer/interview/record-outcome/:interviewId': { outcome: 'completed' },
    'PATCH /api/employer/job/update-scorecard-criteria/:jobId': { criteria: ['Set by the walk'] },
    'POST /api/employer/interview/submit-scorecard/:interviewId': {
      ratings: DEFAULT_SCORECARD_CRITERIA.map((criterion) => ({ criterion, rating: 3 })),
      recommendation: 'yes',
    },
  };
  return bodies[key] ?? {};
}

/**
 * Bodies that name out-of-scope things for routes whose path names none, by what they name; made
 * when the test runs, once the ids exist.
 */
function scopedBodies(key: string): { names: string; body: () => Record<string, unknown> }[] {
  if (key === 'POST /api/employer/match/create-match') {
    return [
      { names: 'job', body: () => ({ jobId: outOfScope.jobId, applicantId: inScopePhysicianId }) },
      { names: 'physician', body: () => ({ jobId: inScopeJobId, applicantId: outOfScope.applicantId }) },
    ];
  }
  if (key === 'POST /api/employer/template/preview-template') {
    const body = 'Hello {{physician.firstName}}';
    return [
      { names: 'conversation', body: () => ({ body, conversationId: outOfScope.conversationId }) },
      { names: 'application', body: () => ({ body, applicationId: outOfScope.applicationId }) },
    ];
  }
  return [];
}

beforeAll(async () => {
  app = await buildTestApp();
  owner = await teamOwner(app);
  const jobIn = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Delegate’s job' }));
  const jobOut = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Another job' }));
  inScopeJobId = jobIn._id;
  const delegate = await addMember(app, owner.organizationId, 'delegate');
  members.set('delegate', delegate.id);
  members.set('recruiter', (await addMember(app, owner.organizationId, 'recruiter')).id);
  await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, jobIn._id));

  // In scope: a physician who applied to the delegate's job.
  inScopePhysicianId = await createPhysician(app);
  await apply(app, inScopePhysicianId, jobIn._id);

  // Out of scope: a hidden physician who applied to the other job only, saved by the owner.
  const hidden = await createPhysician(app, { isDiscoverable: false, firstName: 'Outside' });
  const applicationId = await apply(app, hidden, jobOut._id);
  const saved = await callApi(app, 'POST', `/employer/applicant/save-applicant/${hidden}`, owner.token);
  expect(saved.statusCode, saved.body).toBe(200);

  // Out of scope: an accepted invite to the other job, its conversation and a message in it.
  const physician = await signedInPhysician(app);
  const match = await invite(app, owner, jobOut._id, physician.profile._id);
  const accepted = await callPhysicianApi(
    app,
    'PATCH',
    `/api/employee/match/respond/${match._id}`,
    physician.token,
    { status: 'accepted' },
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  const conversationId = accepted.json().data.conversationId as string;
  const sent = await callApi(
    app,
    'POST',
    `/employer/conversation/send-message/${conversationId}`,
    owner.token,
    { body: 'Welcome', tempMsgId: 'owner-1' },
  );
  expect(sent.statusCode, sent.body).toBe(200);
  const reply = await callPhysicianApi(
    app,
    'POST',
    `/api/employee/conversation/send-message/${conversationId}`,
    physician.token,
    { body: 'Thank you', tempMsgId: 'physician-1' },
  );
  expect(reply.statusCode, reply.body).toBe(200);

  // Out of scope: an interview on the other job, which the delegate does not interview on.
  const interview = await callApi(
    app,
    'POST',
    `/employer/interview/schedule-interview/${applicationId}`,
    owner.token,
    {
      type: 'phone',
      durationMinutes: 30,
      interviewerIds: [owner.id],
      timeZone: 'America/Chicago',
      timing: { mode: 'fixed', startsAt: new Date(Date.now() + 20 * 24 * 3600_000).toISOString() },
    },
  );
  expect(interview.statusCode, interview.body).toBe(200);

  const [ownerNotification] = await app.db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, owner.id))
    .limit(1);
  if (!ownerNotification) throw new Error('The owner has no notification to walk with.');

  // Let background delivery of the setup's notifications finish before any fingerprint is taken.
  await vi.waitFor(
    async () => expect(await app.db.$count(notifications, isNull(notifications.deliveredAt))).toBe(0),
    { timeout: 30_000, interval: 200 },
  );

  // Out of scope: a template shared with the organisation (delegates keep personal ones only).
  const template = await callApi(app, 'POST', '/employer/template/create-template', owner.token, {
    name: 'Shared by the owner',
    body: 'Hello {{physician.firstName}}',
    scope: 'organization',
  });
  expect(template.statusCode, template.body).toBe(200);
  // Out of scope: a saved view shared with the organisation (delegates keep personal ones only).
  const view = await callApi(app, 'POST', '/employer/view/create-view', owner.token, {
    name: 'Shared by the owner',
    scope: 'organization',
    filters: {},
  });
  expect(view.statusCode, view.body).toBe(200);

  Object.assign(outOfScope, {
    templateId: template.json().data._id as string,
    viewId: view.json().data._id as string,
    applicantId: hidden,
    applicationId,
    jobId: jobOut._id,
    conversationId,
    matchId: match._id,
    messageId: sent.json().data._id as string,
    notificationId: ownerNotification.id,
    interviewId: interview.json().data._id as string,
  });
});
afterAll(async () => {
  await app.close();
});

/**
 * A fingerprint of every table of the app schema but sessions (row contents, not counts).
 * `ownRowsOf` leaves out the rows of that user's own account, which calls about themselves may change.
 */
async function snapshot(ownRowsOf?: string): Promise<Record<string, string>> {
  const tables = (await app.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  )) as unknown as { tablename: string }[];
  const parts = tables
    // Each call signs in afresh (a session row): sessions are the walk's own doing.
    .filter(({ tablename }) => tablename !== 'sessions' && !(ownRowsOf && SESSION_TABLES.has(tablename)))
    .map(({ tablename }) => {
      const table = `public.${quoteIdentifier(tablename)}`;
      const own = ownRowsOf
        ? `where coalesce(to_jsonb(t)->>'user_id', '') <> '${ownRowsOf}'
             and coalesce(to_jsonb(t)->>'actor_user_id', '') <> '${ownRowsOf}'
             ${tablename === 'users' ? `and t.id::text <> '${ownRowsOf}'` : ''}`
        : '';
      return `select '${tablename}' as name, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as hash
        from ${table} t ${own}`;
    });
  const rows = (await app.db.execute(sql.raw(parts.join(' union all ')))) as unknown as {
    name: string;
    hash: string;
  }[];
  return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
}

/** The route's url with its parameters filled: out-of-scope ids, and `userParam` for the caller. */
function urlFor(key: string, url: string, userParam: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => {
    if (key === NOTIFICATION_BY_ID && name === 'id') return outOfScope.notificationId ?? UNKNOWN_ID;
    if (USER_PARAMS.has(name)) return userParam;
    return outOfScope[name] ?? UNKNOWN_ID;
  });
}

async function callAs(userId: string, method: Method, url: string, payload?: Record<string, unknown>) {
  // A session per call: some routes (sign-out, password change) end the session they are called with.
  const token = await freshToken(app, userId);
  const hasBody = method !== 'GET' && (method !== 'DELETE' || Object.keys(payload ?? {}).length > 0);
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(hasBody ? { payload: payload ?? {} } : {}),
    remoteAddress: uniqueIp(),
  });
}

/** Calls the route and expects a refusal that changed nothing. */
async function expectRefusedUnchanged(
  userId: string,
  method: Method,
  url: string,
  payload?: Record<string, unknown>,
) {
  const before = await snapshot();
  const response = await callAs(userId, method, url, payload);
  expect([403, 404], `${method} ${url} ${JSON.stringify(payload ?? {})}: ${response.body}`).toContain(
    response.statusCode,
  );
  expect(response.json().success).toBe(false);
  await app.mailer.idle();
  expect(await snapshot(), `${method} ${url} changed the database`).toEqual(before);
}

interface WalkedRoute {
  key: string;
  method: Method;
  url: string;
  rule: RouteRule & { kind: 'right' };
  /** The path names something other than the caller (a job, physician, conversation…). */
  hasScopedParam: boolean;
  hasUserParam: boolean;
}

const signedInRoutes: WalkedRoute[] = Object.entries(ROUTE_RIGHTS).flatMap(([key, rule]) => {
  if (rule.kind === 'public') return [];
  const [method, url] = key.split(' ') as [Method, string];
  const params = [...url.matchAll(/:(\w+)/g)].map((match) => match[1] ?? '');
  const hasScopedParam = key === NOTIFICATION_BY_ID || params.some((name) => !USER_PARAMS.has(name));
  const hasUserParam = key !== NOTIFICATION_BY_ID && params.some((name) => USER_PARAMS.has(name));
  return [{ key, method, url, rule, hasScopedParam, hasUserParam }];
});

const delegateRoutes = signedInRoutes.filter(({ rule }) => can('delegate', rule.right));

describe('a delegate, against things outside the jobs assigned to them', () => {
  it.each(delegateRoutes.filter((route) => route.hasScopedParam))(
    '$key with out-of-scope ids is refused and changes nothing',
    async ({ key, method, url }) => {
      const delegateId = members.get('delegate') ?? '';
      await expectRefusedUnchanged(delegateId, method, urlFor(key, url, delegateId), sampleBody(key));
    },
  );

  it.each(delegateRoutes.filter((route) => route.hasUserParam))(
    '$key for another member is refused and changes nothing',
    async ({ key, method, url }) => {
      const delegateId = members.get('delegate') ?? '';
      await expectRefusedUnchanged(delegateId, method, urlFor(key, url, owner.id), sampleBody(key));
    },
  );

  it.each(
    delegateRoutes.flatMap((route) => scopedBodies(route.key).map((sample) => ({ ...route, ...sample }))),
  )(
    '$key with an out-of-scope $names in the body is refused and changes nothing',
    async ({ key, method, url, body }) => {
      const delegateId = members.get('delegate') ?? '';
      await expectRefusedUnchanged(delegateId, method, urlFor(key, url, delegateId), body());
    },
  );

  it.each(delegateRoutes.filter((route) => !route.hasScopedParam))(
    '$key about the delegate reveals and changes nothing out of scope',
    async ({ key, method, url, hasUserParam }) => {
      // A valid body only where the route is about the caller; a route of the organisation's
      // (an invite to an in-scope job) could rightly write.
      const payload = hasUserParam ? sampleBody(key) : {};
      const delegateId = IRREVERSIBLE.has(key)
        ? (await addMember(app, owner.organizationId, 'delegate')).id
        : (members.get('delegate') ?? '');
      const filters = method === 'GET' ? ['', `?jobId=${outOfScope.jobId}`] : [''];
      for (const filter of filters) {
        const before = await snapshot(delegateId);
        const response = await callAs(
          delegateId,
          method,
          `${urlFor(key, url, delegateId)}${filter}`,
          payload,
        );
        for (const [kind, id] of Object.entries(outOfScope)) {
          expect(response.body, `${key}${filter} reveals the out-of-scope ${kind}`).not.toContain(id);
        }
        await app.mailer.idle();
        expect(await snapshot(delegateId), `${key}${filter} changed the database`).toEqual(before);
      }
    },
  );
});

describe.each<Caller>(['recruiter', 'delegate'])('a %s, on routes their role may not use', (caller) => {
  const role: TMemberRole = caller;
  it.each(signedInRoutes.filter(({ rule }) => !can(role, rule.right)))(
    '$key is refused and changes nothing',
    async ({ key, method, url }) => {
      const userId = members.get(caller) ?? '';
      const before = await snapshot();
      const response = await callAs(userId, method, urlFor(key, url, userId), sampleBody(key));
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error?.code).toBe('FORBIDDEN_ROLE');
      expect(await snapshot(), `${key} changed the database`).toEqual(before);
    },
  );
});

describe('the four reported cases', () => {
  it('a delegate’s save of a physician of another job answers 404 and saves nothing', async () => {
    const delegateId = members.get('delegate') ?? '';
    const other = await createPhysician(app, { isDiscoverable: false });
    await apply(app, other, outOfScope.jobId ?? '');
    const token = await freshToken(app, delegateId);
    const response = await callApi(app, 'POST', `/employer/applicant/save-applicant/${other}`, token);
    expect(response.statusCode, response.body).toBe(404);
    const asOwner = await callApi(
      app,
      'GET',
      `/employer/applicant/get-single-applicant/${other}`,
      owner.token,
    );
    expect(asOwner.json().data.isSaved).toBe(false);
  });

  it('a delegate cannot unsave the owner’s saved physician of another job', async () => {
    const token = await freshToken(app, members.get('delegate') ?? '');
    const response = await callApi(
      app,
      'DELETE',
      `/employer/applicant/unsave-applicant/${outOfScope.applicantId}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(404);
    const asOwner = await callApi(
      app,
      'GET',
      `/employer/applicant/get-single-applicant/${outOfScope.applicantId}`,
      owner.token,
    );
    expect(asOwner.json().data.isSaved).toBe(true);
  });

  it('a delegate saves, lists and unsaves a physician of their own job; the owner sees both', async () => {
    const delegateId = members.get('delegate') ?? '';
    const token = await freshToken(app, delegateId);
    const saved = await callApi(
      app,
      'POST',
      `/employer/applicant/save-applicant/${inScopePhysicianId}`,
      token,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.isSaved).toBe(true);
    const list = await callApi(app, 'GET', `/employer/applicant/get-saved-applicants/${delegateId}`, token);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.applicants.map((applicant: { _id: string }) => applicant._id)).toEqual([
      inScopePhysicianId,
    ]);
    expect(list.json().data.total).toBe(1);
    const ownerList = await callApi(
      app,
      'GET',
      `/employer/applicant/get-saved-applicants/${owner.id}`,
      owner.token,
    );
    const ownerIds = ownerList.json().data.applicants.map((applicant: { _id: string }) => applicant._id);
    expect(ownerIds).toEqual(expect.arrayContaining([inScopePhysicianId, outOfScope.applicantId]));
    const unsaved = await callApi(
      app,
      'DELETE',
      `/employer/applicant/unsave-applicant/${inScopePhysicianId}`,
      token,
    );
    expect(unsaved.statusCode, unsaved.body).toBe(200);
  });

  it('marking a conversation of another job read answers 404, as opening it does', async () => {
    const delegateId = members.get('delegate') ?? '';
    const token = await freshToken(app, delegateId);
    const response = await callApi(
      app,
      'PATCH',
      `/employer/notification/${delegateId}/mark-as-read-conversation-notification/${outOfScope.conversationId}`,
      token,
    );
    expect(response.statusCode, response.body).toBe(404);
    const opened = await callApi(
      app,
      'GET',
      `/employer/conversation/get-single-conversation/${outOfScope.conversationId}`,
      token,
    );
    expect(opened.statusCode).toBe(404);
  });
});
