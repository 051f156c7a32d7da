import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations, type TConversationRow } from '../../db/schema/hiring.ts';

export interface OpenConversationOptions {
  db: Db;
  organizationId: string;
  physicianId: string;
  jobId: string | null;
  matchId: string;
  now?: Date;
}

/**
 * The conversation an accepted invite opens between the organisation and the physician. One per
 * match, and one per job and physician: opening it again answers the one already there, and when
 * a member already wrote to the physician about that job (they had applied), the accepted match
 * joins that conversation instead of opening a second one.
 */
export async function openConversation({
  db,
  organizationId,
  physicianId,
  jobId,
  matchId,
  now = new Date(),
}: OpenConversationOptions): Promise<TConversationRow> {
  // No conflict target: either unique index (match, or job and physician) means "already open".
  const [created] = await db
    .insert(conversations)
    .values({ organizationId, physicianId, jobId, matchId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [ofMatch] = await db.select().from(conversations).where(eq(conversations.matchId, matchId)).limit(1);
  if (ofMatch) return ofMatch;
  if (jobId) {
    const [ofJob] = await db
      .update(conversations)
      .set({ matchId })
      .where(
        and(
          eq(conversations.jobId, jobId),
          eq(conversations.physicianId, physicianId),
          isNull(conversations.matchId),
        ),
      )
      .returning();
    if (ofJob) return ofJob;
  }
  throw new Error('The conversation of the match could not be opened.');
}
