import type { TMatchStatus, TMatchUpdate } from '@medhire/contract/matches';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { matches } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { jobTitleOf, physicianNameOf } from '../team/activity-names.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { recordActivity } from '../team/record-activity.ts';
import { assertMatchTransition } from './match-transitions.ts';
import { loadMatchView, matchNotFound } from './match-view.ts';

export interface UpdateMatchStatusOptions {
  db: Db;
  owner: JobOwner;
  matchId: string;
  status: TMatchStatus;
  now?: Date;
}

/**
 * The employer's change of an invite's status (spec §7 update-match-status). The employer can
 * only cancel a pending invite; accepting and declining are the physician's, and nothing leaves
 * a final state (assertMatchTransition). Another organisation's match answers 404. Cancelling
 * spends no invite, so the answer carries no subscriptionMeta.
 */
export async function updateMatchStatus({
  db,
  owner,
  matchId,
  status,
  now = new Date(),
}: UpdateMatchStatusOptions): Promise<TMatchUpdate> {
  const { organizationId } = owner;
  if (!organizationId || !isUuid(matchId)) throw matchNotFound();
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ status: matches.status, jobId: matches.jobId, physicianId: matches.physicianId })
      .from(matches)
      .where(
        and(
          eq(matches.id, matchId),
          eq(matches.organizationId, organizationId),
          isNotHiddenFrom(organizationId, matches.physicianId),
          delegateJobRowCondition(owner, matches.jobId),
        ),
      )
      .for('update');
    if (!current) throw matchNotFound();
    assertMatchTransition(current.status, status, 'employer');
    await tx.update(matches).set({ status, updatedAt: now }).where(eq(matches.id, matchId));
    // assertMatchTransition lets the employer only cancel; the physician's answers are theirs.
    await recordActivity(tx, {
      organizationId,
      actorUserId: owner.userId,
      type: 'invite.cancelled',
      summary: `Canceled the invite of ${await physicianNameOf(tx, current.physicianId)} to ${await jobTitleOf(tx, current.jobId)}`,
      subjectType: 'match',
      subjectId: matchId,
      details: { jobId: current.jobId, physicianId: current.physicianId },
      createdAt: now,
    });
  });
  return loadMatchView(db, matchId);
}
