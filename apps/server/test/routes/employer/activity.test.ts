import type { TActivityFiltersData, TActivityLogData } from '@medhire/contract/activity';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import {
  ACTIVITY_RETENTION_QUEUE,
  purgeOldActivity,
} from '../../../src/domain/activity/purge-old-activity.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { recordActivity } from '../../../src/domain/team/record-activity.ts';
import type { TMemberRole } from '../../../src/domain/team/rights.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi } from './applicant-kit.ts';
import { PASSWORD, signedInEmployer, signIn, uniqueEmail } from './auth-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Owner = Awaited<ReturnType<typeof signedInEmployer>> & { organizationId: string };

async function ownerWithOrganization(): Promise<Owner> {
  const owner = await signedInEmployer(app, { hasEstablishedProfile: true });
  return { ...owner, organizationId: owner.session.user.organizationId ?? '' };
}

/** A member of the organisation with the role, signed in. */
async function member(organizationId: string, role: TMemberRole, fullName: string) {
  const email = uniqueEmail(role);
  const user = await createEmployerAccount({
    db: app.db,
    email,
    password: PASSWORD,
    accountStatus: 'approved',
    organizationId,
    isEmailVerified: true,
  });
  await app.db.update(users).set({ memberRole: role, fullName }).where(eq(users.id, user.id));
  const session = await signIn(app, email);
  return { id: user.id, token: session.token };
}

function daysAgo(days: number): Date {
  return new Date(Date.now() - days * 24 * 3600_000);
}

async function entry(
  organizationId: string,
  actorUserId: string | null,
  type: Parameters<typeof recordActivity>[1]['type'],
  summary: string,
  createdAt: Date,
) {
  await recordActivity(app.db, { organizationId, actorUserId, type, summary, createdAt });
}

function getLog(token: string | undefined, query = '') {
  return callApi(app, 'GET', `/employer/activity/get-activity-log${query ? `?${query}` : ''}`, token);
}

async function log(token: string, query = ''): Promise<TActivityLogData> {
  const response = await getLog(token, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TActivityLogData;
}

describe('GET /api/employer/activity/get-activity-log', () => {
  let owner: Owner;
  let recruiter: { id: string; token: string };
  let admin: { id: string; token: string };
  let delegate: { id: string; token: string };
  let strangerOwner: Owner;

  beforeAll(async () => {
    owner = await ownerWithOrganization();
    recruiter = await member(owner.organizationId, 'recruiter', 'Rita Recruiter');
    admin = await member(owner.organizationId, 'admin', 'Adam Admin');
    delegate = await member(owner.organizationId, 'delegate', 'Dee Delegate');
    // Sign-ins from new devices have written entries of their own; the tests count from a clean log.
    await app.db.delete(activityLog).where(eq(activityLog.organizationId, owner.organizationId));
    await entry(owner.organizationId, owner.id, 'job.created', 'Posted the job “Cardiologist”', daysAgo(30));
    await entry(
      owner.organizationId,
      recruiter.id,
      'pipeline.moved',
      'Moved Dr. Ann Lee to Interview',
      daysAgo(10),
    );
    await entry(
      owner.organizationId,
      recruiter.id,
      'invite.sent',
      'Invited Dr. Bo Park to “Cardiologist”',
      daysAgo(5),
    );
    await entry(owner.organizationId, null, 'plan.changed', 'The subscription ended', daysAgo(2));
    await entry(owner.organizationId, owner.id, 'job.edited', 'Edited the job “Cardiologist”', daysAgo(1));

    strangerOwner = await ownerWithOrganization();
    await entry(
      strangerOwner.organizationId,
      strangerOwner.id,
      'job.created',
      'Posted the job “Secret”',
      daysAgo(3),
    );
  });

  it('answers the organisation’s entries newest first, with actor, subject and time, and nothing of another', async () => {
    const data = await log(owner.token);
    expect(data).toMatchObject({ total: 5, pageNumber: 1, pageSize: 20 });
    expect(data.items.map((item) => item.summary)).toEqual([
      'Edited the job “Cardiologist”',
      'The subscription ended',
      'Invited Dr. Bo Park to “Cardiologist”',
      'Moved Dr. Ann Lee to Interview',
      'Posted the job “Cardiologist”',
    ]);
    expect(data.items[2]).toEqual({
      _id: expect.any(String),
      type: 'invite.sent',
      summary: 'Invited Dr. Bo Park to “Cardiologist”',
      actor: { _id: recruiter.id, name: 'Rita Recruiter' },
      subjectType: null,
      subjectId: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(data.items[1]?.actor).toEqual({ _id: null, name: 'MedHire' });

    const stranger = await log(strangerOwner.token);
    expect(stranger.items.map((item) => item.summary)).toContain('Posted the job “Secret”');
    expect(stranger.items.some((item) => item.summary.includes('Cardiologist'))).toBe(false);
    expect(data.items.some((item) => item.summary.includes('Secret'))).toBe(false);
    // Filtering by another organisation's member finds nothing either.
    expect((await log(strangerOwner.token, `memberId=${recruiter.id}`)).total).toBe(0);
  });

  it('pages with pageSize and pageNumber', async () => {
    const second = await log(owner.token, 'pageSize=2&pageNumber=2');
    expect(second).toMatchObject({ total: 5, pageNumber: 2, pageSize: 2 });
    expect(second.items.map((item) => item.summary)).toEqual([
      'Invited Dr. Bo Park to “Cardiologist”',
      'Moved Dr. Ann Lee to Interview',
    ]);
    expect((await log(owner.token, 'pageSize=2&pageNumber=4')).items).toEqual([]);
  });

  it('filters by member, by one or several types and by dates', async () => {
    expect((await log(owner.token, `memberId=${recruiter.id}`)).items.map((item) => item.type)).toEqual([
      'invite.sent',
      'pipeline.moved',
    ]);
    expect((await log(owner.token, 'type=job.created')).items.map((item) => item.type)).toEqual([
      'job.created',
    ]);
    const several = ['type=job.created&type=plan.changed', 'type=job.created,plan.changed'];
    for (const query of several) {
      expect((await log(owner.token, query)).items.map((item) => item.type)).toEqual([
        'plan.changed',
        'job.created',
      ]);
    }
    const from = daysAgo(11).toISOString();
    const to = daysAgo(4).toISOString();
    expect((await log(owner.token, `from=${from}&to=${to}`)).items.map((item) => item.type)).toEqual([
      'invite.sent',
      'pipeline.moved',
    ]);
    // A bare date `to` takes in that whole day.
    const today = new Date().toISOString().slice(0, 10);
    expect((await log(owner.token, `from=${daysAgo(1.5).toISOString()}&to=${today}`)).total).toBe(1);
    expect(
      (await log(owner.token, `memberId=${recruiter.id}&type=pipeline.moved&from=${from}`)).items,
    ).toHaveLength(1);
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['type=job.flew', 'type must be one of the activity types.'],
      ['memberId=not-an-id', 'memberId must be the id of a team member.'],
      ['from=yesterday', 'from must be a date such as 2026-03-01 or an ISO time.'],
      ['to=2026-02-31T99:00Z', 'to is not a real date.'],
      [`from=${daysAgo(1).toISOString()}&to=${daysAgo(3).toISOString()}`, 'from must not be after to.'],
      ['pageSize=0', 'pageSize must be at least 1.'],
      ['pageNumber=x', 'pageNumber must be a number.'],
    ];
    for (const [query, message] of cases) {
      const response = await getLog(owner.token, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
      expect(response.json().error.message, query).toContain(message);
    }
  });

  it('is for the owner and admins: recruiters and delegates get 403, the anonymous 401', async () => {
    expect((await log(admin.token)).total).toBe(5);
    for (const token of [recruiter.token, delegate.token]) {
      const response = await getLog(token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN_ROLE' } });
      expect(response.body).not.toContain('Cardiologist');
    }
    expect((await getLog(undefined)).statusCode).toBe(401);
  });
});

describe('GET /api/employer/activity/get-activity-filters', () => {
  it('lists every type and the members, former ones under the name they left with', async () => {
    const owner = await ownerWithOrganization();
    const recruiter = await member(owner.organizationId, 'recruiter', 'Rita Recruiter');
    await entry(
      owner.organizationId,
      recruiter.id,
      'pipeline.moved',
      'Moved Dr. Ann Lee to Offer',
      daysAgo(1),
    );
    // Rita leaves the organisation; her entries stay with her name.
    await app.db.update(users).set({ organizationId: null }).where(eq(users.id, recruiter.id));

    const response = await callApi(app, 'GET', '/employer/activity/get-activity-filters', owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TActivityFiltersData;
    expect(data.types).toContainEqual({ _id: 'pipeline.moved', label: 'Pipeline move' });
    expect(data.types.length).toBeGreaterThan(10);
    expect(data.members).toEqual([
      { _id: owner.id, name: owner.email, isFormer: false },
      { _id: recruiter.id, name: 'Rita Recruiter', isFormer: true },
    ]);
    const stranger = await ownerWithOrganization();
    const theirs = await callApi(app, 'GET', '/employer/activity/get-activity-filters', stranger.token);
    expect((theirs.json().data as TActivityFiltersData).members.map((one) => one._id)).toEqual([stranger.id]);

    const recruiterNow = await member(owner.organizationId, 'recruiter', 'Ray Recruiter');
    const refused = await callApi(app, 'GET', '/employer/activity/get-activity-filters', recruiterNow.token);
    expect(refused.statusCode).toBe(403);
  });
});

describe('two-year retention', () => {
  it('purges entries older than two years and keeps the rest', async () => {
    const owner = await ownerWithOrganization();
    const now = new Date('2026-06-15T12:00:00Z');
    await entry(owner.organizationId, owner.id, 'job.created', 'Too old', new Date('2024-06-15T11:59:00Z'));
    await entry(owner.organizationId, owner.id, 'job.created', 'Just kept', new Date('2024-06-15T12:01:00Z'));
    expect(await purgeOldActivity(app.db, now)).toBeGreaterThanOrEqual(1);
    const left = await app.db
      .select({ summary: activityLog.summary })
      .from(activityLog)
      .where(eq(activityLog.organizationId, owner.organizationId));
    expect(left.map((row) => row.summary)).toContain('Just kept');
    expect(left.map((row) => row.summary)).not.toContain('Too old');
  });

  it('runs as a daily job of the queue', async () => {
    const schedules = await app.queue.boss.getSchedules();
    expect(schedules.map((schedule) => schedule.name)).toContain(ACTIVITY_RETENTION_QUEUE);

    const owner = await ownerWithOrganization();
    await entry(owner.organizationId, owner.id, 'job.created', 'Three years ago', daysAgo(3 * 365));
    await app.queue.send(ACTIVITY_RETENTION_QUEUE, {});
    await expect
      .poll(
        async () =>
          (
            await app.db
              .select({ id: activityLog.id })
              .from(activityLog)
              .where(eq(activityLog.summary, 'Three years ago'))
          ).length,
        { timeout: 20_000, interval: 250 },
      )
      .toBe(0);
  });
});
