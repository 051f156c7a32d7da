import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import {
  BULK_ACTION_MESSAGES,
  type TBulkInviteResult,
  type TUndoBulkInviteResult,
} from '@medhire/contract/bulk-actions';
import { JOB_MESSAGES } from '@medhire/contract/jobs';
import { MATCH_MESSAGES, type TMatch } from '@medhire/contract/matches';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../../src/db/schema/billing.ts';
import { applications, matches, notifications } from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { physicianHiddenOrganizations, physicians } from '../../../src/db/schema/physicians.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { bulkInvite } from '../../../src/domain/matches/bulk-invite.ts';
import { undoBulkInvite } from '../../../src/domain/matches/undo-bulk-invite.ts';
import { insertPhysician } from '../../domain/matching/physician-rows.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember } from './team-kit.ts';

let app: FastifyInstance;
type Employer = Awaited<ReturnType<typeof signedInEmployer>>;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

function call(method: 'POST' | 'PATCH', url: string, token: string | undefined, payload?: unknown) {
  return app.inject({
    method,
    url: `/api/employer/match${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

function bulk(token: string | undefined, payload: unknown) {
  return call('POST', '/bulk-invite', token, payload);
}

function undo(token: string, operationId: string) {
  return call('POST', `/undo-bulk-invite/${operationId}`, token);
}

async function organizationWithJob(title = 'Hospitalist, Austin') {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  const organizationId = employer.session.user.organizationId ?? '';
  const job = await createJobThroughApi(app, employer, minimalJobBody({ title }));
  return { employer, organizationId, jobId: job._id };
}

function physiciansNamed(count: number, prefix: string) {
  return Promise.all(
    Array.from({ length: count }, (_, index) =>
      insertPhysician(app.db, { firstName: `${prefix}${index}`, lastName: 'Invitee' }),
    ),
  );
}

async function matchesOf(jobId: string, physicianIds: string[]) {
  return app.db
    .select()
    .from(matches)
    .where(and(eq(matches.jobId, jobId), inArray(matches.physicianId, physicianIds)));
}

function ownerOf(employer: Employer, organizationId: string) {
  return { userId: employer.id, organizationId, memberRole: 'owner' as const };
}

describe('POST /api/employer/match/bulk-invite', () => {
  it('invites each physician as create-match would, with origin, activity and notifications', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const physicianIds = await physiciansNamed(3, 'Bulk');
    const response = await bulk(employer.token, { jobId, physicianIds, origin: 'recommended' });

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().message).toBe('3 invited, 0 not invited.');
    const result = response.json().data as TBulkInviteResult;
    expect(result.jobId).toBe(jobId);
    expect(result.refused).toEqual([]);
    expect(result.applied.map((item) => item.physicianId)).toEqual(physicianIds);
    const stored = await matchesOf(jobId, physicianIds);
    expect(stored).toHaveLength(3);
    expect(new Set(stored.map((row) => row.id))).toEqual(new Set(result.applied.map((item) => item.matchId)));
    for (const row of stored) {
      expect(row).toMatchObject({
        status: 'pending',
        origin: 'recommended',
        organizationId,
        invitedByUserId: employer.id,
      });
    }
    const sentLines = await app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, organizationId), eq(activityLog.type, 'invite.sent')));
    expect(sentLines).toHaveLength(3);
    expect(sentLines.map((line) => line.summary).sort()).toEqual(
      physicianIds.map((_, index) => `Invited Dr. Bulk${index} Invitee to “Hospitalist, Austin”`).sort(),
    );
    const [operationLine] = await app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, organizationId), eq(activityLog.type, 'invite.bulk_sent')));
    expect(operationLine).toMatchObject({ subjectId: result.operationId });
    const sent = await app.db
      .select({ type: notifications.type })
      .from(notifications)
      .innerJoin(physicians, eq(physicians.userId, notifications.userId))
      .where(inArray(physicians.id, physicianIds));
    expect(sent).toEqual([{ type: 'JOB_INVITE' }, { type: 'JOB_INVITE' }, { type: 'JOB_INVITE' }]);
  });

  it('reports each physician the single invite would refuse, with its code, and invites the others', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const [fine = '', alreadyInvited = ''] = await physiciansNamed(2, 'Mixed');
    const notDiscoverable = await insertPhysician(app.db, { isDiscoverable: false });
    const hiding = await insertPhysician(app.db);
    await app.db.insert(physicianHiddenOrganizations).values({ physicianId: hiding, organizationId });
    const single = await call('POST', '/create-match', employer.token, {
      jobId,
      applicantId: alreadyInvited,
    });
    expect(single.statusCode, single.body).toBe(200);

    const response = await bulk(employer.token, {
      jobId,
      physicianIds: [fine, alreadyInvited, notDiscoverable, hiding, 'not-a-physician', fine],
      origin: 'explore',
    });

    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkInviteResult;
    expect(result.applied.map((item) => item.physicianId)).toEqual([fine]);
    expect(result.refused).toEqual([
      { physicianId: alreadyInvited, code: 'CONFLICT', message: MATCH_MESSAGES.activeExists },
      { physicianId: notDiscoverable, code: 'NOT_FOUND', message: APPLICANT_MESSAGES.notFound },
      { physicianId: hiding, code: 'NOT_FOUND', message: APPLICANT_MESSAGES.notFound },
      { physicianId: 'not-a-physician', code: 'NOT_FOUND', message: APPLICANT_MESSAGES.notFound },
    ]);
    // The earlier single invite is left as it was, without an origin.
    const [earlier] = await matchesOf(jobId, [alreadyInvited]);
    expect(earlier).toMatchObject({ status: 'pending', origin: null });
    expect(await matchesOf(jobId, [notDiscoverable, hiding])).toEqual([]);
  });

  it('stops at the plan’s invites, refusing the rest with the single call’s 422 message', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    await app.db
      .update(subscriptions)
      .set({ invitesLeft: 2 })
      .where(eq(subscriptions.organizationId, organizationId));
    const physicianIds = await physiciansNamed(4, 'Quota');
    const response = await bulk(employer.token, { jobId, physicianIds });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkInviteResult;
    expect(result.applied.map((item) => item.physicianId)).toEqual(physicianIds.slice(0, 2));
    const single = await call('POST', '/create-match', employer.token, {
      jobId,
      applicantId: physicianIds[2],
    });
    expect(single.statusCode).toBe(422);
    expect(result.refused).toEqual(
      physicianIds.slice(2).map((physicianId) => ({
        physicianId,
        code: 'BUSINESS_RULE',
        message: single.json().error.message,
      })),
    );
  });

  it('refuses a malformed body with 400 and a missing token with 401', async () => {
    const { employer, jobId } = await organizationWithJob();
    const [physicianId = ''] = await physiciansNamed(1, 'Body');
    const cases: [unknown, string][] = [
      [{ physicianIds: [physicianId] }, 'jobId: Choose the job.'],
      [{ jobId, physicianIds: [] }, 'physicianIds: Select at least one physician.'],
      [
        { jobId, physicianIds: Array.from({ length: 501 }, () => physicianId) },
        'physicianIds: A bulk invite takes at most 500 physicians.',
      ],
      [
        { jobId, physicianIds: [physicianId], origin: 'profile' },
        'origin: origin must be recommended or explore.',
      ],
    ];
    for (const [payload, message] of cases) {
      const response = await bulk(employer.token, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
    expect((await bulk(undefined, { jobId, physicianIds: [physicianId] })).statusCode).toBe(401);
    expect(await matchesOf(jobId, [physicianId])).toEqual([]);
  });

  it('answers 404 for another organisation’s job and 422 for a closed one, as create-match does', async () => {
    const { employer, jobId } = await organizationWithJob();
    const rival = await organizationWithJob('Rival job');
    const [physicianId = ''] = await physiciansNamed(1, 'Scope');
    for (const otherJob of [rival.jobId, 'not-a-job']) {
      const response = await bulk(employer.token, { jobId: otherJob, physicianIds: [physicianId] });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(JOB_MESSAGES.notFound);
    }
    await app.db.update(jobs).set({ status: 'closed' }).where(eq(jobs.id, jobId));
    const closed = await bulk(employer.token, { jobId, physicianIds: [physicianId] });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().error.message).toBe(MATCH_MESSAGES.jobNotOpen);
    expect(await app.db.select().from(matches).where(eq(matches.physicianId, physicianId))).toEqual([]);
  });

  it('holds a delegate to their jobs and to the physicians they may reach, item by item', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const otherJob = await createJobThroughApi(
      app,
      employer,
      minimalJobBody({ title: 'Not the delegate’s' }),
    );
    const delegate = await addMember(app, organizationId, 'delegate');
    await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, jobId));
    const [discoverable = ''] = await physiciansNamed(1, 'Open');
    // Not discoverable: the owner reaches them (they applied to another job); the delegate does not.
    const appliedElsewhere = await insertPhysician(app.db, { isDiscoverable: false });
    await app.db
      .insert(applications)
      .values({ jobId: otherJob._id, organizationId, physicianId: appliedElsewhere });

    const notTheirs = await bulk(delegate.token, { jobId: otherJob._id, physicianIds: [discoverable] });
    expect(notTheirs.statusCode).toBe(404);

    const response = await bulk(delegate.token, { jobId, physicianIds: [discoverable, appliedElsewhere] });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkInviteResult;
    expect(result.applied.map((item) => item.physicianId)).toEqual([discoverable]);
    expect(result.refused).toEqual([
      { physicianId: appliedElsewhere, code: 'NOT_FOUND', message: APPLICANT_MESSAGES.notFound },
    ]);
    const asOwner = await bulk(employer.token, { jobId, physicianIds: [appliedElsewhere] });
    expect((asOwner.json().data as TBulkInviteResult).applied).toHaveLength(1);
  });

  it('invites more than one chunk (100 per transaction) and answers every physician', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    // More invites than any plan's month, so only the chunking is under test.
    await app.db
      .update(subscriptions)
      .set({ invitesLeft: 500 })
      .where(eq(subscriptions.organizationId, organizationId));
    const physicianIds = await physiciansNamed(130, 'Chunk');
    const response = await bulk(employer.token, { jobId, physicianIds });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkInviteResult;
    expect(result.applied).toHaveLength(130);
    expect(await matchesOf(jobId, physicianIds)).toHaveLength(130);
  });
});

describe('POST /api/employer/match/undo-bulk-invite/{operationId}', () => {
  it('withdraws the invites still pending and reports those already answered', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const physicianIds = await physiciansNamed(3, 'Undo');
    const sent = (await bulk(employer.token, { jobId, physicianIds, origin: 'explore' })).json()
      .data as TBulkInviteResult;
    const [first, second, third] = sent.applied as [
      TBulkInviteResult['applied'][number],
      TBulkInviteResult['applied'][number],
      TBulkInviteResult['applied'][number],
    ];
    await app.db.update(matches).set({ status: 'accepted' }).where(eq(matches.id, second.matchId));

    const response = await undo(employer.token, sent.operationId);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TUndoBulkInviteResult;
    expect(result.cancelled).toEqual([first, third]);
    expect(result.refused).toEqual([
      {
        physicianId: second.physicianId,
        code: 'BUSINESS_RULE',
        message: MATCH_MESSAGES.alreadyFinal('accepted'),
      },
    ]);
    const statuses = Object.fromEntries(
      (await matchesOf(jobId, physicianIds)).map((row) => [row.physicianId, row.status]),
    );
    expect(statuses).toEqual({
      [first.physicianId]: 'cancelled',
      [second.physicianId]: 'accepted',
      [third.physicianId]: 'cancelled',
    });
    const cancelledLines = await app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.organizationId, organizationId), eq(activityLog.type, 'invite.cancelled')));
    expect(cancelledLines).toHaveLength(2);
    // Once only; the withdrawn physicians can be invited again.
    const again = await undo(employer.token, sent.operationId);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(BULK_ACTION_MESSAGES.alreadyUndone);
    const reinvite = await call('POST', '/create-match', employer.token, {
      jobId,
      applicantId: first.physicianId,
    });
    expect((reinvite.json().data as TMatch).status).toBe('pending');
  });

  it('refuses an undo after 10 seconds (422) and keeps the invites', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const physicianIds = await physiciansNamed(1, 'Late');
    const owner = ownerOf(employer, organizationId);
    const sentAt = new Date();
    const sent = await bulkInvite({ db: app.db, owner, body: { jobId, physicianIds }, now: sentAt });
    await expect(
      undoBulkInvite({
        db: app.db,
        owner,
        operationId: sent.operationId,
        now: new Date(sentAt.getTime() + 11_000),
      }),
    ).rejects.toMatchObject({ code: 'BUSINESS_RULE', message: BULK_ACTION_MESSAGES.undoExpired });
    expect((await matchesOf(jobId, physicianIds)).map((row) => row.status)).toEqual(['pending']);
    const withinWindow = await undoBulkInvite({
      db: app.db,
      owner,
      operationId: sent.operationId,
      now: new Date(sentAt.getTime() + 9_000),
    });
    expect(withinWindow.cancelled).toEqual(sent.applied);
  });

  it('answers 404 to anyone but its author, for an unknown id, and across the two bulk undos', async () => {
    const { employer, organizationId, jobId } = await organizationWithJob();
    const colleague = await addMember(app, organizationId, 'admin');
    const rival = await organizationWithJob('Rival job');
    const physicianIds = await physiciansNamed(1, 'Author');
    const sent = (await bulk(employer.token, { jobId, physicianIds })).json().data as TBulkInviteResult;
    for (const token of [colleague.token, rival.employer.token]) {
      expect((await undo(token, sent.operationId)).statusCode).toBe(404);
    }
    expect((await undo(employer.token, 'nonsense')).statusCode).toBe(404);
    expect((await undo(employer.token, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    // An invite's undo is not the applicant list's, nor the other way round.
    const applicantUndo = await app.inject({
      method: 'POST',
      url: `/api/employer/applicant/undo-bulk-action/${sent.operationId}`,
      headers: { authorization: employer.token },
    });
    expect(applicantUndo.statusCode).toBe(404);
    expect((await matchesOf(jobId, physicianIds)).map((row) => row.status)).toEqual(['pending']);
  });
});

describe('POST /api/employer/match/create-match with an origin', () => {
  it('records where the invite was sent from, and none when the caller says nothing', async () => {
    const { employer, jobId } = await organizationWithJob();
    const [fromExplore = '', fromProfile = ''] = await physiciansNamed(2, 'Origin');
    const explore = await call('POST', '/create-match', employer.token, {
      jobId,
      applicantId: fromExplore,
      origin: 'explore',
    });
    expect(explore.statusCode, explore.body).toBe(200);
    const profile = await call('POST', '/create-match', employer.token, { jobId, applicantId: fromProfile });
    expect(profile.statusCode, profile.body).toBe(200);
    const origins = Object.fromEntries(
      (await matchesOf(jobId, [fromExplore, fromProfile])).map((row) => [row.physicianId, row.origin]),
    );
    expect(origins).toEqual({ [fromExplore]: 'explore', [fromProfile]: null });
    const bad = await call('POST', '/create-match', employer.token, {
      jobId,
      applicantId: fromProfile,
      origin: 'profile',
    });
    expect(bad.statusCode).toBe(400);
  });
});
