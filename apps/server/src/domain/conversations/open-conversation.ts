import { eq } from 'drizzle-orm';
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
 * match: opening it again answers the one already there.
 */
export async function openConversation({
  db,
  organizationId,
  physicianId,
  jobId,
  matchId,
  now = new Date(),
}: OpenConversationOptions): Promise<TConversationRow> {
  const [created] = await db
    .insert(conversations)
    .values({ organizationId, physicianId, jobId, matchId, createdAt: now })
    .onConflictDoNothing({ target: conversations.matchId })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(conversations).where(eq(conversations.matchId, matchId)).limit(1);
  if (!existing) throw new Error('The conversation of the match could not be opened.');
  return existing;
}
