import type { Agent } from 'node:https';
import { NOTIFICATION_TYPES } from '@medhire/contract/notifications';
import type { TPhysicianNotificationType } from '@medhire/contract/physician-notifications';
import { and, eq, isNotNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { VapidConfig } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { pushTokens } from '../../db/schema/accounts.ts';
import { interviews } from '../../db/schema/interviews.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';
import { PUSH_TTL_SECONDS, type PushOutcome, pushToSubscription } from '../notifications/send-push.ts';

/**
 * The Web Push of an interview reminder: one job per browser subscription of each recipient who
 * wants pushes, queued in the transaction that records the reminder as sent to them
 * (interview_reminders_sent), so a crash neither loses one nor, retried, sends one twice. Not a
 * stored notification: the employer's notification types stay the spec's.
 */
export const INTERVIEW_REMINDER_PUSH_QUEUE = 'interview-reminder-push';

/**
 * What the service workers show (apps/web/public/sw.js, apps/physician/public/push-sw.js): the
 * title, body and link of a stored notification's payload, without its `_id` (nothing to mark
 * read, and the employer's tab in view shows it too, since no bell has it). `tag` makes a
 * repeated delivery replace the one shown rather than add a second.
 */
export interface InterviewReminderPushPayload {
  tag: string;
  notification: { title: string; body: string; image: null; icon: null };
  fcmOptions: { link: string };
}

export interface InterviewReminderPushJob {
  interviewId: string;
  /** The start the reminder is about (ISO): a push for a time the interview no longer has is dropped. */
  startsAt: string;
  recipientUserId: string;
  pushTokenId: string;
  payload: InterviewReminderPushPayload;
}

/**
 * The physician's switch that governs interview reminder pushes: "Updates on your applications"
 * (an interview is where an application stands). Members' types are all about what a physician
 * did, none about interviews: a member gets reminder pushes unless browser push is off for
 * every type (a member who silenced the browser altogether).
 */
export const PHYSICIAN_REMINDER_PUSH_TYPE: TPhysicianNotificationType = 'APPLICATION_STATUS';

/** Whether the recipient's notification preferences let an interview reminder reach them by push. */
export async function wantsReminderPush(
  db: Db,
  userId: string,
  role: 'interviewer' | 'physician',
): Promise<boolean> {
  const rows = await db
    .select({ type: notificationPreferences.type, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const off = new Set(rows.filter((row) => !row.push).map((row) => row.type));
  if (role === 'physician') return !off.has(PHYSICIAN_REMINDER_PUSH_TYPE);
  return NOTIFICATION_TYPES.some((type) => !off.has(type));
}

/** The recipient's browser subscriptions (several browsers each), if they want reminder pushes. */
export async function reminderPushTokenIds(
  db: Db,
  userId: string,
  role: 'interviewer' | 'physician',
): Promise<string[]> {
  const tokens = await db
    .select({ id: pushTokens.id })
    .from(pushTokens)
    .where(and(eq(pushTokens.userId, userId), isNotNull(pushTokens.endpoint)))
    .orderBy(pushTokens.createdAt);
  if (tokens.length === 0 || !(await wantsReminderPush(db, userId, role))) return [];
  return tokens.map((token) => token.id);
}

/** "10:00 AM EST": the time of day in the recipient's zone (luxon; the zone's abbreviation). */
export function timeOfDayInZone(at: Date, timeZone: string): string {
  const local = DateTime.fromJSDate(at, { zone: timeZone }).setLocale('en-US');
  if (!local.isValid) throw new RangeError(`Cannot format ${String(at)} in ${timeZone}`);
  return local.toFormat('h:mm a ZZZZ');
}

/**
 * Sends one queued reminder push. Dropped (skipped) when the browser unsubscribed or the
 * subscription changed hands meanwhile, or when the interview is no longer scheduled at the
 * reminder's start or has started (a cancel or a move right after the reminder, or retries that
 * ran late). The push service keeps it for an offline browser only until the interview starts.
 */
export async function sendInterviewReminderPush({
  db,
  job,
  vapid,
  allowedHosts,
  now = new Date(),
  agent,
}: {
  db: Db;
  job: InterviewReminderPushJob;
  vapid: VapidConfig;
  allowedHosts: readonly string[];
  now?: Date;
  agent?: Agent;
}): Promise<PushOutcome> {
  const [[token], [interview]] = await Promise.all([
    db.select().from(pushTokens).where(eq(pushTokens.id, job.pushTokenId)).limit(1),
    db
      .select({ status: interviews.status, startsAt: interviews.startsAt })
      .from(interviews)
      .where(eq(interviews.id, job.interviewId))
      .limit(1),
  ]);
  if (!token?.endpoint || token.userId !== job.recipientUserId) return 'skipped';
  const startsAt = new Date(job.startsAt);
  if (interview?.status !== 'scheduled' || interview.startsAt?.getTime() !== startsAt.getTime()) {
    return 'skipped';
  }
  const secondsLeft = Math.floor((startsAt.getTime() - now.getTime()) / 1000);
  if (secondsLeft <= 0) return 'skipped';
  return pushToSubscription({
    db,
    token,
    payload: job.payload,
    vapid,
    allowedHosts,
    ttlSeconds: Math.min(secondsLeft, PUSH_TTL_SECONDS),
    urgency: 'high',
    agent,
  });
}
