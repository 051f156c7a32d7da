import { describe, expect, it } from 'vitest';
import { notificationLink } from '../src/notifications.ts';

describe('where a notification leads', () => {
  it('opens the job of a new application with the applicant in view', () => {
    expect(notificationLink({ type: 'APPLY_ON_JOB', jobId: 'job 1', physicianId: 'p&1' })).toBe(
      '/jobs-resident/job%201?applicant=p%261',
    );
    expect(notificationLink({ type: 'APPLY_ON_JOB', jobId: 'job-1' })).toBe('/jobs-resident/job-1');
  });

  it("opens a declined invite on its job's invites", () => {
    expect(notificationLink({ type: 'INVITE_REJECTED', jobId: 'job-1', physicianId: 'p-1' })).toBe(
      '/jobs-resident/job-1?tab=invites&applicant=p-1',
    );
  });

  it('opens the conversation of an accepted invite and of a message', () => {
    expect(notificationLink({ type: 'INVITE_ACCEPTED', conversation: 'c-1', jobId: 'job-1' })).toBe(
      '/messages?conversationId=c-1',
    );
    expect(notificationLink({ type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c 1' })).toBe(
      '/messages?conversationId=c%201',
    );
  });

  it.each([
    ['EMPLOYEE_REGISTERED', '/home'],
    ['APPLY_ON_JOB', '/jobs-resident'],
    ['INVITE_REJECTED', '/jobs-resident'],
    ['INVITE_ACCEPTED', '/messages'],
    ['SEND_MSG_TO_EMPLOYER', '/messages'],
  ] as const)('falls back to the spec’s route when the payload names nothing: %s → %s', (type, link) => {
    expect(notificationLink({ type, conversation: null, jobId: null, physicianId: null })).toBe(link);
  });
});
