import { BULK_ACTION_MESSAGES, type TBulkActionResult } from '@medhire/contract/bulk-actions';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOperations } from '../../../src/db/schema/bulk-operations.ts';
import {
  applicationEvents,
  applications,
  conversations,
  messages,
  savedApplicants,
} from '../../../src/db/schema/hiring.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { runBulkAction } from '../../../src/domain/applicants/bulk-action.ts';
import { undoBulkAction } from '../../../src/domain/applicants/undo-bulk-action.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { callApi, employerWithOpenJob, postAnotherJob } from '../employee/physician-kit.ts';
import { apply, createPhysicians } from './applicant-kit.ts';
import { addMember } from './team-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** An organisation with two jobs and `countPerJob` applicants on each; answers the application ids. */
async function organizationWithApplicants(countPerJob: [number, number]) {
  const { employer, job } = await employerWithOpenJob(app, { title: 'Hospitalist, Austin' });
  const otherJob = await postAnotherJob(app, employer, { title: 'Nocturnist, Austin' });
  const physicianIds = await createPhysicians(
    app,
    Array.from({ length: countPerJob[0] + countPerJob[1] }, (_, index) => ({
      firstName: `Bulk${index}`,
      lastName: 'Tester',
    })),
  );
  const onJob: string[] = [];
  const onOtherJob: string[] = [];
  for (const [index, physicianId] of physicianIds.entries()) {
    if (index < countPerJob[0]) onJob.push(await apply(app, physicianId, job._id));
    else onOtherJob.push(await apply(app, physicianId, otherJob._id));
  }
  return { employer, job, otherJob, onJob, onOtherJob };
}

function bulk(token: string, payload: unknown) {
  return callApi(app, 'POST', '/api/employer/applicant/bulk-action', token, payload);
}

function undo(token: string, operationId: string) {
  return callApi(app, 'POST', `/api/employer/applicant/undo-bulk-action/${operationId}`, token);
}

async function stagesOf(applicationIds: string[]) {
  const rows = await app.db
    .select({ id: applications.id, status: applications.pipelineStatus })
    .from(applications)
    .where(inArray(applications.id, applicationIds));
  return new Set(rows.map((row) => row.status));
}

async function createTemplate(token: string, body: string): Promise<string> {
  const created = await callApi(app, 'POST', '/api/employer/template/create-template', token, {
    name: `Template ${Math.random().toString(36).slice(2, 8)}`,
    body,
    scope: 'personal',
  });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().data._id as string;
}

describe('POST /api/employer/applicant/bulk-action', () => {
  it('moves the 197 applicants a delegate may touch, reports the 3 others, and undo restores all 197', async () => {
    const { employer, job, onJob, onOtherJob } = await organizationWithApplicants([197, 3]);
    const delegate = await addMember(app, employer.organizationId, 'delegate');
    await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, job._id));
    const applicationIds = [...onJob.slice(0, 100), ...onOtherJob, ...onJob.slice(100)];

    const response = await bulk(delegate.token, { action: 'move', applicationIds, stage: 'Interview' });

    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkActionResult;
    expect(result.applied).toHaveLength(197);
    expect(new Set(result.applied)).toEqual(new Set(onJob));
    expect(result.refused).toEqual(
      onOtherJob.map((applicationId) => ({
        applicationId,
        code: 'NOT_FOUND',
        message: BULK_ACTION_MESSAGES.notReachable,
      })),
    );
    expect(await stagesOf(onJob)).toEqual(new Set(['Interview']));
    expect(await stagesOf(onOtherJob)).toEqual(new Set(['Submitted']));
    const history = await app.db
      .select()
      .from(applicationEvents)
      .where(
        and(inArray(applicationEvents.applicationId, onJob), eq(applicationEvents.toStatus, 'Interview')),
      );
    expect(history).toHaveLength(197);
    expect(history.every((event) => event.changedByUserId === delegate.id)).toBe(true);
    const moves = await app.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.organizationId, employer.organizationId), eq(activityLog.type, 'pipeline.moved')),
      );
    expect(moves).toHaveLength(197);
    const [operationLine] = await app.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organizationId, employer.organizationId),
          eq(activityLog.type, 'applicant.bulk_action'),
        ),
      );
    expect(operationLine?.summary).toBe('Moved 197 applicants to Interview');

    const undone = await undo(delegate.token, result.operationId);

    expect(undone.statusCode, undone.body).toBe(200);
    expect(new Set(undone.json().data.restored)).toEqual(new Set(onJob));
    expect(undone.json().data.refused).toEqual([]);
    expect(await stagesOf(onJob)).toEqual(new Set(['Submitted']));
    const backMoves = await app.db
      .select()
      .from(applicationEvents)
      .where(
        and(
          inArray(applicationEvents.applicationId, onJob),
          eq(applicationEvents.fromStatus, 'Interview'),
          eq(applicationEvents.toStatus, 'Submitted'),
        ),
      );
    expect(backMoves).toHaveLength(197);
    const logAfterUndo = await app.db
      .select({ type: activityLog.type })
      .from(activityLog)
      .where(eq(activityLog.organizationId, employer.organizationId));
    expect(logAfterUndo.filter((entry) => entry.type === 'pipeline.moved')).toHaveLength(394);
    expect(logAfterUndo.filter((entry) => entry.type === 'applicant.bulk_undone')).toHaveLength(1);
    // Once only.
    const again = await undo(delegate.token, result.operationId);
    expect(again.statusCode).toBe(422);
    expect(again.json().error.message).toBe(BULK_ACTION_MESSAGES.alreadyUndone);
  }, 60_000);

  it('rejects, reporting the ones already rejected, and sends the template to the others', async () => {
    const { employer, onJob } = await organizationWithApplicants([3, 0]);
    const [first, second, third] = onJob as [string, string, string];
    await app.db.update(applications).set({ pipelineStatus: 'Rejected' }).where(eq(applications.id, third));
    const templateId = await createTemplate(
      employer.token,
      'Dear Dr. {{physician.lastName}}, thank you for applying to {{job.title}}.',
    );

    const response = await bulk(employer.token, { action: 'reject', applicationIds: onJob, templateId });

    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkActionResult;
    expect(result.applied).toEqual([first, second]);
    expect(result.refused).toEqual([
      { applicationId: third, code: 'BUSINESS_RULE', message: 'The application is already at that stage.' },
    ]);
    expect(await stagesOf(onJob)).toEqual(new Set(['Rejected']));
    const sent = await app.db
      .select({ body: messages.body })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.organizationId, employer.organizationId));
    expect(sent.map((message) => message.body)).toEqual([
      'Dear Dr. Tester, thank you for applying to Hospitalist, Austin.',
      'Dear Dr. Tester, thank you for applying to Hospitalist, Austin.',
    ]);
  });

  it('sends a template message, refusing per item the one whose variable would be empty', async () => {
    const { employer, onJob } = await organizationWithApplicants([3, 0]);
    const [first, second, third] = onJob as [string, string, string];
    const [emptyName] = await app.db
      .select({ physicianId: applications.physicianId })
      .from(applications)
      .where(eq(applications.id, second));
    await app.db
      .update(physicians)
      .set({ lastName: ' ' })
      .where(eq(physicians.id, emptyName?.physicianId ?? ''));
    const templateId = await createTemplate(
      employer.token,
      'Dear Dr. {{physician.lastName}}, are you free this week?',
    );

    const response = await bulk(employer.token, { action: 'message', applicationIds: onJob, templateId });

    expect(response.statusCode, response.body).toBe(200);
    const result = response.json().data as TBulkActionResult;
    expect(result.applied).toEqual([first, third]);
    expect(result.refused).toEqual([
      {
        applicationId: second,
        code: 'BUSINESS_RULE',
        message: expect.stringContaining('physician.lastName'),
      },
    ]);
    const sent = await app.db
      .select({ physicianId: conversations.physicianId, isDeleted: messages.isDeleted })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.organizationId, employer.organizationId));
    expect(sent).toHaveLength(2);
    expect(sent.some((message) => message.physicianId === emptyName?.physicianId)).toBe(false);

    // Undo takes the messages back (they stay, marked deleted).
    const undone = await undo(employer.token, result.operationId);
    expect(undone.statusCode, undone.body).toBe(200);
    const afterUndo = await app.db
      .select({ isDeleted: messages.isDeleted })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(conversations.organizationId, employer.organizationId));
    expect(afterUndo.every((message) => message.isDeleted)).toBe(true);
  });

  it('saves and unsaves the physicians, and undo puts each list back', async () => {
    const { employer, onJob } = await organizationWithApplicants([2, 0]);
    const savedCount = async () =>
      (
        await app.db
          .select()
          .from(savedApplicants)
          .where(eq(savedApplicants.organizationId, employer.organizationId))
      ).length;

    const saved = await bulk(employer.token, { action: 'save', applicationIds: onJob });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.applied).toEqual(onJob);
    expect(await savedCount()).toBe(2);

    const unsaved = await bulk(employer.token, { action: 'unsave', applicationIds: onJob });
    expect(unsaved.statusCode, unsaved.body).toBe(200);
    expect(await savedCount()).toBe(0);
    expect((await undo(employer.token, unsaved.json().data.operationId)).statusCode).toBe(200);
    expect(await savedCount()).toBe(2);
  });

  it('assigns to a member and undo gives them back; an assignee outside the team is refused', async () => {
    const { employer, onJob } = await organizationWithApplicants([2, 0]);
    const recruiter = await addMember(app, employer.organizationId, 'recruiter');
    const assigneesOf = async () =>
      new Set(
        (
          await app.db
            .select({ assignee: applications.assigneeUserId })
            .from(applications)
            .where(inArray(applications.id, onJob))
        ).map((row) => row.assignee),
      );

    const assigned = await bulk(employer.token, {
      action: 'assign',
      applicationIds: onJob,
      assigneeId: recruiter.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.applied).toEqual(onJob);
    expect(await assigneesOf()).toEqual(new Set([recruiter.id]));
    expect((await undo(employer.token, assigned.json().data.operationId)).statusCode).toBe(200);
    expect(await assigneesOf()).toEqual(new Set([null]));

    const outsider = await employerWithOpenJob(app);
    const refused = await bulk(employer.token, {
      action: 'assign',
      applicationIds: onJob,
      assigneeId: outsider.employer.id,
    });
    expect(refused.statusCode).toBe(422);
    expect(await assigneesOf()).toEqual(new Set([null]));
  });

  it('does not let a delegate assign (403, nothing written)', async () => {
    const { employer, job, onJob } = await organizationWithApplicants([1, 0]);
    const delegate = await addMember(app, employer.organizationId, 'delegate');
    await app.db.update(jobs).set({ assigneeUserId: delegate.id }).where(eq(jobs.id, job._id));
    const response = await bulk(delegate.token, {
      action: 'assign',
      applicationIds: onJob,
      assigneeId: delegate.id,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['an empty list', { action: 'move', applicationIds: [], stage: 'Interview' }],
    [
      'more than 500',
      { action: 'move', applicationIds: Array.from({ length: 501 }, () => UNKNOWN_ID), stage: 'Offer' },
    ],
    ['an unknown action', { action: 'archive', applicationIds: [UNKNOWN_ID] }],
    ['a move without a stage', { action: 'move', applicationIds: [UNKNOWN_ID] }],
    ['a message without a template', { action: 'message', applicationIds: [UNKNOWN_ID] }],
  ])('answers 400 for %s', async (_, payload) => {
    const { employer } = await employerWithOpenJob(app);
    const response = await bulk(employer.token, payload);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it("reports another organisation's applications as refused and changes none of them", async () => {
    const theirs = await organizationWithApplicants([2, 0]);
    const ours = await organizationWithApplicants([1, 0]);
    const response = await bulk(ours.employer.token, {
      action: 'move',
      applicationIds: [...ours.onJob, ...theirs.onJob, 'not-an-id'],
      stage: 'Offer',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.applied).toEqual(ours.onJob);
    expect(response.json().data.refused.map((item: { applicationId: string }) => item.applicationId)).toEqual(
      [...theirs.onJob, 'not-an-id'],
    );
    expect(await stagesOf(theirs.onJob)).toEqual(new Set(['Submitted']));
  });

  it('answers 401 without a session', async () => {
    const response = await callApi(app, 'POST', '/api/employer/applicant/bulk-action', undefined, {
      action: 'save',
      applicationIds: [UNKNOWN_ID],
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/employer/applicant/undo-bulk-action/{operationId}', () => {
  it("answers 404 for another member's operation and for an unknown one, changing nothing", async () => {
    const { employer, onJob } = await organizationWithApplicants([1, 0]);
    const admin = await addMember(app, employer.organizationId, 'admin');
    const moved = await bulk(employer.token, { action: 'move', applicationIds: onJob, stage: 'Offer' });
    const operationId = moved.json().data.operationId as string;

    expect((await undo(admin.token, operationId)).statusCode).toBe(404);
    expect((await undo(employer.token, UNKNOWN_ID)).statusCode).toBe(404);
    expect((await undo(employer.token, 'nonsense')).statusCode).toBe(404);
    expect(await stagesOf(onJob)).toEqual(new Set(['Offer']));
  });

  it('refuses an undo after 10 seconds (422) and keeps the action', async () => {
    const { employer, onJob } = await organizationWithApplicants([1, 0]);
    const owner = {
      userId: employer.id,
      organizationId: employer.organizationId,
      memberRole: 'owner' as const,
    };
    const actedAt = new Date();
    const result = await runBulkAction({
      db: app.db,
      owner,
      body: { action: 'move', applicationIds: onJob, stage: 'Hired' },
      now: actedAt,
    });
    await expect(
      undoBulkAction({
        db: app.db,
        owner,
        operationId: result.operationId,
        now: new Date(actedAt.getTime() + 11_000),
      }),
    ).rejects.toMatchObject({ code: 'BUSINESS_RULE', message: BULK_ACTION_MESSAGES.undoExpired });
    expect(await stagesOf(onJob)).toEqual(new Set(['Hired']));
    // Within the window it goes back.
    const undone = await undoBulkAction({
      db: app.db,
      owner,
      operationId: result.operationId,
      now: new Date(actedAt.getTime() + 9_000),
    });
    expect(undone.restored).toEqual(onJob);
    expect(await stagesOf(onJob)).toEqual(new Set(['Submitted']));
  });

  it("clears the organisation's undo records older than a day when it acts again", async () => {
    const { employer, onJob } = await organizationWithApplicants([1, 0]);
    const owner = {
      userId: employer.id,
      organizationId: employer.organizationId,
      memberRole: 'owner' as const,
    };
    const dayAgo = new Date(Date.now() - 25 * 60 * 60_000);
    const old = await runBulkAction({
      db: app.db,
      owner,
      body: { action: 'save', applicationIds: onJob },
      now: dayAgo,
    });
    await runBulkAction({ db: app.db, owner, body: { action: 'unsave', applicationIds: onJob } });
    const kept = await app.db
      .select({ id: bulkOperations.id })
      .from(bulkOperations)
      .where(eq(bulkOperations.organizationId, employer.organizationId));
    expect(kept.map((row) => row.id)).not.toContain(old.operationId);
    expect(kept).toHaveLength(1);
  });

  it('leaves an application moved again since as it is, and says so', async () => {
    const { employer, onJob } = await organizationWithApplicants([2, 0]);
    const [first, second] = onJob as [string, string];
    const moved = await bulk(employer.token, { action: 'move', applicationIds: onJob, stage: 'Interview' });
    await callApi(app, 'PATCH', `/api/employer/applicant/update-pipeline-status/${second}`, employer.token, {
      pipelineStatus: 'Offer',
    });
    const undone = await undo(employer.token, moved.json().data.operationId);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json().data.restored).toEqual([first]);
    expect(undone.json().data.refused).toEqual([
      { applicationId: second, code: 'CONFLICT', message: BULK_ACTION_MESSAGES.changedSince },
    ]);
    expect(await stagesOf([second])).toEqual(new Set(['Offer']));
  });
});
