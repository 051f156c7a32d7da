import type { Db } from '../../db/index.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import type { DroppedSession } from './visit-sessions.ts';

/** E-mails about an interview: proposals, invites (iCalendar REQUEST/CANCEL), the physician's answers. */
export const INTERVIEW_MAIL_QUEUE = 'interview-mail';

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
