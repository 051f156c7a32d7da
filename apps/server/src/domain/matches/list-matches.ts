import type { TGetMatchesQuery, TMatchList } from '@medhire/contract/matches';
import { and, count, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { matches } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { findOwnedJob } from '../jobs/jobs-repository.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { loadMatchViews } from './match-view.ts';

export interface ListMatchesOptions {
  db: Db;
  owner: JobOwner;
  query: TGetMatchesQuery;
  /** A job from the path (matchesByJob): must be the organisation's, else 404. */
  jobId?: string;
}

/**
 * The organisation's match invites, newest first, one page at a time: all of them (allMatches)
 * or one job's (matchesByJob), optionally narrowed to a status. A `jobId` in the query is a
 * filter: a job that is not the organisation's simply matches nothing.
 */
export async function listMatches({ db, owner, query, jobId }: ListMatchesOptions): Promise<TMatchList> {
  const { pageSize, pageNumber } = query;
  if (jobId !== undefined) await findOwnedJob(db, owner, jobId);
  const empty = { matches: [], total: 0, pageNumber, pageSize };
  if (!owner.organizationId) return empty;

  const filterJobId = jobId ?? query.jobId;
  if (filterJobId !== undefined && !isUuid(filterJobId)) return empty;
  const conditions: SQL[] = [
    eq(matches.organizationId, owner.organizationId),
    isNotHiddenFrom(owner.organizationId, matches.physicianId),
  ];
  if (filterJobId !== undefined) conditions.push(eq(matches.jobId, filterJobId));
  if (query.status) conditions.push(eq(matches.status, query.status));
  const delegateCondition = delegateJobRowCondition(owner, matches.jobId);
  if (delegateCondition) conditions.push(delegateCondition);
  const where = and(...conditions);

  const page = await db
    .select({ id: matches.id })
    .from(matches)
    .where(where)
    .orderBy(...newestFirst(matches.createdAt, matches.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(matches).where(where);
  return {
    matches: await loadMatchViews(
      db,
      page.map((row) => row.id),
    ),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
