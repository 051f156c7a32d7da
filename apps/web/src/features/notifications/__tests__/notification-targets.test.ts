import { describe, expect, it } from 'vitest';
import { destinationOf } from '../components/use-open-notification.ts';
import { makeNotification } from './notification-fixtures.ts';

describe('where a notification click leads', () => {
  it('opens the job of a new application with the applicant in view', () => {
    const applied = makeNotification({ type: 'APPLY_ON_JOB', jobId: 'job-7', physicianId: 'physician-3' });
    expect(destinationOf(applied)).toBe('/jobs-resident/job-7?applicant=physician-3');
  });

  it("opens a declined invite on its job's invites, with the physician named", () => {
    const declined = makeNotification({
      type: 'INVITE_REJECTED',
      jobId: 'job-7',
      physicianId: 'physician-3',
    });
    expect(destinationOf(declined)).toBe('/jobs-resident/job-7?tab=invites&applicant=physician-3');
  });

  it('opens the conversation of an accepted invite and of a message', () => {
    const accepted = makeNotification({ type: 'INVITE_ACCEPTED', conversation: 'c-1', jobId: 'job-7' });
    expect(destinationOf(accepted)).toBe('/messages?conversationId=c-1');
    const message = makeNotification({ type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c 1' });
    expect(destinationOf(message)).toBe('/messages?conversationId=c%201');
  });

  it.each([
    ['EMPLOYEE_REGISTERED', '/home'],
    ['APPLY_ON_JOB', '/jobs-resident'],
    ['INVITE_REJECTED', '/jobs-resident'],
    ['INVITE_ACCEPTED', '/messages'],
    ['SEND_MSG_TO_EMPLOYER', '/messages'],
  ] as const)(
    'falls back to the spec’s route when the payload names nothing: %s → %s',
    (type, destination) => {
      expect(destinationOf(makeNotification({ type }))).toBe(destination);
    },
  );
});
