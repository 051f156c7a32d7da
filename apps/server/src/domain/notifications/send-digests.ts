import {
  NOTIFICATION_TYPES,
  notificationLink,
  type TNotificationType,
} from '@medhire/contract/notifications';
import { and, asc, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { notifications } from '../../db/schema/hiring.ts';
import { notificationDigests, notificationPreferences } from '../../db/schema/notifications.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderNotificationDigestMail } from '../mail/templates.ts';
import { createDigestUnsubscribeToken } from './digest-unsubscribe-token.ts';

/** A notification joins the digest once it has stayed unread this long. */
export const DIGEST_DELAY_MS = 60 * 60_000;
/** At most one digest per user in this period. */
export const DIGEST_INTERVAL_MS = 24 * 60 * 60_000;
/** The digest lists this many notifications; the subject counts them all. */
const DIGEST_MAX_ITEMS = 20;

export const UNSUBSCRIBE_DIGEST_PATH = '/api/employer/notification/unsubscribe-digest';

export function digestUnsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}${UNSUBSCRIBE_DIGEST_PATH}?token=${encodeURIComponent(createDigestUnsubscribeToken(secret, userId))}`;
}

interface DigestRow {
  userId: string;
  email: string;
  type: TNotificationType;
  title: string;
  body: string;
  conversation: string | null;
  jobId: string | null;
  physicianId: string | null;
}

/**
 * Sends the e-mail digests that are due: to each active user with notifications unread for
 * over an hour (of types whose e-mail channel is on) that no earlier digest listed, when the
 * last digest is a day old or there was none. Each user is claimed in the database before
 * sending, so two instances never send the same digest; a failed send releases the claim and
 * throws, for the queue to retry. Answers how many digests went out.
 */
export async function sendNotificationDigests({
  db,
  mailer,
  secret,
  publicUrl,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  secret: string;
  publicUrl: string;
  now?: Date;
}): Promise<number> {
  const cutoff = new Date(now.getTime() - DIGEST_DELAY_MS);
  const dayAgo = new Date(now.getTime() - DIGEST_INTERVAL_MS);
  const rows: DigestRow[] = await db
    .select({
      userId: notifications.userId,
      email: users.email,
      type: sql<TNotificationType>`${notifications.type}`,
      title: notifications.title,
      body: notifications.body,
      conversation: sql<string | null>`${notifications.data}->>'conversation'`,
      jobId: sql<string | null>`${notifications.data}->>'jobId'`,
      physicianId: sql<string | null>`${notifications.data}->>'physicianId'`,
    })
    .from(notifications)
    .innerJoin(users, and(eq(users.id, notifications.userId), isNull(users.archivedAt)))
    .leftJoin(notificationDigests, eq(notificationDigests.userId, notifications.userId))
    .leftJoin(
      notificationPreferences,
      and(
        eq(notificationPreferences.userId, notifications.userId),
        eq(notificationPreferences.type, notifications.type),
      ),
    )
    .where(
      and(
        // Physicians are e-mailed each notification they cannot get by push instead
        // (send-notification-email.ts); this digest is the employer's.
        inArray(notifications.type, [...NOTIFICATION_TYPES]),
        eq(users.role, 'employer'),
        isNull(notifications.readAt),
        lte(notifications.createdAt, cutoff),
        sql`${notifications.createdAt} > coalesce(${notificationDigests.coveredUntil}, '-infinity'::timestamptz)`,
        sql`(${notificationDigests.lastSentAt} is null or ${notificationDigests.lastSentAt} <= ${dayAgo.toISOString()}::timestamptz)`,
        sql`coalesce(${notificationPreferences.email}, true)`,
      ),
    )
    .orderBy(asc(notifications.userId), desc(notifications.createdAt));

  const byUser = new Map<string, DigestRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);

  let sent = 0;
  let failure: unknown;
  for (const [userId, items] of byUser) {
    const [previous] = await db
      .select()
      .from(notificationDigests)
      .where(eq(notificationDigests.userId, userId))
      .limit(1);
    const [claimed] = await db
      .insert(notificationDigests)
      .values({ userId, lastSentAt: now, coveredUntil: cutoff })
      .onConflictDoUpdate({
        target: notificationDigests.userId,
        set: { lastSentAt: now, coveredUntil: cutoff },
        setWhere: lte(notificationDigests.lastSentAt, dayAgo),
      })
      .returning();
    if (!claimed) continue;
    const unsubscribeUrl = digestUnsubscribeUrl(publicUrl, secret, userId);
    const mail = renderNotificationDigestMail({
      items: items.slice(0, DIGEST_MAX_ITEMS).map((item) => ({
        title: item.title,
        body: item.body,
        link: `${publicUrl}${notificationLink(item)}`,
      })),
      total: items.length,
      appUrl: `${publicUrl}/home`,
      unsubscribeUrl,
    });
    try {
      await mailer.send({
        to: items[0]?.email ?? '',
        ...mail,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      sent += 1;
    } catch (error) {
      failure ??= error;
      if (previous) {
        await db
          .update(notificationDigests)
          .set({ lastSentAt: previous.lastSentAt, coveredUntil: previous.coveredUntil })
          .where(eq(notificationDigests.userId, userId));
      } else {
        await db.delete(notificationDigests).where(eq(notificationDigests.userId, userId));
      }
    }
  }
  if (failure) throw failure;
  return sent;
}
