import type { Db } from '../../db/index.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { MailMessage } from '../mail/mailer.ts';
import type { DroppedSession } from './visit-sessions.ts';

/**
 * E-mails about an interview: proposals, invites (iCalendar REQUEST/CANCEL), the physician's
 * answers. A job of this queue composes the event's mails and queues each as its own job on
 * INTERVIEW_MAIL_SEND_QUEUE, so a failed send is retried alone and nobody gets a mail twice.
 */
export const INTERVIEW_MAIL_QUEUE = 'interview-mail';
/** One composed interview mail to one recipient (send-interview-mail.ts). */
export const INTERVIEW_MAIL_SEND_QUEUE = 'interview-mail-send';

/**
 * - proposal: the offered times, with the physician's signed link;
 * - request: the calendar invite of the interview's time (a new one or a move), to everyone;
 * - cancel: the calendar cancellation, to everyone;
 * - other-times: the physician asked for other times (to the team member who scheduled);
 * - declined: the physician declined (to the team member who scheduled).
 */
export type InterviewMailKind = 'proposal' | 'request' | 'cancel' | 'other-times' | 'declined';

export interface InterviewMailJob {
  interviewId: string;
  kind: InterviewMailKind;
  /**
   * The interview's ics_sequence the job was made for. A job older than the interview's current
   * sequence describes a time that has moved on and sends nothing.
   */
  sequence: number;
  /**
   * A visit's reschedule: the sessions an interviewer no longer sits in (taken out, or removed),
   * which their calendars must drop (a CANCEL per session, with the visit's new sequence).
   */
  droppedSessions?: DroppedSession[];
}

/** Queues the mail in the caller's transaction: it exists exactly when the change commits. */
export async function enqueueInterviewMail(tx: Db, job: InterviewMailJob): Promise<void> {
  await enqueueJob(tx, INTERVIEW_MAIL_QUEUE, job);
}

export interface InterviewMailSendJob {
  interviewId: string;
  kind: InterviewMailKind;
  /** The sequence of the event's job: the mail is dropped once the interview has moved past it. */
  sequence: number;
  message: MailMessage;
}
