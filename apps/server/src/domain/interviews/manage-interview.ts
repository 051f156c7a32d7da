import {
  INTERVIEW_MESSAGES,
  type TInterview,
  type TRecordOutcomeBody,
  type TRescheduleInterviewBody,
  type TVisitSessionInput,
} from '@medhire/contract/interviews';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviews } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { physicianNameOf } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';
import { isValidTimeZone } from './availability.ts';
import { withBookingConflicts } from './booking-conflict.ts';
import {
  assertOpen,
  checkInterviewers,
  type InterviewRow,
  interviewNotFound,
  lockInterviewForTeam,
} from './interview-access.ts';
import { enqueueInterviewMail } from './interview-queue.ts';
import { enqueueInterviewReminders } from './interview-reminders.ts';
import {
  holdParticipantTimes,
  releaseParticipantTimes,
  replaceProposedSlots,
  resolveTiming,
} from './interview-times.ts';
import { loadTeamInterviews } from './interview-views.ts';
import { isVisit, physicianUserIdOf, resolveVisit, writeVisitSessions } from './visit-sessions.ts';

async function viewOf(db: Db, interviewId: string): Promise<TInterview> {
  const [view] = await loadTeamInterviews(db, [interviewId]);
  if (!view) throw interviewNotFound();
  return view;
}

async function interviewerIdsOf(tx: Db, interviewId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: interviewParticipants.participantUserId, role: interviewParticipants.role })
    .from(interviewParticipants)
    .where(and(eq(interviewParticipants.interviewId, interviewId), isNull(interviewParticipants.sessionId)));
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
      if (body.timing.mode === 'visit') {
        await rescheduleVisit(tx, { owner, interview, body, sessions: body.timing.sessions, now });
        return;
      }
      if (await isVisit(tx, interview.id)) {
        throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.visitNeedsItinerary, { field: 'timing' });
      }
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
 * Replaces a site visit's itinerary (or turns an on-site interview into a visit), in the
 * reschedule's transaction: the sessions are checked, their interviewers must be members, the
 * visit's time becomes the first start to the last end, every session's rows hold their new time
 * (a clash is a 409 and nothing changes) and the sequence rises. The invites go out again with it:
 * the physician's visit event and each interviewer's session events keep their UIDs; an
 * interviewer taken out of a session (or a session removed) gets its cancellation.
 */
async function rescheduleVisit(
  tx: Db,
  {
    owner,
    interview,
    body,
    sessions,
    now,
  }: {
    owner: JobOwner;
    interview: InterviewRow;
    body: TRescheduleInterviewBody;
    sessions: TVisitSessionInput[];
    now: Date;
  },
): Promise<void> {
  if (interview.type !== 'onsite') {
    throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.visitOnlyOnSite, { field: 'timing' });
  }
  const timeZone = body.timeZone ?? interview.timeZone;
  const visit = resolveVisit(sessions, timeZone, now);
  await checkInterviewers(tx, interview.organizationId, visit.interviewerIds);
  const sequence = interview.icsSequence + 1;
  await tx
    .update(interviews)
    .set({
      status: 'scheduled',
      startsAt: visit.startsAt,
      endsAt: visit.endsAt,
      durationMinutes: visit.durationMinutes,
      timeZone,
      ...(body.travelNotes === undefined ? {} : { travelNotes: body.travelNotes || null }),
      icsSequence: sequence,
      physicianMessage: null,
      updatedAt: now,
    })
    .where(eq(interviews.id, interview.id));
  await replaceProposedSlots(tx, interview.id, []);
  const droppedSessions = await writeVisitSessions(tx, {
    interviewId: interview.id,
    physicianUserId: await physicianUserIdOf(tx, interview.id),
    visit,
    now,
  });
  await enqueueInterviewMail(tx, {
    interviewId: interview.id,
    kind: 'request',
    sequence,
    ...(droppedSessions.length > 0 ? { droppedSessions } : {}),
  });
  await enqueueInterviewReminders(tx, { interviewId: interview.id, startsAt: visit.startsAt, sequence, now });
  await recordActivity(tx, {
    organizationId: interview.organizationId,
    actorUserId: owner.userId,
    type: 'interview.rescheduled',
    summary: `Changed the site visit itinerary of ${await physicianNameOf(tx, interview.physicianId)}`,
    subjectType: 'applicant',
    subjectId: interview.physicianId,
    details: { interviewId: interview.id, applicationId: interview.applicationId, sequence },
    createdAt: now,
  });
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
