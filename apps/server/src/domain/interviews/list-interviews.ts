import type { TInterview, TInterviewList, TListInterviewsQuery } from '@medhire/contract/interviews';
import { and, asc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { interviewParticipants, interviewProposedSlots, interviews } from '../../db/schema/interviews.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { interviewNotFound, visibleInterviewCondition } from './interview-access.ts';
import { loadTeamInterviews } from './interview-views.ts';

/** At most this many interviews in one calendar period. */
const MAX_LISTED = 1000;

/**
 * The team calendar: the organisation's interviews with a time in the period (cancelled and
 * declined ones too, the calendar greys them), earliest first, then those still without a time
 * that offer a time in the period (waiting for the physician's pick); with `memberId`, only those
 * that member interviews on; with `applicationId`, only that application's. A delegate sees their
 * jobs' interviews and those they are on.
 */
export async function listInterviews({
  db,
  owner,
  query,
}: {
  db: Db;
  owner: JobOwner;
  query: TListInterviewsQuery;
}): Promise<TInterviewList> {
  const organizationId = owner.organizationId;
  if (!organizationId) return { interviews: [] };
  if (query.memberId !== undefined && !isUuid(query.memberId)) return { interviews: [] };
  if (query.applicationId !== undefined && !isUuid(query.applicationId)) return { interviews: [] };
  const from = new Date(query.from);
  const to = new Date(query.to);
  const rows = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(
      and(
        visibleInterviewCondition({ ...owner, organizationId }),
        or(
          and(isNotNull(interviews.startsAt), lt(interviews.startsAt, to), gt(interviews.endsAt, from)),
          and(
            isNull(interviews.startsAt),
            sql`exists (select 1 from ${interviewProposedSlots} where ${interviewProposedSlots.interviewId} = ${interviews.id} and ${interviewProposedSlots.startsAt} < ${to.toISOString()}::timestamptz and ${interviewProposedSlots.endsAt} > ${from.toISOString()}::timestamptz)`,
          ),
        ),
        query.applicationId ? eq(interviews.applicationId, query.applicationId) : undefined,
        query.memberId
          ? sql`exists (select 1 from ${interviewParticipants} where ${interviewParticipants.interviewId} = ${interviews.id} and ${interviewParticipants.participantUserId} = ${query.memberId} and ${interviewParticipants.role} = 'interviewer')`
          : undefined,
      ),
    )
    .orderBy(sql`${interviews.startsAt} asc nulls last`, asc(interviews.createdAt), asc(interviews.id))
    .limit(MAX_LISTED);
  return {
    interviews: await loadTeamInterviews(
      db,
      rows.map((row) => row.id),
    ),
  };
}

/** One interview the member may see (404 otherwise). */
export async function getInterview({
  db,
  owner,
  interviewId,
}: {
  db: Db;
  owner: JobOwner;
  interviewId: string;
}): Promise<TInterview> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(interviewId)) throw interviewNotFound();
  const [row] = await db
    .select({ id: interviews.id })
    .from(interviews)
    .where(and(eq(interviews.id, interviewId), visibleInterviewCondition({ ...owner, organizationId })));
  if (!row) throw interviewNotFound();
  const [view] = await loadTeamInterviews(db, [row.id]);
  if (!view) throw interviewNotFound();
  return view;
}
