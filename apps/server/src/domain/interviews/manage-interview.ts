import {
  INTERVIEW_MESSAGES,
  type TInterview,
  type TRecordOutcomeBody,
  type TRescheduleInterviewBody,
} from '@medhire/contract/interviews';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviews } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { physicianNameOf } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';
import { isValidTimeZone } from './availability.ts';
import { withBookingConflicts } from './booking-conflict.ts';
import { assertOpen, interviewNotFound, lockInterviewForTeam } from './interview-access.ts';
import { enqueueInterviewMail } from './interview-queue.ts';
import { enqueueInterviewReminders } from './interview-reminders.ts';
import {
  holdParticipantTimes,
  releaseParticipantTimes,
  replaceProposedSlots,
  resolveTiming,
} from './interview-times.ts';
import { loadTeamInterviews } from './interview-views.ts';

async function viewOf(db: Db, interviewId: string): Promise<TInterview> {
  const [view] = await loadTeamInterviews(db, [interviewId]);
  if (!view) throw interviewNotFound();
  return view;
}

async function interviewerIdsOf(tx: Db, interviewId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: interviewParticipants.participantUserId, role: interviewParticipants.role })
    .from(interviewParticipants)
    .where(eq(interviewParticipants.interviewId, interviewId));
  return rows.filter((row) => row.role === 'interviewer').map((row) => row.userId);
}

/**
 * Moves an interview to a new time (or back to proposals) in one transaction: the same interview,
 * so the invites keep its UID; its sequence rises, so calendars move the event instead of adding
 * one. The participants' rows take the new time under the exclusion constraint (a clash is a 409
 * and nothing changes). An invite queued for the old time finds a later sequence and sends nothing.
 */
export async function rescheduleInterview({
  db,
  owner,
  interviewId,
  body,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
  body: TRescheduleInterviewBody;
  now?: Date;
}): Promise<TInterview> {
  if (body.timeZone !== undefined && !isValidTimeZone(body.timeZone)) {
    throw new AppError('VALIDATION_FAILED', INTERVIEW_MESSAGES.invalidTimeZone, { field: 'timeZone' });
  }
  await withBookingConflicts(db, () =>
    db.transaction(async (tx) => {
      const interview = await lockInterviewForTeam(tx, owner, interviewId);
      assertOpen(interview);
      const timing = await resolveTiming(tx, {
        timing: body.timing,
        durationMinutes: interview.durationMinutes,
        interviewerIds: await interviewerIdsOf(tx, interview.id),
        now,
        ignoreInterviewId: interview.id,
      });
      const sequence = interview.icsSequence + 1;
      const isFixed = timing.kind === 'fixed';
      await tx
        .update(interviews)
        .set({
          status: isFixed ? 'scheduled' : 'proposed',
          startsAt: isFixed ? timing.time.startsAt : null,
          endsAt: isFixed ? timing.time.endsAt : null,
          timeZone: body.timeZone ?? interview.timeZone,
          icsSequence: sequence,
          physicianMessage: null,
          updatedAt: now,
        })
        .where(eq(interviews.id, interview.id));
      if (isFixed) {
        await replaceProposedSlots(tx, interview.id, []);
        await holdParticipantTimes(tx, interview.id, timing.time);
        await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'request', sequence });
        await enqueueInterviewReminders(tx, {
          interviewId: interview.id,
          startsAt: timing.time.startsAt,
          sequence,
          now,
        });
      } else {
        await releaseParticipantTimes(tx, interview.id);
        await replaceProposedSlots(tx, interview.id, timing.slots);
        // The calendars drop the old time now; the physician's pick sends a newer REQUEST.
        if (interview.status === 'scheduled') {
          await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'cancel', sequence });
        }
        await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'proposal', sequence });
      }
      await recordActivity(tx, {
        organizationId: interview.organizationId,
        actorUserId: owner.userId,
        type: 'interview.rescheduled',
        summary: `${isFixed ? 'Moved' : 'Proposed new times for'} the interview with ${await physicianNameOf(tx, interview.physicianId)}`,
        subjectType: 'applicant',
        subjectId: interview.physicianId,
        details: { interviewId: interview.id, applicationId: interview.applicationId, sequence },
        createdAt: now,
      });
    }),
  );
  return viewOf(db, interviewId);
}

/**
 * Calls an interview off with a reason: every participant's time is freed, the sequence rises,
 * and everyone who had the invite gets the calendar cancellation (METHOD:CANCEL, same UID).
 */
export async function cancelInterview({
  db,
  owner,
  interviewId,
  reason,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
  reason: string;
  now?: Date;
}): Promise<TInterview> {
  await db.transaction(async (tx) => {
    const interview = await lockInterviewForTeam(tx, owner, interviewId);
    assertOpen(interview);
    const sequence = interview.icsSequence + 1;
    await tx
      .update(interviews)
      .set({ status: 'cancelled', cancelReason: reason, icsSequence: sequence, updatedAt: now })
      .where(eq(interviews.id, interview.id));
    await releaseParticipantTimes(tx, interview.id);
    await enqueueInterviewMail(tx, { interviewId: interview.id, kind: 'cancel', sequence });
    await recordActivity(tx, {
      organizationId: interview.organizationId,
      actorUserId: owner.userId,
      type: 'interview.cancelled',
      summary: `Cancelled the interview with ${await physicianNameOf(tx, interview.physicianId)}`,
      subjectType: 'applicant',
      subjectId: interview.physicianId,
      details: { interviewId: interview.id, applicationId: interview.applicationId, reason },
      createdAt: now,
    });
  });
  return viewOf(db, interviewId);
}

/**
 * Records how a scheduled interview went, once it has started: completed, or no-show (by the
 * physician or an interviewer). The time stays held: it was spent.
 */
export async function recordInterviewOutcome({
  db,
  owner,
  interviewId,
  body,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
  body: TRecordOutcomeBody;
  now?: Date;
}): Promise<TInterview> {
  await db.transaction(async (tx) => {
    const interview = await lockInterviewForTeam(tx, owner, interviewId);
    if (interview.status !== 'scheduled' || !interview.startsAt) {
      throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.notScheduled);
    }
    if (interview.startsAt.getTime() > now.getTime()) {
      throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.notStartedYet);
    }
    await tx
      .update(interviews)
      .set({
        status: body.outcome,
        noShowParty: body.outcome === 'no_show' ? body.noShowParty : null,
        updatedAt: now,
      })
      .where(eq(interviews.id, interview.id));
  });
  return viewOf(db, interviewId);
}
