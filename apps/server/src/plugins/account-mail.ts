import fp from 'fastify-plugin';
import { ACCOUNT_MAIL_QUEUE, type AccountMailJob, sendAccountMail } from '../domain/mail/account-mail.ts';

/** Sends the account-security mails queued with the changes that cause them (domain/mail/account-mail.ts). */
export default fp(
  async (app) => {
    app.queue.work<AccountMailJob>(
      ACCOUNT_MAIL_QUEUE,
      { retryLimit: 6, retryDelay: 10, retryBackoff: true, pollingIntervalSeconds: 1 },
      async (job) => {
        await sendAccountMail(app.mailer, job);
      },
    );
  },
  { name: 'account-mail', dependencies: ['queue', 'mail'] },
);
