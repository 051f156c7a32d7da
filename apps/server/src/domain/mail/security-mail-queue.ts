import type { Db } from '../../db/index.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { MailMessage } from './mailer.ts';

/**
 * Security notices that must reach the person even if the server stops right after the change
 * (a member's second factors reset by an admin): composed in the change's transaction, queued
 * with it, sent by the worker of plugins/security-mail.ts.
 */
export const SECURITY_MAIL_QUEUE = 'security-mail';

export async function enqueueSecurityMail(tx: Db, message: MailMessage): Promise<void> {
  await enqueueJob(tx, SECURITY_MAIL_QUEUE, message);
}
