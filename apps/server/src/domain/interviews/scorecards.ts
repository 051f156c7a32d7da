import {
  DEFAULT_SCORECARD_CRITERIA,
  SCORECARD_MESSAGES,
  type TInterviewScorecards,
  type TScorecard,
  type TScorecardCriteria,
  type TSubmitScorecardBody,
} from '@medhire/contract/interviews';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  interviewParticipants,
  interviewScorecards,
  interviews,
  jobScorecardCriteria,
} from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { type InterviewRow, interviewNotFound, visibleInterviewCondition } from './interview-access.ts';

/** The statuses of an interview that took (or holds) a time: the ones a scorecard can be about. */
const HELD_STATUSES: ReadonlySet<InterviewRow['status']> = new Set(['scheduled', 'completed', 'no_show']);

async function criteriaOfJob(db: Db, jobId: string): Promise<{ criteria: string[]; isDefault: boolean }> {
  const [row] = await db
    .select({ criteria: jobScorecardCriteria.criteria })
    .from(jobScorecardCriteria)
    .where(eq(jobScorecardCriteria.jobId, jobId));
  return row
    ? { criteria: row.criteria, isDefault: false }
    : { criteria: [...DEFAULT_SCORECARD_CRITERIA], isDefault: true };
}

/** The scorecard criteria of a job the member may see (a delegate: their jobs); the defaults until set. */
export async function getScorecardCriteria({
  db,
  owner,
  jobId,
}: {
  db: Db;
  owner: JobOwner;
  jobId: string;
}): Promise<TScorecardCriteria> {
  const job = await findOwnedJob(db, owner, jobId);
  return { jobId: job.id, ...(await criteriaOfJob(db, job.id)) };
}

/**
 * Saves a job's scorecard criteria, in order, each named once (compared without case). Scorecards
 * already submitted keep the criteria they rated.
 */
export async function updateScorecardCriteria({
  db,
  owner,
  jobId,
  criteria,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  jobId: string;
  criteria: string[];
  now?: Date;
}): Promise<TScorecardCriteria> {
  const job = await findOwnedJob(db, owner, jobId);
  const keys = criteria.map((name) => name.toLocaleLowerCase('en-US'));
  if (new Set(keys).size !== keys.length) {
    throw new AppError('VALIDATION_FAILED', SCORECARD_MESSAGES.duplicateCriteria, { field: 'criteria' });
  }
  await db
    .insert(jobScorecardCriteria)
    .values({ jobId: job.id, criteria, updatedAt: now })
    .onConflictDoUpdate({ target: jobScorecardCriteria.jobId, set: { criteria, updatedAt: now } });
  return { jobId: job.id, criteria, isDefault: false };
}

/** The interview as the member may see it (visibleInterviewCondition), or 404. */
async function visibleInterview(db: Db, owner: JobOwner, interviewId: string): Promise<InterviewRow> {
  const { organizationId } = owner;
  if (!organizationId || !isUuid(interviewId)) throw interviewNotFound();
  const [interview] = await db
    .select()
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), visibleInterviewCondition({ ...owner, organizationId })));
  if (!interview) throw interviewNotFound();
  return interview;
}

async function isInterviewerOn(db: Db, interviewId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: interviewParticipants.id })
    .from(interviewParticipants)
    .where(
      and(
        eq(interviewParticipants.interviewId, interviewId),
        eq(interviewParticipants.participantUserId, userId),
        eq(interviewParticipants.role, 'interviewer'),
      ),
    );
  return row !== undefined;
}

async function scorecardsOf(db: Db, interviewId: string): Promise<TScorecard[]> {
  const rows = await db
    .select({
      scorecard: interviewScorecards,
      name: sql<string>`coalesce(${users.fullName}, ${users.email})`,
    })
    .from(interviewScorecards)
    .innerJoin(users, eq(users.id, interviewScorecards.interviewerUserId))
    .where(eq(interviewScorecards.interviewId, interviewId))
    .orderBy(asc(interviewScorecards.submittedAt), asc(interviewScorecards.id));
  return rows.map(({ scorecard, name }) => ({
    _id: scorecard.id,
    interviewId: scorecard.interviewId,
    interviewerUserId: scorecard.interviewerUserId,
    interviewerName: name,
    ratings: scorecard.ratings,
    recommendation: scorecard.recommendation,
    notes: scorecard.notes,
    submittedAt: scorecard.submittedAt.toISOString(),
  }));
}

/**
 * The scorecards of an interview, for a member who may see the interview (owners, admins and
 * recruiters: any of the organisation's; a delegate: their jobs' and those they interview on).
 * An interviewer on it who has not submitted their own sees none of the others' (only how many
 * there are), so their own judgement is not swayed; once theirs is in, they see all.
 */
export async function getInterviewScorecards({
  db,
  owner,
  interviewId,
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
}): Promise<TInterviewScorecards> {
  const interview = await visibleInterview(db, owner, interviewId);
  const [all, isInterviewer, { criteria }] = await Promise.all([
    scorecardsOf(db, interview.id),
    isInterviewerOn(db, interview.id, owner.userId),
    criteriaOfJob(db, interview.jobId),
  ]);
  const mine = all.find((scorecard) => scorecard.interviewerUserId === owner.userId) ?? null;
  const isBlind = isInterviewer && mine === null;
  return {
    interviewId: interview.id,
    criteria,
    scorecards: isBlind ? [] : all,
    hiddenCount: isBlind ? all.length : 0,
    canSubmit: isInterviewer && mine === null && HELD_STATUSES.has(interview.status),
    mine,
  };
}

/**
 * An interviewer's scorecard of an interview they are on: a 1–5 rating for each of the job's
 * criteria (each once, nothing else), a recommendation and notes. Submitted once: a second
 * submission is 409 (the first stands, so what the others saw stays what it was). Only for an
 * interview with a time (scheduled, completed, no-show); a member who may see the interview but
 * is not an interviewer on it is 403; an interview they may not see is 404.
 */
export async function submitScorecard({
  db,
  owner,
  interviewId,
  body,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
  body: TSubmitScorecardBody;
  now?: Date;
}): Promise<TInterviewScorecards> {
  const interview = await visibleInterview(db, owner, interviewId);
  if (!(await isInterviewerOn(db, interview.id, owner.userId))) {
    throw new AppError('FORBIDDEN', SCORECARD_MESSAGES.notInterviewer);
  }
  if (!HELD_STATUSES.has(interview.status)) throw new AppError('BUSINESS_RULE', SCORECARD_MESSAGES.notHeld);
  const { criteria } = await criteriaOfJob(db, interview.jobId);
  const rated = body.ratings.map((rating) => rating.criterion);
  const matches =
    rated.length === criteria.length &&
    new Set(rated).size === rated.length &&
    rated.every((criterion) => criteria.includes(criterion));
  if (!matches) {
    throw new AppError('VALIDATION_FAILED', SCORECARD_MESSAGES.criteriaMismatch, { field: 'ratings' });
  }
  // In the job's order, whatever the order sent.
  const ratings = criteria.map((criterion) => ({
    criterion,
    rating: body.ratings.find((rating) => rating.criterion === criterion)?.rating ?? 0,
  }));
  const inserted = await db
    .insert(interviewScorecards)
    .values({
      interviewId: interview.id,
      interviewerUserId: owner.userId,
      ratings,
      recommendation: body.recommendation,
      notes: body.notes || null,
      submittedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: interviewScorecards.id });
  if (inserted.length === 0) throw new AppError('CONFLICT', SCORECARD_MESSAGES.alreadySubmitted);
  return getInterviewScorecards({ db, owner, interviewId: interview.id });
}
