export { waitForMails } from '../../mail-kit.ts';

import type { TInterview, TScheduleInterviewBodyInput } from '@medhire/contract/interviews';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { physicians } from '../../../src/db/schema/physicians.ts';
import { createSession } from '../../../src/domain/auth/sessions.ts';
import type { OutboxMessage } from '../../../src/domain/mail/outbox.ts';
import { apply, callApi, createPhysician } from './applicant-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { addMember, type TeamMember, teamOwner } from './team-kit.ts';

export const HOUR_MS = 3_600_000;

/** The next whole hour when the test file started: fixed, so a file running across an hour agrees with itself. */
const NEXT_HOUR = Math.ceil(Date.now() / HOUR_MS) * HOUR_MS;

/** A whole hour `hours` after the file started (UTC), so tests schedule in the future on round times. */
export function hoursFromNow(hours: number): Date {
  return new Date(NEXT_HOUR + hours * HOUR_MS);
}

export interface Applicant {
  physicianId: string;
  userId: string;
  applicationId: string;
  email: string;
  /** A session of the physician's own. */
  token: string;
}

/** A physician (with a session) who applied to the job. */
export async function applicantOf(
  app: FastifyInstance,
  jobId: string,
  firstName = 'Jane',
): Promise<Applicant> {
  const physicianId = await createPhysician(app, { firstName });
  const applicationId = await apply(app, physicianId, jobId);
  const [physician] = await app.db
    .select({ userId: physicians.userId, email: users.email })
    .from(physicians)
    .innerJoin(users, eq(users.id, physicians.userId))
    .where(eq(physicians.id, physicianId));
  const userId = physician?.userId ?? '';
  return {
    physicianId,
    userId,
    email: physician?.email ?? '',
    applicationId,
    token: await createSession(app.db, userId, 'interview-test'),
  };
}

/** An organisation with an owner, a recruiter and a delegate (given no job), and one open job. */
export async function interviewTeam(app: FastifyInstance) {
  const owner = await teamOwner(app);
  const job = await createJobThroughApi(app, owner, minimalJobBody());
  const recruiter = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Rita Recruiter' });
  const interviewer = await addMember(app, owner.organizationId, 'admin', { fullName: 'Ivan Interviewer' });
  const delegate = await addMember(app, owner.organizationId, 'delegate', { fullName: 'Dana Delegate' });
  return { owner, job, recruiter, interviewer, delegate };
}

export function fixedBody(
  interviewerIds: string[],
  startsAt: Date,
  overrides: Partial<TScheduleInterviewBodyInput> = {},
): TScheduleInterviewBodyInput {
  return {
    type: 'video',
    durationMinutes: 60,
    interviewerIds,
    timeZone: 'America/Chicago',
    meetingUrl: 'https://meet.example.com/abc-defg',
    timing: { mode: 'fixed', startsAt: startsAt.toISOString() },
    ...overrides,
  };
}

export function proposedBody(interviewerIds: string[], starts: Date[]): TScheduleInterviewBodyInput {
  return {
    type: 'phone',
    durationMinutes: 45,
    interviewerIds,
    timeZone: 'America/Denver',
    timing: { mode: 'proposed', proposedSlots: starts.map((start) => start.toISOString()) },
  };
}

export function schedule(
  app: FastifyInstance,
  member: Pick<TeamMember, 'token'>,
  applicationId: string,
  body: unknown,
) {
  return callApi(app, 'POST', `/employer/interview/schedule-interview/${applicationId}`, member.token, body);
}

/** Schedules and expects success; answers the interview. */
export async function scheduled(
  app: FastifyInstance,
  member: Pick<TeamMember, 'token'>,
  applicationId: string,
  body: unknown,
): Promise<TInterview> {
  const response = await schedule(app, member, applicationId, body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TInterview;
}

/** The token of the physician's link in a mail. */
export function linkTokenOf(mail: OutboxMessage): string {
  const token = /\/physician\/interview\/([A-Za-z0-9_%.-]+)/.exec(mail.text)?.[1];
  expect(token, 'no interview link in the mail').toBeDefined();
  return decodeURIComponent(token ?? '');
}
