import {
  INTERVIEW_MESSAGES,
  type TInterview,
  type TScheduleInterviewBody,
} from '@medhire/contract/interviews';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications } from '../../db/schema/hiring.ts';
import { interviewParticipants, interviews } from '../../db/schema/interviews.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { moveApplicationStage } from '../applicants/update-pipeline-status.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { jobTitleOf, physicianNameOf } from '../team/activity-names.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivity } from '../team/record-activity.ts';
import { isValidTimeZone } from './availability.ts';
import { withBookingConflicts } from './booking-conflict.ts';
import { checkInterviewers } from './interview-access.ts';
import { enqueueInterviewMail } from './interview-queue.ts';
import { enqueueInterviewReminders } from './interview-reminders.ts';
import { holdParticipantTimes, replaceProposedSlots, resolveTiming } from './interview-times.ts';
import { loadTeamInterviews } from './interview-views.ts';
import { type ResolvedVisit, resolveVisit, writeVisitSessions } from './visit-sessions.ts';

export interface ScheduleInterviewOptions {
  db: Db;
  owner: JobOwner;
  applicationId: string;
  body: TScheduleInterviewBody;
  now?: Date;
}

function applicationNotFound(): AppError {
  return new AppError('NOT_FOUND', INTERVIEW_MESSAGES.applicationNotFound);
}

/**
 * Schedules an interview of an applicant (any stage). With a fixed time every participant's time
 * is held at once (a clash is a 409 naming who is busy) and the invites are queued; with proposals
 * the physician is mailed the offered times and a link to pick one. Either way the application
 * moves to Interview, recorded in its pipeline history like any move (unless it is there already).
 * The rights and scope checks come first, inside the transaction: a refused call writes nothing.
 */
export async function scheduleInterview({
  db,
  owner,
  applicationId,
  body,
  now = new Date(),
}: ScheduleInterviewOptions): Promise<TInterview> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicationId)) throw applicationNotFound();
  if (!isValidTimeZone(body.timeZone)) {
    throw new AppError('VALIDATION_FAILED', INTERVIEW_MESSAGES.invalidTimeZone, { field: 'timeZone' });
  }
  // A site visit's itinerary is checked (times, overlaps, two local days) before anything else.
  const visit: ResolvedVisit | undefined =
    body.timing.mode === 'visit' ? resolveVisit(body.timing.sessions, body.timeZone, now) : undefined;
  const interviewId = await withBookingConflicts(db, () =>
    db.transaction(async (tx) => {
      const [application] = await tx
        .select({
          id: applications.id,
          physicianId: applications.physicianId,
          physicianUserId: physicians.userId,
          jobId: applications.jobId,
          status: applications.pipelineStatus,
          withdrawnAt: applications.withdrawnAt,
        })
        .from(applications)
        .innerJoin(physicians, eq(physicians.id, applications.physicianId))
        .where(
          and(
            eq(applications.id, applicationId),
            eq(applications.organizationId, organizationId),
            isNotHiddenFrom(organizationId, applications.physicianId),
            delegateJobRowCondition(owner, applications.jobId),
          ),
        )
        .for('update', { of: applications });
      if (!application) throw applicationNotFound();
      if (application.withdrawnAt !== null) throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.withdrawn);
      // A visit's interviewers are those of its sessions.
      const interviewerIds = await checkInterviewers(
        tx,
        organizationId,
        visit ? visit.interviewerIds : body.interviewerIds,
      );
      const timing = visit
        ? { kind: 'fixed' as const, time: { startsAt: visit.startsAt, endsAt: visit.endsAt } }
        : await resolveTiming(tx, {
            timing: body.timing,
            durationMinutes: body.durationMinutes,
            interviewerIds,
            now,
          });
      const [interview] = await tx
        .insert(interviews)
        .values({
          organizationId,
          applicationId: application.id,
          jobId: application.jobId,
          physicianId: application.physicianId,
          type: body.type,
          status: timing.kind === 'fixed' ? 'scheduled' : 'proposed',
          meetingUrl: body.meetingUrl ?? null,
          location: body.location || null,
          notes: body.notes || null,
          travelNotes: body.travelNotes || null,
          durationMinutes: visit ? visit.durationMinutes : body.durationMinutes,
          startsAt: timing.kind === 'fixed' ? timing.time.startsAt : null,
          endsAt: timing.kind === 'fixed' ? timing.time.endsAt : null,
          timeZone: body.timeZone,
          createdByUserId: owner.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: interviews.id, icsSequence: interviews.icsSequence });
      if (!interview) throw new Error('The interview was not stored.');
      await tx.insert(interviewParticipants).values([
        ...interviewerIds.map((userId) => ({
          interviewId: interview.id,
          participantUserId: userId,
          role: 'interviewer' as const,
        })),
        {
          interviewId: interview.id,
          participantUserId: application.physicianUserId,
          role: 'physician' as const,
        },
      ]);
      if (visit) {
        await writeVisitSessions(tx, {
          interviewId: interview.id,
          physicianUserId: application.physicianUserId,
          visit,
          now,
        });
      } else if (timing.kind === 'fixed') {
        await holdParticipantTimes(tx, interview.id, timing.time);
      }
      if (timing.kind === 'fixed') {
        await enqueueInterviewMail(tx, {
          interviewId: interview.id,
          kind: 'request',
          sequence: interview.icsSequence,
        });
        await enqueueInterviewReminders(tx, {
          interviewId: interview.id,
          startsAt: timing.time.startsAt,
          sequence: interview.icsSequence,
          now,
        });
      } else {
        await replaceProposedSlots(tx, interview.id, timing.slots);
        await enqueueInterviewMail(tx, {
          interviewId: interview.id,
          kind: 'proposal',
          sequence: interview.icsSequence,
        });
      }
      if (application.status !== 'Interview') {
        await moveApplicationStage(tx, {
          owner: { ...owner, organizationId },
          application,
          toStatus: 'Interview',
          now,
        });
      }
      await recordActivity(tx, {
        organizationId,
        actorUserId: owner.userId,
        type: 'interview.scheduled',
        summary: `${visit ? 'Scheduled a site visit' : timing.kind === 'fixed' ? 'Scheduled an interview' : 'Proposed times for an interview'} with ${await physicianNameOf(tx, application.physicianId)} on ${await jobTitleOf(tx, application.jobId)}`,
        subjectType: 'applicant',
        subjectId: application.physicianId,
        details: { interviewId: interview.id, applicationId: application.id, jobId: application.jobId },
        createdAt: now,
      });
      return interview.id;
    }),
  );
  const [view] = await loadTeamInterviews(db, [interviewId]);
  if (!view) throw new Error('The interview was not stored.');
  return view;
}
