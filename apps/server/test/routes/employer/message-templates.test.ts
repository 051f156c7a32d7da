import { MESSAGE_BODY_MAX } from '@medhire/contract/conversations';
import { TEMPLATE_MESSAGES, type TMessageTemplate } from '@medhire/contract/message-templates';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { conversations, messages } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { messageTemplates } from '../../../src/db/schema/message-templates.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  type SignedInPhysician,
  signedInPhysician,
} from '../employee/physician-kit.ts';
import { addMember, type TeamMember } from './team-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Employer = Awaited<ReturnType<typeof employerWithOpenJob>>['employer'];

const BASE = '/api/employer/template';

function list(token: string | undefined) {
  return callApi(app, 'GET', `${BASE}/get-templates`, token);
}
function create(token: string | undefined, payload: unknown) {
  return callApi(app, 'POST', `${BASE}/create-template`, token, payload);
}
function update(token: string | undefined, templateId: string, payload: unknown) {
  return callApi(app, 'PATCH', `${BASE}/update-template/${templateId}`, token, payload);
}
function remove(token: string | undefined, templateId: string) {
  return callApi(app, 'DELETE', `${BASE}/delete-template/${templateId}`, token);
}
function preview(token: string | undefined, payload: unknown) {
  return callApi(app, 'POST', `${BASE}/preview-template`, token, payload);
}
function send(token: string, conversationId: string, payload: unknown) {
  return callApi(app, 'POST', `/api/employer/conversation/send-message/${conversationId}`, token, payload);
}

async function created(token: string, payload: { name: string; body: string; scope: string }) {
  const response = await create(token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TMessageTemplate;
}

async function names(token: string): Promise<string[]> {
  const response = await list(token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data.templates as TMessageTemplate[]).map((template) => template.name);
}

async function setFullName(userId: string, fullName: string | null) {
  await app.db.update(users).set({ fullName }).where(eq(users.id, userId));
}

async function storedTemplate(templateId: string) {
  const [row] = await app.db.select().from(messageTemplates).where(eq(messageTemplates.id, templateId));
  return row;
}

async function messagesOf(conversationId: string) {
  return app.db.select().from(messages).where(eq(messages.conversationId, conversationId));
}

interface Team {
  owner: Employer;
  admin: TeamMember;
  recruiter: TeamMember;
  delegate: TeamMember;
  jobId: string;
}

/** An organisation (owner Maria Delgado) with an admin, a recruiter and a delegate, and one open job. */
async function team(title = 'Family Medicine Physician – Outpatient'): Promise<Team> {
  const { employer, job } = await employerWithOpenJob(app, { title });
  await setFullName(employer.id, 'Maria Delgado');
  const admin = await addMember(app, employer.organizationId, 'admin', { fullName: 'Ada Admin' });
  const recruiter = await addMember(app, employer.organizationId, 'recruiter', { fullName: 'James Okafor' });
  const delegate = await addMember(app, employer.organizationId, 'delegate', { fullName: 'Priya Raman' });
  return { owner: employer, admin, recruiter, delegate, jobId: job._id };
}

/** A physician's accepted invite to the team's job: the conversation it opens. */
async function conversationWith(
  employer: Employer,
  jobId: string,
  name = { firstName: 'Lena', lastName: 'Marsh' },
): Promise<{ physician: SignedInPhysician; conversationId: string }> {
  const physician = await signedInPhysician(app, { register: name });
  const match = await invite(app, employer, jobId, physician.profile._id);
  const accepted = await callApi(app, 'PATCH', `/api/employee/match/respond/${match._id}`, physician.token, {
    status: 'accepted',
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { physician, conversationId: accepted.json().data.conversationId as string };
}

async function applicationOf(physician: SignedInPhysician, jobId: string): Promise<string> {
  const applied = await callApi(app, 'POST', `/api/employee/job/apply/${jobId}`, physician.token, {});
  expect(applied.statusCode, applied.body).toBe(200);
  return applied.json().data._id as string;
}

const GREETING =
  'Dear Dr. {{physician.lastName}}, thank you for applying to {{job.title}} at {{organization.name}}. – {{recruiter.fullName}}';

describe('GET /api/employer/template/get-templates', () => {
  let ours: Team;
  let theirs: Team;

  beforeAll(async () => {
    ours = await team();
    theirs = await team('Hospitalist');
    await created(ours.owner.token, { name: 'Welcome', body: GREETING, scope: 'organization' });
    await created(ours.owner.token, {
      name: 'Owner notes',
      body: 'Hi {{physician.firstName}}',
      scope: 'personal',
    });
    await created(ours.recruiter.token, { name: 'My follow-up', body: 'Following up.', scope: 'personal' });
    await created(ours.delegate.token, { name: 'Delegate hello', body: 'Hello!', scope: 'personal' });
    await created(theirs.owner.token, { name: 'Their welcome', body: 'Hi', scope: 'organization' });
  });

  it('answers the shared templates first, then the member’s own, and never another member’s personal ones', async () => {
    expect(await names(ours.owner.token)).toEqual(['Welcome', 'Owner notes']);
    expect(await names(ours.recruiter.token)).toEqual(['Welcome', 'My follow-up']);
    expect(await names(ours.admin.token)).toEqual(['Welcome']);
  });

  it('gives a delegate their personal templates only', async () => {
    expect(await names(ours.delegate.token)).toEqual(['Delegate hello']);
  });

  it('never answers another organisation’s templates', async () => {
    expect(await names(theirs.owner.token)).toEqual(['Their welcome']);
  });

  it('says who may edit each template and who wrote it', async () => {
    const response = await list(ours.recruiter.token);
    const [shared, own] = response.json().data.templates as TMessageTemplate[];
    expect(shared).toMatchObject({
      scope: 'organization',
      canEdit: false,
      createdBy: { _id: ours.owner.id, fullName: 'Maria Delgado' },
    });
    expect(own).toMatchObject({ scope: 'personal', canEdit: true });
    const asAdmin = (await list(ours.admin.token)).json().data.templates as TMessageTemplate[];
    expect(asAdmin[0]?.canEdit).toBe(true);
  });

  it('answers 401 without a session', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });
});

describe('POST /api/employer/template/create-template', () => {
  let ours: Team;
  beforeAll(async () => {
    ours = await team();
  });

  it('saves a personal template for any member and a shared one for the owner and admins', async () => {
    const personal = await created(ours.recruiter.token, {
      name: 'Recruiter intro',
      body: 'Hi {{physician.firstName}}, I am {{recruiter.fullName}}.',
      scope: 'personal',
    });
    expect(personal).toMatchObject({
      scope: 'personal',
      canEdit: true,
      createdBy: { _id: ours.recruiter.id },
    });
    expect((await storedTemplate(personal._id))?.ownerUserId).toBe(ours.recruiter.id);

    const shared = await created(ours.admin.token, {
      name: 'Shared intro',
      body: GREETING,
      scope: 'organization',
    });
    expect(shared).toMatchObject({ scope: 'organization', canEdit: true });
    expect((await storedTemplate(shared._id))?.ownerUserId).toBeNull();
    const delegatePersonal = await created(ours.delegate.token, {
      name: 'Delegate intro',
      body: 'Hello',
      scope: 'personal',
    });
    expect(delegatePersonal.scope).toBe('personal');
  });

  it.each(['recruiter', 'delegate'] as const)(
    'refuses a %s’s shared template (403) and stores nothing',
    async (role) => {
      const response = await create(ours[role].token, {
        name: `Shared by ${role}`,
        body: 'Hello',
        scope: 'organization',
      });
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error).toEqual({
        code: 'FORBIDDEN_ROLE',
        message: TEMPLATE_MESSAGES.sharedNeedsManager,
      });
      expect(await names(ours.owner.token)).not.toContain(`Shared by ${role}`);
    },
  );

  it('refuses unknown variables (400), naming them', async () => {
    const response = await create(ours.owner.token, {
      name: 'Typo',
      body: 'Hi {{physician.first_name}} at {{ clinic.name }}, from {{recruiter.fullName}}',
      scope: 'personal',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_FAILED');
    expect(response.json().error.message).toContain('{{physician.first_name}}, {{clinic.name}}');
    expect(response.json().error.message).not.toContain('recruiter.fullName');
  });

  it('refuses a body longer than a message may be, an empty name and an unknown scope (400)', async () => {
    const tooLong = await create(ours.owner.token, {
      name: 'Long',
      body: 'x'.repeat(MESSAGE_BODY_MAX + 1),
      scope: 'personal',
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.message).toContain('5,000 characters');
    const atLimit = await create(ours.owner.token, {
      name: 'At the limit',
      body: 'x'.repeat(MESSAGE_BODY_MAX),
      scope: 'personal',
    });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect((await create(ours.owner.token, { name: ' ', body: 'Hi', scope: 'personal' })).statusCode).toBe(
      400,
    );
    expect((await create(ours.owner.token, { name: 'X', body: 'Hi', scope: 'team' })).statusCode).toBe(400);
  });

  it('refuses a name already used in the same scope (409), whatever its case, and allows it in another scope', async () => {
    await created(ours.owner.token, { name: 'Check-in', body: 'Hi', scope: 'organization' });
    const again = await create(ours.admin.token, { name: 'CHECK-IN', body: 'Hello', scope: 'organization' });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe(TEMPLATE_MESSAGES.nameTaken);
    await created(ours.recruiter.token, { name: 'Check-in', body: 'Hi', scope: 'personal' });
    await created(ours.delegate.token, { name: 'Check-in', body: 'Hi', scope: 'personal' });
    const mineTwice = await create(ours.recruiter.token, { name: 'check-in', body: 'Hi', scope: 'personal' });
    expect(mineTwice.statusCode).toBe(409);
  });
});

describe('PATCH /api/employer/template/update-template/{templateId}', () => {
  let ours: Team;
  let theirs: Team;
  let shared: TMessageTemplate;
  let ownersPersonal: TMessageTemplate;
  let recruitersPersonal: TMessageTemplate;

  beforeAll(async () => {
    ours = await team();
    theirs = await team('Hospitalist');
    shared = await created(ours.owner.token, { name: 'Shared', body: GREETING, scope: 'organization' });
    ownersPersonal = await created(ours.owner.token, { name: 'Mine', body: 'Hi', scope: 'personal' });
    recruitersPersonal = await created(ours.recruiter.token, { name: 'Mine', body: 'Hi', scope: 'personal' });
  });

  it('lets the author rewrite a personal template and an admin a shared one', async () => {
    const renamed = await update(ours.recruiter.token, recruitersPersonal._id, {
      name: 'Follow-up',
      body: 'Hi {{physician.firstName}}, any questions about {{job.title}}?',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Follow-up',
      body: 'Hi {{physician.firstName}}, any questions about {{job.title}}?',
      scope: 'personal',
    });
    const sharedEdit = await update(ours.admin.token, shared._id, { body: 'Hello {{physician.firstName}}' });
    expect(sharedEdit.statusCode, sharedEdit.body).toBe(200);
    expect((await storedTemplate(shared._id))?.body).toBe('Hello {{physician.firstName}}');
  });

  it('refuses unknown variables and an empty change (400), changing nothing', async () => {
    const unknown = await update(ours.owner.token, ownersPersonal._id, { body: 'Hi {{physician.nickname}}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('{{physician.nickname}}');
    expect((await update(ours.owner.token, ownersPersonal._id, {})).statusCode).toBe(400);
    expect((await storedTemplate(ownersPersonal._id))?.body).toBe('Hi');
  });

  it('refuses a recruiter’s change of a shared template (403), changing nothing', async () => {
    const before = await storedTemplate(shared._id);
    const response = await update(ours.recruiter.token, shared._id, { name: 'Hijacked' });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().error.code).toBe('FORBIDDEN_ROLE');
    expect(await storedTemplate(shared._id)).toEqual(before);
  });

  it('answers 404 for another member’s personal template, another organisation’s, a delegate on a shared one, and unknown ids', async () => {
    const cases: [string, string][] = [
      [ours.recruiter.token, ownersPersonal._id],
      [ours.admin.token, ownersPersonal._id],
      [theirs.owner.token, shared._id],
      [theirs.owner.token, ownersPersonal._id],
      [ours.delegate.token, shared._id],
      [ours.owner.token, UNKNOWN_ID],
      [ours.owner.token, 'not-a-uuid'],
    ];
    for (const [token, templateId] of cases) {
      const response = await update(token, templateId, { name: 'Taken over' });
      expect(response.statusCode, `${templateId}: ${response.body}`).toBe(404);
      expect(response.json().error.message).toBe(TEMPLATE_MESSAGES.notFound);
    }
    expect((await storedTemplate(ownersPersonal._id))?.name).toBe('Mine');
  });

  it('refuses a name already used in the scope (409)', async () => {
    await created(ours.owner.token, { name: 'Other', body: 'Hi', scope: 'personal' });
    const response = await update(ours.owner.token, ownersPersonal._id, { name: 'other' });
    expect(response.statusCode, response.body).toBe(409);
  });
});

describe('DELETE /api/employer/template/delete-template/{templateId}', () => {
  it('deletes the member’s own and, for owners and admins, shared templates; refuses the rest', async () => {
    const ours = await team();
    const theirs = await team('Hospitalist');
    const shared = await created(ours.owner.token, { name: 'Shared', body: 'Hi', scope: 'organization' });
    const mine = await created(ours.recruiter.token, { name: 'Mine', body: 'Hi', scope: 'personal' });

    const byRecruiter = await remove(ours.recruiter.token, shared._id);
    expect(byRecruiter.statusCode, byRecruiter.body).toBe(403);
    for (const [token, templateId] of [
      [ours.owner.token, mine._id],
      [ours.delegate.token, shared._id],
      [theirs.owner.token, shared._id],
      [theirs.owner.token, mine._id],
      [ours.owner.token, UNKNOWN_ID],
    ] as const) {
      const response = await remove(token, templateId);
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(await storedTemplate(shared._id)).toBeDefined();
    expect(await storedTemplate(mine._id)).toBeDefined();

    const ownDeleted = await remove(ours.recruiter.token, mine._id);
    expect(ownDeleted.statusCode, ownDeleted.body).toBe(200);
    expect(ownDeleted.json()).toMatchObject({ success: true, data: { _id: mine._id } });
    const sharedDeleted = await remove(ours.admin.token, shared._id);
    expect(sharedDeleted.statusCode, sharedDeleted.body).toBe(200);
    expect(await storedTemplate(mine._id)).toBeUndefined();
    expect(await storedTemplate(shared._id)).toBeUndefined();
  });
});

describe('POST /api/employer/template/preview-template', () => {
  let ours: Team;
  let conversationId: string;
  let applicationId: string;

  beforeAll(async () => {
    ours = await team();
    const opened = await conversationWith(ours.owner, ours.jobId);
    conversationId = opened.conversationId;
    const applicant = await signedInPhysician(app, { register: { firstName: 'Omar', lastName: 'Haddad' } });
    applicationId = await applicationOf(applicant, ours.jobId);
  });

  it('renders a body for a conversation, with the sender as the recruiter', async () => {
    const response = await preview(ours.recruiter.token, { body: GREETING, conversationId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.text).toMatch(
      /^Dear Dr\. Marsh, thank you for applying to Family Medicine Physician – Outpatient at .+\. – James Okafor$/,
    );
    expect(response.json().data.emptyVariables).toEqual([]);
  });

  it('renders a body for an application (an applicant and a job)', async () => {
    const response = await preview(ours.owner.token, {
      body: 'Hi {{physician.firstName}} {{physician.lastName}}, about {{job.title}}',
      applicationId,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toEqual({
      text: 'Hi Omar Haddad, about Family Medicine Physician – Outpatient',
      emptyVariables: [],
    });
  });

  it('lists the variables that would be empty', async () => {
    await setFullName(ours.admin.id, null);
    const response = await preview(ours.admin.token, { body: GREETING, conversationId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.emptyVariables).toEqual(['recruiter.fullName']);
    expect(response.json().data.text).toMatch(/ – $/);
  });

  it('refuses a body with unknown variables, and neither or both recipients (400)', async () => {
    const unknown = await preview(ours.owner.token, { body: 'Hi {{doctor.name}}', conversationId });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toContain('{{doctor.name}}');
    expect((await preview(ours.owner.token, { body: 'Hi' })).statusCode).toBe(400);
    expect((await preview(ours.owner.token, { body: 'Hi', conversationId, applicationId })).statusCode).toBe(
      400,
    );
  });

  it('answers 404 for another organisation’s conversation or application, and a delegate’s unassigned ones', async () => {
    const theirs = await team('Hospitalist');
    const delegateBody = { body: 'Hi {{physician.firstName}}' };
    for (const [token, recipient] of [
      [theirs.owner.token, { conversationId }],
      [theirs.owner.token, { applicationId }],
      [ours.delegate.token, { conversationId }],
      [ours.delegate.token, { applicationId }],
      [ours.owner.token, { conversationId: UNKNOWN_ID }],
    ] as const) {
      const response = await preview(token, { ...delegateBody, ...recipient });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe(TEMPLATE_MESSAGES.recipientNotFound);
    }
    await app.db.update(jobs).set({ assigneeUserId: ours.delegate.id }).where(eq(jobs.id, ours.jobId));
    const assigned = await preview(ours.delegate.token, { ...delegateBody, conversationId });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.text).toBe('Hi Lena');
  });
});

describe('POST /api/employer/conversation/send-message/{conversationId} with a templateId', () => {
  let ours: Team;
  let conversationId: string;
  let shared: TMessageTemplate;

  beforeAll(async () => {
    ours = await team();
    conversationId = (await conversationWith(ours.owner, ours.jobId)).conversationId;
    shared = await created(ours.owner.token, { name: 'Welcome', body: GREETING, scope: 'organization' });
  });

  it('stores the server’s rendering for the conversation, once per tempMsgId', async () => {
    const payload = { body: 'What the client previewed', tempMsgId: 'template-1', templateId: shared._id };
    const first = await send(ours.recruiter.token, conversationId, payload);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.body).toMatch(/^Dear Dr\. Marsh, thank you for applying to .+ – James Okafor$/);
    const retry = await send(ours.recruiter.token, conversationId, payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data._id).toBe(first.json().data._id);
    const stored = (await messagesOf(conversationId)).filter((message) => message.tempMsgId === 'template-1');
    expect(stored).toHaveLength(1);
    expect(stored[0]?.body).toBe(first.json().data.body);
  });

  it('refuses (422) a template that would leave a variable empty, naming it, and stores nothing', async () => {
    await setFullName(ours.admin.id, null);
    const [before] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    const countBefore = (await messagesOf(conversationId)).length;
    const response = await send(ours.admin.token, conversationId, {
      body: 'Dear Dr. Marsh …',
      tempMsgId: 'template-empty',
      templateId: shared._id,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.code).toBe('BUSINESS_RULE');
    expect(response.json().error.message).toContain('{{recruiter.fullName}}');
    expect(await messagesOf(conversationId)).toHaveLength(countBefore);
    const [after] = await app.db.select().from(conversations).where(eq(conversations.id, conversationId));
    expect(after?.lastSeq).toBe(before?.lastSeq);
    expect(after?.physicianUnread).toBe(before?.physicianUnread);
  });

  it('refuses a template whose job is gone: its title would be empty', async () => {
    const other = await team('Urgent Care Physician');
    const opened = await conversationWith(other.owner, other.jobId);
    await app.db
      .update(conversations)
      .set({ jobId: null })
      .where(eq(conversations.id, opened.conversationId));
    const template = await created(other.owner.token, {
      name: 'About the job',
      body: 'About {{job.title}}',
      scope: 'personal',
    });
    const response = await send(other.owner.token, opened.conversationId, {
      body: 'About',
      tempMsgId: 'no-job',
      templateId: template._id,
    });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error.message).toContain('{{job.title}}');
    expect(await messagesOf(opened.conversationId)).toHaveLength(0);
  });

  it('answers a stored send’s retry even after its template changed to one that would be refused', async () => {
    const mine = await created(ours.owner.token, {
      name: 'Short hello',
      body: 'Hello {{physician.firstName}}',
      scope: 'personal',
    });
    const payload = { body: 'Hello Lena', tempMsgId: 'template-retry', templateId: mine._id };
    const first = await send(ours.owner.token, conversationId, payload);
    expect(first.statusCode, first.body).toBe(200);
    await setFullName(ours.owner.id, null);
    await update(ours.owner.token, mine._id, {
      body: 'Hello {{physician.firstName}}, {{recruiter.fullName}}',
    });
    const retry = await send(ours.owner.token, conversationId, payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data).toMatchObject({ _id: first.json().data._id, body: 'Hello Lena' });
    await setFullName(ours.owner.id, 'Maria Delgado');
  });

  it('answers 404 for a template the sender may not use, storing nothing', async () => {
    const ownersPersonal = await created(ours.owner.token, {
      name: 'Owner only',
      body: 'Hi {{physician.firstName}}',
      scope: 'personal',
    });
    const theirs = await team('Hospitalist');
    const theirTemplate = await created(theirs.owner.token, {
      name: 'Theirs',
      body: 'Hi',
      scope: 'organization',
    });
    const countBefore = (await messagesOf(conversationId)).length;
    for (const templateId of [ownersPersonal._id, theirTemplate._id, UNKNOWN_ID]) {
      const response = await send(ours.recruiter.token, conversationId, {
        body: 'Hi',
        tempMsgId: `not-yours-${templateId}`,
        templateId,
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().error.message).toBe(TEMPLATE_MESSAGES.notFound);
    }
    expect(await messagesOf(conversationId)).toHaveLength(countBefore);
  });
});
