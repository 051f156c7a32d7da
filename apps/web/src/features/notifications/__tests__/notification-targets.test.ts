import { describe, expect, it } from 'vitest';
import { notificationDestination } from '../notification-destination.ts';

describe('notification clicks (spec §2)', () => {
  it.each([
    ['EMPLOYEE_REGISTERED', '/home'],
    ['APPLY_ON_JOB', '/jobs-resident'],
    ['INVITE_REJECTED', '/jobs-resident'],
    ['INVITE_ACCEPTED', '/messages'],
  ] as const)('%s goes to %s', (type, destination) => {
    expect(notificationDestination(type)).toBe(destination);
  });

  it('SEND_MSG_TO_EMPLOYER opens the conversation', () => {
    expect(notificationDestination('SEND_MSG_TO_EMPLOYER', 'c 1')).toBe('/messages?conversationId=c%201');
  });
});
