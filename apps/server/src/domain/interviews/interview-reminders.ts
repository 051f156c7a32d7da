import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import {
  interviewParticipants,
  interviewRemindersSent,
  interviews,
  memberAvailability,
} from '../../db/schema/interviews.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { brandedHtml, escapeHtml } from '../mail/templates.ts';
import { formatInZone } from './availability.ts';
import { createInterviewLinkToken, interviewLinkUrl } from './interview-link-token.ts';
import {
  INTERVIEW_REMINDER_PUSH_QUEUE,
  type InterviewReminderPushJob,
  type InterviewReminderPushPayload,
  reminderPushTokenIds,
  timeOfDayInZone,
} from './interview-reminder-push.ts';

/**
 * Reminders of a scheduled interview, 24 h and 2 h before it, to the physician and every
 * interviewer: by e-mail, and by Web Push to those who want it (interview-reminder-push.ts).
 */
export const INTERVIEW_REMINDER_QUEUE = 'interview-reminder';

export type InterviewReminderKind = '24h' | '2h';

const HOUR_MS = 3_600_000;
export const REMINDER_LEAD_MS: Record<InterviewReminderKind, number> = {
  '24h': 24 * HOUR_MS,
  '2h': 2 * HOUR_MS,
};

export interface InterviewReminderJob {
  interviewId: string;
  kind: InterviewReminderKind;
  /** The start the reminder is about (ISO): a job for a time the interview no longer has sends nothing. */
  startsAt: string;
  /** The interview's ics_sequence when the job was queued (for the logs; the start decides). */
  sequence: number;
}

/**
 * Queues the 24 h and 2 h reminders of an interview that just got its time, in the caller's
 * transaction (they exist exactly when the time commits). A reminder whose moment has already
 * passed (an interview set less than 24 h or 2 h ahead) is not queued: no reminder arrives late.
 */
export async function enqueueInterviewReminders(
  tx: Db,
  {
    interviewId,
    startsAt,
    sequence,
    now,
  }: { interviewId: string; startsAt: Date; sequence: number; now: Date },
): Promise<InterviewReminderKind[]> {
  const queued: InterviewReminderKind[] = [];
  for (const kind of ['24h', '2h'] as const) {
    const sendAt = new Date(startsAt.getTime() - REMINDER_LEAD_MS[kind]);
    if (sendAt.getTime() <= now.getTime()) continue;
    const job: InterviewReminderJob = { interviewId, kind, startsAt: startsAt.toISOString(), sequence };
    await enqueueJob(tx, INTERVIEW_REMINDER_QUEUE, job, { startAfter: sendAt });
    queued.push(kind);
  }
  return queued;
}

interface Recipient {
  userId: string;
  email: string;
  name: string;
  role: 'interviewer' | 'physician';
  /** The zone the mail shows the time in: an interviewer's own (their availability), else the interview's. */
  timeZone: string | null;
}

export type ReminderOutcome = {
  /** Recipients reminded (by e-mail, each) by this run. */
  sent: number;
  /** Push jobs queued by this run (one per browser subscription of those who want pushes). */
  pushes: number;
  skipped: 'stale' | 'not-scheduled' | 'started' | null;
};

const TYPE_LABELS = { video: 'Video call', phone: 'Phone call', onsite: 'On-site interview' } as const;

interface ReminderFacts {
  interview: typeof interviews.$inferSelect;
  jobTitle: string;
  organizationName: string;
  physicianName: string;
}

/**
 * The push of a reminder: "Interview tomorrow at 10:00 AM EST" / "Interview in 2 hours", the job
 * and the other party, the time in the recipient's zone (an interviewer's own, else the
 * interview's; physicians have none stored, so theirs is the interview's). A member's opens the
 * applicant's page (its interviews are there); a physician's their interviews in the app.
 */
function reminderPush(
  recipient: Recipient,
  facts: ReminderFacts,
  kind: InterviewReminderKind,
  startsAt: Date,
): InterviewReminderPushPayload {
  const { interview } = facts;
  const time = timeOfDayInZone(startsAt, recipient.timeZone ?? interview.timeZone);
  const title = kind === '24h' ? `Interview tomorrow at ${time}` : 'Interview in 2 hours';
  const otherParty = recipient.role === 'physician' ? facts.organizationName : facts.physicianName;
  const body = `${facts.jobTitle} with ${otherParty}: ${TYPE_LABELS[interview.type].toLowerCase()} at ${time}`;
  const link =
    recipient.role === 'physician'
      ? '/physician/interviews'
      : `/applicants/${encodeURIComponent(interview.physicianId)}`;
  return {
    tag: `interview-reminder-${interview.id}-${kind}`,
    notification: { title, body, image: null, icon: null },
    fcmOptions: { link },
  };
}

function reminderMail(
  recipient: Recipient,
  facts: ReminderFacts,
  kind: InterviewReminderKind,
  link: string | null,
): MailMessage {
  const { interview } = facts;
  const when = kind === '24h' ? 'tomorrow' : 'in 2 hours';
  const subject = `Reminder: interview ${when} · ${facts.jobTitle} (${facts.organizationName})`;
  const lines = [
    recipient.role === 'physician'
      ? `Your interview with ${facts.organizationName} for ${facts.jobTitle} is ${when}.`
      : `Your interview with ${facts.physicianName} for ${facts.jobTitle} is ${when}.`,
    `${interview.startsAt ? formatInZone(interview.startsAt, recipient.timeZone ?? interview.timeZone) : ''}, ${interview.durationMinutes} minutes`,
    TYPE_LABELS[interview.type],
    ...(interview.type === 'video' && interview.meetingUrl ? [`Join: ${interview.meetingUrl}`] : []),
    ...(interview.location ? [`Where: ${interview.location}`] : []),
  ];
  const text = `${lines.join('\n')}${link ? `\n\nView the interview: ${link}` : ''}\n\n— MedHire\n`;
  const button = link
    ? `<p style="margin:8px 0 0;"><a href="${escapeHtml(link)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">View the interview</a></p>`
    : '';
  const body = `<p style="margin:0 0 16px;white-space:pre-line;">${escapeHtml(lines.join('\n'))}</p>${button}`;
  return { to: recipient.email, subject, text, html: brandedHtml(subject, body) };
}

/**
 * Sends one queued reminder. Nothing goes out for an interview that is no longer scheduled
 * (cancelled, declined, back to proposals) or whose start is no longer the job's (moved: the move
 * queued reminders of its own), nor once it has started. Each recipient's mail is sent inside a
 * transaction that first inserts its row in interview_reminders_sent: a row already there (this
 * reminder went out, or another worker is sending it right now and the insert waits for it) means
 * skip; a send that fails (or a worker that dies before the commit) rolls the row back, so the
 * retry sends exactly the ones still missing. The same transaction queues the recipient's Web
 * Push jobs (one per browser subscription, for those whose preferences allow it): they exist
 * exactly when the row does, and the push queue retries them on its own.
 */
export async function sendInterviewReminder({
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
  job: InterviewReminderJob;
  now?: Date;
}): Promise<ReminderOutcome> {
  const [row] = await db
    .select({
      interview: interviews,
      jobTitle: jobs.title,
      organizationName: organizations.name,
      physicianFirst: physicians.firstName,
      physicianLast: physicians.lastName,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(organizations, eq(organizations.id, interviews.organizationId))
    .innerJoin(physicians, eq(physicians.id, interviews.physicianId))
    .where(eq(interviews.id, job.interviewId));
  if (row?.interview.status !== 'scheduled' || !row.interview.startsAt) {
    return { sent: 0, pushes: 0, skipped: 'not-scheduled' };
  }
  const startsAt = row.interview.startsAt;
  if (startsAt.getTime() !== new Date(job.startsAt).getTime())
    return { sent: 0, pushes: 0, skipped: 'stale' };
  if (startsAt.getTime() <= now.getTime()) return { sent: 0, pushes: 0, skipped: 'started' };
  const recipients: Recipient[] = (
    await db
      .select({
        userId: users.id,
        email: users.email,
        name: users.fullName,
        role: interviewParticipants.role,
        timeZone: memberAvailability.timeZone,
      })
      .from(interviewParticipants)
      .innerJoin(users, and(eq(users.id, interviewParticipants.participantUserId), isNull(users.archivedAt)))
      .leftJoin(memberAvailability, eq(memberAvailability.userId, interviewParticipants.participantUserId))
      .where(eq(interviewParticipants.interviewId, job.interviewId))
      .orderBy(interviewParticipants.participantUserId)
  ).map((person) => ({ ...person, name: person.name ?? person.email }));
  const facts: ReminderFacts = {
    interview: row.interview,
    jobTitle: row.jobTitle,
    organizationName: row.organizationName ?? 'The employer',
    physicianName: `Dr. ${row.physicianFirst} ${row.physicianLast}`,
  };
  const physicianLink = interviewLinkUrl(publicUrl, createInterviewLinkToken(secret, job.interviewId));
  let sent = 0;
  let pushes = 0;
  for (const recipient of recipients) {
    const queuedPushes = await db.transaction(async (tx) => {
      // Still the same scheduled time, checked under the interview's lock: a cancel or a move
      // committing meanwhile waits for this send, or this send sees it and stops.
      const [current] = await tx
        .select({ status: interviews.status, startsAt: interviews.startsAt })
        .from(interviews)
        .where(eq(interviews.id, job.interviewId))
        .for('share');
      if (current?.status !== 'scheduled' || current.startsAt?.getTime() !== startsAt.getTime()) return null;
      const claimed = await tx
        .insert(interviewRemindersSent)
        .values({
          interviewId: job.interviewId,
          recipientUserId: recipient.userId,
          kind: job.kind,
          startsAt,
          sentAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: interviewRemindersSent.id });
      if (claimed.length === 0) return null;
      const tokenIds = await reminderPushTokenIds(tx, recipient.userId, recipient.role);
      if (tokenIds.length > 0) {
        const payload = reminderPush(recipient, facts, job.kind, startsAt);
        for (const pushTokenId of tokenIds) {
          const pushJob: InterviewReminderPushJob = {
            interviewId: job.interviewId,
            startsAt: startsAt.toISOString(),
            recipientUserId: recipient.userId,
            pushTokenId,
            payload,
          };
          await enqueueJob(tx, INTERVIEW_REMINDER_PUSH_QUEUE, pushJob);
        }
      }
      await mailer.send(
        reminderMail(recipient, facts, job.kind, recipient.role === 'physician' ? physicianLink : null),
      );
      return tokenIds.length;
    });
    if (queuedPushes !== null) {
      sent += 1;
      pushes += queuedPushes;
    }
  }
  return { sent, pushes, skipped: null };
}
