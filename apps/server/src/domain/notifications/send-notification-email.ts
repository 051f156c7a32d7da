import { physicianNotificationLink } from '@medhire/contract/physician-notifications';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { notifications } from '../../db/schema/hiring.ts';
import type { Mailer } from '../mail/mailer.ts';
import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';
import { isPhysicianNotificationType, toPhysicianNotification } from './physician-notification-view.ts';
import type { NotificationEmailJob } from './queues.ts';

export function renderPhysicianNotificationMail({
  title,
  body,
  link,
}: {
  title: string;
  body: string;
  link: string;
}): MailContent {
  const closing =
    'You get this e-mail because push notifications are off on your devices. Change it in Settings.';
  return {
    subject: title,
    text: `${body}\n\nOpen MedHire: ${link}\n\n${closing}\n\n— MedHire\n`,
    html: brandedHtml(
      title,
      `<p style="margin:0 0 16px;font-weight:bold;">${escapeHtml(title)}</p>
<p style="margin:0 0 24px;">${escapeHtml(body)}</p>
<p style="margin:0 0 24px;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">Open MedHire</a></p>
<p style="margin:0;font-size:14px;">${escapeHtml(closing)}</p>`,
    ),
  };
}

export type NotificationEmailOutcome = 'sent' | 'skipped';

/**
 * E-mails a physician a notification they get no push for. Skipped when it was read meanwhile
 * (seen in the app, nothing to tell) or the account was deleted. A failed send throws, for the
 * queue to retry.
 */
export async function sendNotificationEmail({
  db,
  mailer,
  publicUrl,
  job,
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  job: NotificationEmailJob;
}): Promise<NotificationEmailOutcome> {
  const [found] = await db
    .select({ notification: notifications, email: users.email })
    .from(notifications)
    .innerJoin(users, and(eq(users.id, notifications.userId), isNull(users.archivedAt)))
    .where(and(eq(notifications.id, job.notificationId), isNull(notifications.readAt)))
    .limit(1);
  if (!found || !isPhysicianNotificationType(found.notification.type)) return 'skipped';
  const view = toPhysicianNotification(found.notification);
  await mailer.send({
    to: found.email,
    ...renderPhysicianNotificationMail({
      title: view.notification.title,
      body: view.notification.body,
      link: `${publicUrl}${physicianNotificationLink(view.data)}`,
    }),
  });
  return 'sent';
}
