import { INTERVIEW_MESSAGES } from '@medhire/contract/interviews';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { interviewParticipants, interviews } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { delegateJobRowCondition, isDelegate } from '../team/member-scope.ts';

export type InterviewRow = typeof interviews.$inferSelect;

export function interviewNotFound(): AppError {
  return new AppError('NOT_FOUND', INTERVIEW_MESSAGES.notFound);
}

/**
 * The interviews a member may see: every interview of the organisation, except for a delegate,
 * who sees those of the jobs given to them and those they interview on.
 */
export function visibleInterviewCondition(owner: JobOwner & { organizationId: string }): SQL | undefined {
  const ofOrganization = eq(interviews.organizationId, owner.organizationId);
  if (!isDelegate(owner)) return ofOrganization;
  return and(
    ofOrganization,
    sql`(${delegateJobRowCondition(owner, interviews.jobId)} or exists (select 1 from ${interviewParticipants} where ${interviewParticipants.interviewId} = ${interviews.id} and ${interviewParticipants.participantUserId} = ${owner.userId}))`,
  );
}

/**
 * The interview a member changes (reschedule, cancel, outcome), locked for the transaction: one of
 * the organisation's, and for a delegate one of their jobs (interviewing on another job's
 * interview lets them see it, not change it). Anything else is 404, revealing nothing.
 */
export async function lockInterviewForTeam(
  tx: Db,
  owner: JobOwner,
  interviewId: string,
): Promise<InterviewRow> {
  if (!owner.organizationId || !isUuid(interviewId)) throw interviewNotFound();
  const [interview] = await tx
    .select()
    .from(interviews)
    .where(
      and(
        eq(interviews.id, interviewId),
        eq(interviews.organizationId, owner.organizationId),
        delegateJobRowCondition(owner, interviews.jobId),
      ),
    )
    .for('update');
  if (!interview) throw interviewNotFound();
  return interview;
}

/** The interview of a physician, locked for their answer; another physician's is 404. */
export async function lockInterviewForPhysician(
  tx: Db,
  physicianId: string,
  interviewId: string,
): Promise<InterviewRow> {
  if (!isUuid(interviewId)) throw interviewNotFound();
  const [interview] = await tx
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), eq(interviews.physicianId, physicianId)))
    .for('update');
  if (!interview) throw interviewNotFound();
  return interview;
}

/** The interviewers' user ids, checked to be active members of the organisation (422 otherwise). */
export async function checkInterviewers(
  db: Db,
  organizationId: string,
  interviewerIds: string[],
): Promise<string[]> {
  const unique = [...new Set(interviewerIds)];
  if (!unique.every(isUuid)) throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.interviewerNotMember);
  const members = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        inArray(users.id, unique),
        eq(users.organizationId, organizationId),
        eq(users.role, 'employer'),
        isNull(users.archivedAt),
      ),
    );
  if (members.length !== unique.length)
    throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.interviewerNotMember);
  return unique;
}

export const OPEN_STATUSES: ReadonlySet<InterviewRow['status']> = new Set([
  'proposed',
  'other_times_requested',
  'scheduled',
]);

export function assertOpen(interview: InterviewRow): void {
  if (!OPEN_STATUSES.has(interview.status)) throw new AppError('BUSINESS_RULE', INTERVIEW_MESSAGES.notOpen);
}
