import { createHash } from 'node:crypto';
import type { TMemberRole } from '@medhire/contract/team-roles';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { weeklySummaryOptOuts, weeklySummarySends } from '../../db/schema/weekly-summary.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { Mailer } from '../mail/mailer.ts';
import { renderWeeklySummaryMail } from '../mail/templates.ts';
import { createWeeklySummaryUnsubscribeToken } from '../notifications/digest-unsubscribe-token.ts';
import { getWeeklyFigures, organizationScope } from './get-report.ts';

/** The schedule's queue: once a week it queues one summary job per organisation. */
export const WEEKLY_SUMMARY_SCHEDULE_QUEUE = 'weekly-summary-schedule';
/** One organisation's summary for one week. */
export const WEEKLY_SUMMARY_QUEUE = 'weekly-summary';
/**
 * Mondays at 08:00 UTC. Organisations keep no time zone of their own, so the summary goes out
 * at one time for all (early morning across the US would be 13:00 UTC; 08:00 is the brief's).
 */
export const WEEKLY_SUMMARY_CRON = '0 8 * * 1';
export const UNSUBSCRIBE_WEEKLY_SUMMARY_PATH = '/api/employer/notification/unsubscribe-weekly-summary';

/** The roles that get the summary: those who see the whole organisation's reports. */
const SUMMARY_ROLES = ['owner', 'admin'] as const satisfies readonly TMemberRole[];

export function isWeeklySummaryRole(role: TMemberRole): boolean {
  return (SUMMARY_ROLES as readonly TMemberRole[]).includes(role);
}

export interface WeeklySummaryJob {
  organizationId: string;
  /** The Monday (UTC, YYYY-MM-DD) the summarised week began. */
  weekStart: string;
}

/**
 * The week before the one `now` falls in, Monday 00:00 to Monday 00:00 (UTC), with luxon's ISO
 * weeks rather than offset arithmetic.
 */
export function previousWeek(now: Date): { weekStart: string; start: Date; end: Date } {
  const thisMonday = DateTime.fromJSDate(now, { zone: 'utc' }).startOf('week');
  const lastMonday = thisMonday.minus({ weeks: 1 });
  return {
    weekStart: lastMonday.toISODate() ?? '',
    start: lastMonday.toJSDate(),
    end: thisMonday.toJSDate(),
  };
}

/** A stable job id per organisation and week: queuing the same summary twice adds nothing. */
export function weeklySummaryJobId(organizationId: string, weekStart: string): string {
  const hex = createHash('sha1').update(`weekly-summary:${organizationId}:${weekStart}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The weekly schedule's work: one summary job per organisation with an owner or admin, for the
 * week before `now`, all in one transaction. Each job's id and singleton key are made from the
 * organisation and the week, so a second run (another instance, a retry) queues nothing new.
 * Answers how many organisations it looked at.
 */
export async function queueWeeklySummaries({
  db,
  now = new Date(),
}: {
  db: Db;
  now?: Date;
}): Promise<number> {
  const { weekStart } = previousWeek(now);
  const rows = await db
    .selectDistinct({ organizationId: organizations.id })
    .from(organizations)
    .innerJoin(
      users,
      and(
        eq(users.organizationId, organizations.id),
        eq(users.role, 'employer'),
        inArray(users.memberRole, [...SUMMARY_ROLES]),
        isNull(users.archivedAt),
      ),
    );
  await db.transaction(async (tx) => {
    for (const { organizationId } of rows) {
      const job: WeeklySummaryJob = { organizationId, weekStart };
      await enqueueJob(tx, WEEKLY_SUMMARY_QUEUE, job, {
        id: weeklySummaryJobId(organizationId, weekStart),
        singletonKey: `weekly-summary:${organizationId}:${weekStart}`,
      });
    }
  });
  return rows.length;
}

export function weeklySummaryUnsubscribeUrl(publicUrl: string, secret: string, userId: string): string {
  return `${publicUrl}${UNSUBSCRIBE_WEEKLY_SUMMARY_PATH}?token=${encodeURIComponent(
    createWeeklySummaryUnsubscribeToken(secret, userId),
  )}`;
}

/**
 * Sends one organisation's summary of one week: last week's figures from the reports domain, one
 * mail to each approved owner and admin who has not turned it off. Each recipient is claimed in
 * weekly_summary_sends before the mail goes out, so a job run twice (a retry after a crash, a
 * second instance) mails nobody twice; a failed send drops its claim and the job throws, for the
 * queue to retry the ones not reached. Answers how many mails went out.
 */
export async function sendWeeklySummary({
  db,
  mailer,
  publicUrl,
  secret,
  job,
  now = new Date(),
}: {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  secret: string;
  job: WeeklySummaryJob;
  now?: Date;
}): Promise<number> {
  const start = DateTime.fromISO(job.weekStart, { zone: 'utc' });
  if (!start.isValid) return 0;
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, job.organizationId));
  if (!organization) return 0;
  const recipients = await db
    .select({ userId: users.id, email: users.email, fullName: users.fullName })
    .from(users)
    .leftJoin(weeklySummaryOptOuts, eq(weeklySummaryOptOuts.userId, users.id))
    .where(
      and(
        eq(users.organizationId, job.organizationId),
        eq(users.role, 'employer'),
        eq(users.accountStatus, 'approved'),
        inArray(users.memberRole, [...SUMMARY_ROLES]),
        isNull(users.archivedAt),
        isNull(weeklySummaryOptOuts.userId),
      ),
    );
  if (recipients.length === 0) return 0;

  const figures = await getWeeklyFigures(
    db,
    organizationScope(job.organizationId, start.toJSDate(), start.plus({ weeks: 1 }).toJSDate()),
  );
  let sent = 0;
  let failure: unknown;
  for (const recipient of recipients) {
    const [claimed] = await db
      .insert(weeklySummarySends)
      .values({
        organizationId: job.organizationId,
        weekStart: job.weekStart,
        userId: recipient.userId,
        sentAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: weeklySummarySends.userId });
    if (!claimed) continue;
    const unsubscribeUrl = weeklySummaryUnsubscribeUrl(publicUrl, secret, recipient.userId);
    const mail = renderWeeklySummaryMail({
      organizationName: organization.name ?? 'your organization',
      weekStart: job.weekStart,
      weekEnd: start.plus({ days: 6 }).toISODate() ?? job.weekStart,
      figures,
      reportsUrl: `${publicUrl}/reports`,
      unsubscribeUrl,
    });
    try {
      await mailer.send({
        to: recipient.email,
        ...mail,
        headers: {
          'List-Unsubscribe': `<${unsubscribeUrl}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      });
      sent += 1;
    } catch (error) {
      failure ??= error;
      await db
        .delete(weeklySummarySends)
        .where(
          and(
            eq(weeklySummarySends.organizationId, job.organizationId),
            eq(weeklySummarySends.weekStart, job.weekStart),
            eq(weeklySummarySends.userId, recipient.userId),
          ),
        );
    }
  }
  if (failure) throw failure;
  return sent;
}
