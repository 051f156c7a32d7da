import fp from 'fastify-plugin';
import type { MailMessage } from '../domain/mail/mailer.ts';
import { SECURITY_MAIL_QUEUE } from '../domain/mail/security-mail-queue.ts';

/** Sends the security notices queued by domain/mail/security-mail-queue.ts; a failed send is retried. */
export default fp(
  async (app) => {
    app.queue.work<MailMessage>(
      SECURITY_MAIL_QUEUE,
      { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 0.5 },
      async (message) => {
        await app.mailer.send(message);
      },
    );
  },
  { name: 'security-mail', dependencies: ['queue', 'mail'] },
);
