import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type OutboxMessage, readOutbox } from '../src/domain/mail/outbox.ts';

/**
 * The mails to `email` once at least `count` match (the queue sends them a moment after the
 * change commits); fails after a few seconds.
 */
export async function waitForMails(
  app: FastifyInstance,
  email: string,
  count: number,
  matches: (mail: OutboxMessage) => boolean = () => true,
): Promise<OutboxMessage[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mails = (await readOutbox(app.config.dataDir, email)).filter(matches);
    if (mails.length >= count || Date.now() > deadline) {
      expect(mails.length, `mails to ${email}`).toBeGreaterThanOrEqual(count);
      return mails;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The subjects of the mails to `email` once one has `subject` (queued mails go out a moment after their change). */
export async function waitForSubject(
  app: FastifyInstance,
  email: string,
  subject: string,
): Promise<string[]> {
  await waitForMails(app, email, 1, (mail) => mail.subject === subject);
  return (await readOutbox(app.config.dataDir, email)).map((mail) => mail.subject);
}
