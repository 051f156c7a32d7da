import type { Db } from '../../db/index.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { Mailer } from './mailer.ts';
import type { MailContent } from './templates.ts';

/**
 * Mails about an account's own security (a new device, a factor added or removed, a recovery code
 * used, a reset by an admin). They are queued in the transaction of the change that causes them,
 * so a crash right after the change still sends them, and a failed send is retried by the queue.
 */
export const ACCOUNT_MAIL_QUEUE = 'account-mail';

/** The rendered mail: rendering happens with the change, so a retry sends exactly the same words. */
export interface AccountMailJob extends MailContent {
  to: string;
}

export async function queueAccountMail(db: Db, to: string, content: MailContent): Promise<void> {
  await enqueueJob(db, ACCOUNT_MAIL_QUEUE, { to, ...content } satisfies AccountMailJob);
}

export async function sendAccountMail(mailer: Mailer, job: AccountMailJob): Promise<void> {
  await mailer.send({ to: job.to, subject: job.subject, text: job.text, html: job.html });
}
