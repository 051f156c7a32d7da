import { INTERVIEW_MESSAGES, type TPhysicianInterview } from '@medhire/contract/interviews';
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviewProposedSlots, interviews } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { withBookingConflicts } from './booking-conflict.ts';
import { assertOpen, interviewNotFound, lockInterviewForPhysician } from './interview-access.ts';
import { readInterviewLinkToken } from './interview-link-token.ts';
import { enqueueInterviewMail } from './interview-queue.ts';
import { enqueueInterviewReminders } from './interview-reminders.ts';
import { holdParticipantTimes, releaseParticipantTimes } from './interview-times.ts';
import { loadPhysicianInterviews } from './interview-views.ts';

async function viewOf(db: Db, interviewId: string): Promise<TPhysicianInterview> {
  const [view] = await loadPhysicianInterviews(db, [interviewId]);
  if (!view) throw interviewNotFound();
  return view;
}

/** Whether the interview's participants ever held a time (their rows keep it when released). */
async function wasEverHeld(tx: Db, interviewId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: interviewParticipants.id })
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), isNotNull(interviewParticipants.startsAt)))
    .limit(1);
  return row !== undefined;
}

/** The physician's interviews, newest first. */
export async function listOwnInterviews({
  db,
  physicianId,
}: {
  db: Db;
  physicianId: string;
}): Promise<{ interviews: TPhysicianInterview[] }> {
  const rows = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(eq(interviews.physicianId, physicianId))
    .orderBy(desc(interviews.createdAt), desc(interviews.id))
    .limit(200);
  return {
    interviews: await loadPhysicianInterviews(
      db,
      rows.map((row) => row.id),
    ),
  };
}

export async function getOwnInterview({
  db,
  physicianId,
  interviewId,
}: {
  db: Db;
  physicianId: string;
  interviewId: string;
}): Promise<TPhysicianInterview> {
  if (!isUuid(interviewId)) throw interviewNotFound();
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.physicianId, physicianId)));
  if (!row) throw interviewNotFound();
  return viewOf(db, row.id);
}

/**
 * The physician picks one of the offered times. The pick is atomic: in one transaction the
 * interview is locked, every participant's row takes the time under the exclusion constraint and
 * the status becomes scheduled. If an interviewer (or the physician) was booked into that time in
 * the meantime, the constraint refuses it and the answer is a 409 naming who is busy; the
 * interview stays proposed and another time can be picked.
 */
export async function pickInterviewSlot({
  db,
  physicianId,
  interviewId,
  slotId,
  now = new Date(),
}: {
  db: Db;
  physicianId: string;
  interviewId: string;
  slotId: string;
  now?: Date;
}): Promise<TPhysicianInterview> {
  await withBookingConflicts(db, () =>
    db.transaction(async (tx) => {
      const interview = await lockInterviewForPhysician(tx, physicianId, interviewId);
      if (interview.status !== 'proposed')
        throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.notProposed);
      const [slot] = isUuid(slotId)
        ? await tx
            .select()
            .from(interviewProposedSlots)
            .where(
              and(
                eq(interviewProposedSlots.id, slotId),
                eq(interviewProposedSlots.interviewId, interview.id),
              ),
            )
        : [];
      if (!slot) throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.slotNotOffered);
      if (slot.startsAt.getTime() <= now.getTime())
        throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.inThePast);
      // An interview that was in calendars before (moved back to proposals: they got a CANCEL with
      // the current sequence) needs a higher one, or calendars would ignore this REQUEST.
      const wasInCalendars = await wasEverHeld(tx, interview.id);
      const sequence = wasInCalendars ? interview.icsSequence + 1 : interview.icsSequence;
      await holdParticipantTimes(tx, interview.id, { startsAt: slot.startsAt, endsAt: slot.endsAt });
      await tx
        .update(interviews)
        .set({
          status: 'scheduled',
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          icsSequence: sequence,
          updatedAt: now,
        })
        .where(eq(interviews.id, interview.id));
      await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'request', sequence });
      await enqueueInterviewReminders(tx, {
        interviewId: interview.id,
        startsAt: slot.startsAt,
        sequence,
        now,
      });
    }),
  );
  return viewOf(db, interviewId);
}

/** None of the offered times suit: the physician says which would, and the team is told. */
export async function requestOtherTimes({
  db,
  physicianId,
  interviewId,
  message,
  now = new Date(),
}: {
  db: Db;
  physicianId: string;
  interviewId: string;
  message: string;
  now?: Date;
}): Promise<TPhysicianInterview> {
  await db.transaction(async (tx) => {
    const interview = await lockInterviewForPhysician(tx, physicianId, interviewId);
    if (interview.status !== 'proposed' && interview.status !== 'other_times_requested') {
      throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.notProposed);
    }
    await tx
      .update(interviews)
      .set({ status: 'other_times_requested', physicianMessage: message, updatedAt: now })
      .where(eq(interviews.id, interview.id));
    await enqueueInterviewMail(tx, {
      interviewId: interview.id,
      kind: 'other-times',
      sequence: interview.icsSequence,
    });
  });
  return viewOf(db, interviewId);
}

/**
 * The physician declines the interview (offered or scheduled): the times are freed, and if it was
 * in calendars everyone gets the cancellation; the team is told either way.
 */
export async function declineInterview({
  db,
  physicianId,
  interviewId,
  message,
  now = new Date(),
}: {
  db: Db;
  physicianId: string;
  interviewId: string;
  message?: string;
  now?: Date;
}): Promise<TPhysicianInterview> {
  await db.transaction(async (tx) => {
    const interview = await lockInterviewForPhysician(tx, physicianId, interviewId);
    assertOpen(interview);
    const wasInCalendars = interview.status === 'scheduled';
    const sequence = wasInCalendars ? interview.icsSequence + 1 : interview.icsSequence;
    await tx
      .update(interviews)
      .set({ status: 'declined', physicianMessage: message || null, icsSequence: sequence, updatedAt: now })
      .where(eq(interviews.id, interview.id));
    await releaseParticipantTimes(tx, interview.id);
    if (wasInCalendars)
      await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'cancel', sequence });
    await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'declined', sequence });
  });
  return viewOf(db, interviewId);
}

/**
 * The physician of the interview the e-mailed link names: the link answers for them without a
 * sign-in. A forged or altered token is a 404 like an unknown interview.
 */
export async function physicianOfLink({
  db,
  secret,
  token,
}: {
  db: Db;
  secret: string;
  token: string;
}): Promise<{ physicianId: string; interviewId: string }> {
  const interviewId = readInterviewLinkToken(secret, token);
  if (!interviewId) throw new AppError('NOT_FOUND', INTERVIEW_MESSAGES.invalidLink);
  const [row] = await db
    .select({ physicianId: interviews.physicianId })
    .from(interviews)
    .where(eq(interviews.id, interviewId));
  if (!row) throw new AppError('NOT_FOUND', INTERVIEW_MESSAGES.invalidLink);
  return { physicianId: row.physicianId, interviewId };
}
