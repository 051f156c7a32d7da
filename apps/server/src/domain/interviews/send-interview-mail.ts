import { createHash } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import {
  interviewParticipants,
  interviewProposedSlots,
  interviewSessions,
  interviews,
} from '../../db/schema/interviews.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { Mailer, MailMessage } from '../mail/mailer.ts';
import { brandedHtml, escapeHtml, type MailContent } from '../mail/templates.ts';
import { formatInZone } from './availability.ts';
import { buildInviteIcs } from './calendar-invite.ts';
import { createInterviewLinkToken, interviewLinkUrl } from './interview-link-token.ts';
import {
  INTERVIEW_MAIL_SEND_QUEUE,
  type InterviewMailJob,
  type InterviewMailSendJob,
} from './interview-queue.ts';
import { type ItinerarySession, itineraryText, sessionTimeInZone } from './visit-itinerary.ts';
import { sessionUid } from './visit-sessions.ts';

export type InterviewMailOutcome = 'queued' | 'skipped';

interface Person {
  name: string;
  email: string;
}

interface InterviewFacts {
  interview: typeof interviews.$inferSelect;
  jobTitle: string;
  organizationName: string;
  physician: Person;
  interviewers: Person[];
  scheduler: Person | undefined;
  slots: { startsAt: Date; endsAt: Date }[];
  /**
   * The time the calendars hold: the interview's, or, once it went back to proposals, the one its
   * participants last held (their rows keep it when released), which a cancellation must name.
   */
  heldTime: { startsAt: Date; endsAt: Date } | undefined;
  /** The itinerary of an on-site visit, in time order; empty for any other interview. */
  sessions: ItinerarySession[];
  /** The members a visit's reschedule took out of sessions, by user id (for their cancellations). */
  droppedPeople?: Map<string, Person>;
}

const TYPE_LABELS = { video: 'Video call', phone: 'Phone call', onsite: 'On-site interview' } as const;

/** The interview's calendar UID: the same for every invite, update and cancellation of it. */
export function interviewUid(interviewId: string): string {
  return `interview-${interviewId}@medhire`;
}

async function loadFacts(db: Db, interviewId: string): Promise<InterviewFacts | undefined> {
  const [row] = await db
    .select({
      interview: interviews,
      jobTitle: jobs.title,
      organizationName: organizations.name,
      physicianFirst: physicians.firstName,
      physicianLast: physicians.lastName,
      physicianEmail: users.email,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(organizations, eq(organizations.id, interviews.organizationId))
    .innerJoin(physicians, eq(physicians.id, interviews.physicianId))
    .innerJoin(users, eq(users.id, physicians.userId))
    .where(eq(interviews.id, interviewId));
  if (!row) return undefined;
  const interviewerRows = await db
    .select({ name: users.fullName, email: users.email })
    .from(interviewParticipants)
    .innerJoin(users, and(eq(users.id, interviewParticipants.participantUserId), isNull(users.archivedAt)))
    .where(
      and(
        eq(interviewParticipants.interviewId, interviewId),
        eq(interviewParticipants.role, 'interviewer'),
        isNull(interviewParticipants.sessionId),
      ),
    );
  const sessionRows = await db
    .select()
    .from(interviewSessions)
    .where(eq(interviewSessions.interviewId, interviewId))
    .orderBy(interviewSessions.position);
  const sessionPeople =
    sessionRows.length === 0
      ? []
      : await db
          .select({
            sessionId: interviewParticipants.sessionId,
            userId: users.id,
            name: users.fullName,
            email: users.email,
          })
          .from(interviewParticipants)
          .innerJoin(
            users,
            and(eq(users.id, interviewParticipants.participantUserId), isNull(users.archivedAt)),
          )
          .where(
            and(
              eq(interviewParticipants.interviewId, interviewId),
              eq(interviewParticipants.role, 'interviewer'),
              isNotNull(interviewParticipants.sessionId),
            ),
          )
          .orderBy(users.fullName);
  const [scheduler] = row.interview.createdByUserId
    ? await db
        .select({ name: users.fullName, email: users.email })
        .from(users)
        .where(and(eq(users.id, row.interview.createdByUserId), isNull(users.archivedAt)))
    : [];
  const slots = await db
    .select({ startsAt: interviewProposedSlots.startsAt, endsAt: interviewProposedSlots.endsAt })
    .from(interviewProposedSlots)
    .where(eq(interviewProposedSlots.interviewId, interviewId))
    .orderBy(interviewProposedSlots.startsAt);
  const [lastHeld] = await db
    .select({ startsAt: interviewParticipants.startsAt, endsAt: interviewParticipants.endsAt })
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), isNotNull(interviewParticipants.startsAt)))
    .limit(1);
  const { startsAt, endsAt } = row.interview;
  const heldTime =
    startsAt && endsAt
      ? { startsAt, endsAt }
      : lastHeld?.startsAt && lastHeld.endsAt
        ? { startsAt: lastHeld.startsAt, endsAt: lastHeld.endsAt }
        : undefined;
  return {
    interview: row.interview,
    jobTitle: row.jobTitle,
    organizationName: row.organizationName ?? 'The employer',
    physician: { name: `Dr. ${row.physicianFirst} ${row.physicianLast}`, email: row.physicianEmail },
    interviewers: interviewerRows.map((person) => ({
      name: person.name ?? person.email,
      email: person.email,
    })),
    scheduler: scheduler ? { name: scheduler.name ?? scheduler.email, email: scheduler.email } : undefined,
    slots,
    heldTime,
    sessions: sessionRows.map((session) => ({
      id: session.id,
      title: session.title,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      location: session.location,
      interviewers: sessionPeople
        .filter((person) => person.sessionId === session.id)
        .map((person) => ({ userId: person.userId, name: person.name ?? person.email, email: person.email })),
    })),
  };
}

function render(title: string, paragraphs: string[], link?: { label: string; url: string }): MailContent {
  const text = `${paragraphs.join('\n\n')}${link ? `\n\n${link.label}: ${link.url}` : ''}\n\n— MedHire\n`;
  const body = paragraphs
    .map((paragraph) => `<p style="margin:0 0 16px;white-space:pre-line;">${escapeHtml(paragraph)}</p>`)
    .join('\n');
  const button = link
    ? `<p style="margin:8px 0 0;"><a href="${escapeHtml(link.url)}" style="display:inline-block;background:#0b5cab;color:#ffffff;text-decoration:none;padding:12px 24px;border-radius:6px;font-weight:bold;">${escapeHtml(link.label)}</a></p>`
    : '';
  return { subject: title, text, html: brandedHtml(title, `${body}${button}`) };
}

function whereLines(facts: InterviewFacts): string[] {
  const { interview } = facts;
  const lines: string[] = [TYPE_LABELS[interview.type]];
  if (interview.type === 'video' && interview.meetingUrl) lines.push(`Join: ${interview.meetingUrl}`);
  if (interview.location) lines.push(`Where: ${interview.location}`);
  if (interview.travelNotes) lines.push(`Travel: ${interview.travelNotes}`);
  return lines;
}

/**
 * The iCalendar part of an invite or cancellation: UTC times, the interview's stable UID and its
 * current sequence, the physician and every interviewer as attendees. None for an interview that
 * never had a time (a cancelled offer was never in anyone's calendar).
 */
function calendarEventOf(
  facts: InterviewFacts,
  kind: 'request' | 'cancel',
  description: string,
): Pick<MailMessage, 'icalEvent'> {
  const { interview } = facts;
  if (!facts.heldTime) return {};
  const organizer = facts.scheduler ?? facts.interviewers[0];
  if (!organizer) return {};
  const method = kind === 'cancel' ? 'CANCEL' : 'REQUEST';
  const content = buildInviteIcs(method, {
    uid: interviewUid(interview.id),
    sequence: interview.icsSequence,
    startsAt: facts.heldTime.startsAt,
    endsAt: facts.heldTime.endsAt,
    timeZone: interview.timeZone,
    summary: `Interview: ${facts.physician.name} · ${facts.jobTitle} (${facts.organizationName})`,
    description,
    location: interview.type === 'video' ? interview.meetingUrl : interview.location,
    url: interview.type === 'video' ? interview.meetingUrl : null,
    organizer: { name: `${organizer.name} (${facts.organizationName})`, email: organizer.email },
    attendees: [facts.physician, ...facts.interviewers],
    status: kind === 'cancel' ? 'CANCELLED' : 'CONFIRMED',
  });
  return { icalEvent: { method, content, filename: 'interview.ics' } };
}

function sessionEventIcs(
  facts: InterviewFacts,
  method: 'REQUEST' | 'CANCEL',
  session: Pick<ItinerarySession, 'id' | 'title' | 'startsAt' | 'endsAt' | 'location'>,
  attendee: Person,
  description: string,
): NonNullable<MailMessage['icalEvent']> | undefined {
  const organizer = facts.scheduler ?? facts.interviewers[0];
  if (!organizer) return undefined;
  const content = buildInviteIcs(method, {
    uid: sessionUid(facts.interview.id, session.id),
    sequence: facts.interview.icsSequence,
    startsAt: session.startsAt,
    endsAt: session.endsAt,
    timeZone: facts.interview.timeZone,
    summary: `Site visit: ${facts.physician.name} · ${session.title} (${facts.organizationName})`,
    description,
    location: session.location,
    organizer: { name: `${organizer.name} (${facts.organizationName})`, email: organizer.email },
    attendees: [attendee],
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
  });
  return { method, content, filename: 'session.ics' };
}

/**
 * The invites of an on-site visit. The physician gets one calendar event for the whole visit (the
 * interview's UID and sequence, as any interview) whose description is the itinerary; each
 * interviewer gets one mail per session they sit in, its event with the session's own UID and the
 * visit's sequence, so a move updates it and a cancellation removes it. On a reschedule, an
 * interviewer taken out of a session gets that session's cancellation.
 */
function composeVisitMails(
  facts: InterviewFacts,
  kind: 'request' | 'cancel',
  link: string,
  job: Pick<InterviewMailJob, 'droppedSessions'> | undefined,
): MailMessage[] {
  const { interview, jobTitle, organizationName } = facts;
  const isCancel = kind === 'cancel';
  const zone = interview.timeZone;
  const title = `${organizationName}: site visit for ${jobTitle}${isCancel ? ' (cancelled)' : interview.icsSequence > 0 ? ' (updated)' : ''}`;
  const span =
    interview.startsAt && interview.endsAt
      ? `${formatInZone(interview.startsAt, zone)} to ${formatInZone(interview.endsAt, zone)}`
      : '';
  const lead = isCancel
    ? `The site visit of ${facts.physician.name} for ${jobTitle} at ${organizationName} is cancelled.${interview.cancelReason ? `\nReason: ${interview.cancelReason}` : ''}`
    : `Site visit of ${facts.physician.name} for ${jobTitle} at ${organizationName}.\n${span}`;
  const itinerary = itineraryText(facts.sessions, zone, interview.travelNotes);
  const where = interview.location ? [`Where: ${interview.location}`] : [];
  const physicianText = [lead, ...where, ...(isCancel ? [] : [itinerary])];
  const mails: MailMessage[] = [
    {
      to: facts.physician.email,
      ...render(title, physicianText, { label: 'View the visit', url: link }),
      ...calendarEventOf(facts, kind, [lead, ...where, itinerary].join('\n\n')),
    },
  ];
  const method = isCancel ? 'CANCEL' : 'REQUEST';
  for (const person of uniqueInterviewers(facts.sessions)) {
    for (const session of facts.sessions.filter((one) =>
      one.interviewers.some((who) => who.userId === person.userId),
    )) {
      const time = `${formatInZone(session.startsAt, zone)} (${sessionTimeInZone(session, zone)})`;
      const names = session.interviewers.map((who) => who.name).join(', ');
      const text = [
        isCancel
          ? lead
          : `${session.title}: part of the site visit of ${facts.physician.name} for ${jobTitle}.`,
        `${time}${session.location ? `\nRoom: ${session.location}` : ''}\nWith: ${names}`,
      ];
      const icalEvent = sessionEventIcs(facts, method, session, person, text.join('\n\n'));
      mails.push({
        to: person.email,
        ...render(`${title}: ${session.title}`, isCancel ? text : [...text, itinerary]),
        ...(icalEvent ? { icalEvent } : {}),
      });
    }
  }
  if (!isCancel) {
    for (const dropped of job?.droppedSessions ?? []) {
      const person = facts.droppedPeople?.get(dropped.userId);
      if (!person) continue;
      const session = {
        id: dropped.sessionId,
        title: dropped.title,
        startsAt: new Date(dropped.startsAt),
        endsAt: new Date(dropped.endsAt),
        location: dropped.location,
      };
      const text = [
        `You no longer take part in "${dropped.title}" of the site visit of ${facts.physician.name}.`,
      ];
      const icalEvent = sessionEventIcs(facts, 'CANCEL', session, person, text[0] ?? '');
      mails.push({
        to: person.email,
        ...render(
          `${organizationName}: site visit for ${jobTitle}: ${dropped.title} (cancelled for you)`,
          text,
        ),
        ...(icalEvent ? { icalEvent } : {}),
      });
    }
  }
  return mails;
}

function uniqueInterviewers(sessions: ItinerarySession[]): ItinerarySession['interviewers'] {
  const byId = new Map<string, ItinerarySession['interviewers'][number]>();
  for (const session of sessions) for (const person of session.interviewers) byId.set(person.userId, person);
  return [...byId.values()];
}

/**
 * The mails of one interview event. Calendar invites (request, cancel) go to the physician and
 * every interviewer; the physician's carry the link to answer without signing in.
 */
export function composeInterviewMails(
  facts: InterviewFacts,
  kind: InterviewMailJob['kind'],
  link: string,
  job?: Pick<InterviewMailJob, 'droppedSessions'>,
): MailMessage[] {
  const { interview, jobTitle, organizationName } = facts;
  const subjectOf = `${organizationName}: interview for ${jobTitle}`;
  const time =
    interview.startsAt && interview.endsAt
      ? `${formatInZone(interview.startsAt, interview.timeZone)}, ${interview.durationMinutes} minutes`
      : '';
  switch (kind) {
    case 'proposal': {
      const times = facts.slots.map((slot) => `• ${formatInZone(slot.startsAt, interview.timeZone)}`);
      return [
        {
          to: facts.physician.email,
          ...render(
            `${subjectOf}: choose a time`,
            [
              `${organizationName} would like to interview you for ${jobTitle} (${interview.durationMinutes} minutes, ${TYPE_LABELS[interview.type].toLowerCase()}). Pick the time that suits you, or ask for others:`,
              times.join('\n'),
            ],
            { label: 'Choose a time', url: link },
          ),
        },
      ];
    }
    case 'request':
    case 'cancel': {
      if (facts.sessions.length > 0) return composeVisitMails(facts, kind, link, job);
      const isCancel = kind === 'cancel';
      const title = `${subjectOf}${isCancel ? ' (cancelled)' : interview.icsSequence > 0 ? ' (updated)' : ''}`;
      const lead = isCancel
        ? `The interview with ${facts.physician.name} for ${jobTitle} is cancelled.${interview.cancelReason ? `\nReason: ${interview.cancelReason}` : ''}`
        : `Interview with ${facts.physician.name} for ${jobTitle} at ${organizationName}.\n${time}`;
      const details = isCancel ? [] : [whereLines(facts).join('\n')];
      const names = facts.interviewers.map((person) => person.name).join(', ');
      const icalEvent = calendarEventOf(facts, kind, [lead, ...details].join('\n\n'));
      return [
        {
          to: facts.physician.email,
          ...render(title, [lead, ...details, `Interviewers: ${names}`], {
            label: 'View the interview',
            url: link,
          }),
          ...icalEvent,
        },
        ...facts.interviewers.map((person) => ({
          to: person.email,
          ...render(title, [lead, ...details]),
          ...icalEvent,
        })),
      ];
    }
    case 'other-times':
    case 'declined': {
      if (!facts.scheduler) return [];
      const lead =
        kind === 'other-times'
          ? `${facts.physician.name} asked for other times for the interview for ${jobTitle}.`
          : `${facts.physician.name} declined the interview for ${jobTitle}.`;
      const message = interview.physicianMessage ? [`Their message: ${interview.physicianMessage}`] : [];
      return [
        {
          to: facts.scheduler.email,
          ...render(
            kind === 'other-times'
              ? `${facts.physician.name} asked for other times`
              : `${facts.physician.name} declined the interview`,
            [lead, ...message],
          ),
        },
      ];
    }
  }
}

/**
 * The id of the send job of one recipient's mail of one event job: the same on every run of that
 * event job, so a rerun queues no second send (a UUID made from a SHA-1 of both, RFC 4122 style).
 */
export function interviewMailSendJobId(eventJobId: string, to: string, nth = 1): string {
  const key = `interview-mail:${eventJobId}:${to.toLowerCase()}${nth > 1 ? `:${nth}` : ''}`;
  const hex = createHash('sha1').update(key).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Composes the mails of a queued interview event and queues each as its own send job, in one
 * transaction, with ids made from the event job's id (`eventJobId`) and the recipient: a rerun of
 * the event job (a crash after that commit) queues nothing new, and a send that fails is retried
 * alone, so nobody who got the mail gets it again. A job made for an older sequence than the
 * interview's describes a time that has since moved (or an interview since cancelled) and sends
 * nothing: the later job carries the truth.
 */
export async function queueInterviewMails({
  db,
  publicUrl,
  secret,
  job,
  eventJobId,
}: {
  db: Db;
  publicUrl: string;
  secret: string;
  job: InterviewMailJob;
  eventJobId: string;
}): Promise<InterviewMailOutcome> {
  const facts = await loadFacts(db, job.interviewId);
  if (!facts || facts.interview.icsSequence > job.sequence) return 'skipped';
  if (job.kind === 'proposal' && facts.interview.status !== 'proposed') return 'skipped';
  if (job.kind === 'request' && facts.interview.status !== 'scheduled') return 'skipped';
  if (job.droppedSessions && job.droppedSessions.length > 0) {
    const people = await db
      .select({ userId: users.id, name: users.fullName, email: users.email })
      .from(users)
      .where(
        and(
          inArray(users.id, [...new Set(job.droppedSessions.map((one) => one.userId))]),
          isNull(users.archivedAt),
        ),
      );
    facts.droppedPeople = new Map(
      people.map((person) => [person.userId, { name: person.name ?? person.email, email: person.email }]),
    );
  }
  const link = interviewLinkUrl(publicUrl, createInterviewLinkToken(secret, job.interviewId));
  const mails = composeInterviewMails(facts, job.kind, link, job);
  if (mails.length === 0) return 'skipped';
  // A site visit's interviewer gets one mail per session: the nth mail to a recipient, in the
  // (deterministic) order they are composed, keeps its own id.
  const sentTo = new Map<string, number>();
  await db.transaction(async (tx) => {
    for (const message of mails) {
      const nth = (sentTo.get(message.to.toLowerCase()) ?? 0) + 1;
      sentTo.set(message.to.toLowerCase(), nth);
      const send: InterviewMailSendJob = {
        interviewId: job.interviewId,
        kind: job.kind,
        sequence: job.sequence,
        message,
      };
      await enqueueJob(tx, INTERVIEW_MAIL_SEND_QUEUE, send, {
        id: interviewMailSendJobId(eventJobId, message.to, nth),
      });
    }
  });
  return 'queued';
}

/**
 * Sends one queued interview mail. Dropped when the interview has moved past the event's
 * sequence meanwhile (a retry that comes after a move or a cancellation: the newer mail says
 * what holds). A failed send throws, for the queue to retry this mail alone.
 */
export async function sendInterviewMail({
  db,
  mailer,
  job,
}: {
  db: Db;
  mailer: Mailer;
  job: InterviewMailSendJob;
}): Promise<'sent' | 'skipped'> {
  const [interview] = await db
    .select({ icsSequence: interviews.icsSequence })
    .from(interviews)
    .where(eq(interviews.id, job.interviewId))
    .limit(1);
  if (!interview || interview.icsSequence > job.sequence) return 'skipped';
  await mailer.send(job.message);
  return 'sent';
}
