import { CONVERSATION_MESSAGES, type TConversation } from '@medhire/contract/conversations';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications, conversations, matches } from '../../db/schema/hiring.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';
import { getEmployerConversation } from './get-employer-conversation.ts';
import { recordChange } from './record-change.ts';

export interface StartEmployerConversationOptions {
  db: Db;
  owner: JobOwner;
  applicationId: string;
  now?: Date;
}

function applicationNotFound(): AppError {
  return new AppError('NOT_FOUND', CONVERSATION_MESSAGES.applicationNotFound);
}

/**
 * Opens the conversation with a physician who applied to one of the organisation's jobs, about
 * that job. Applicants are reached without an invite, so nothing of the plan's invite quota is
 * spent; invites stay the way to reach physicians who did not apply.
 *
 * One conversation per job and physician (a unique index): when one exists already, opened by an
 * accepted invite or an earlier start, it is answered as it is, and brought back to the inbox if
 * it was archived. Another organisation's application, or a job outside a delegate's assignments,
 * answers 404 before anything is written, in the same transaction as the write.
 *
 * Answers the conversation as get-single-conversation does (opening it marks it read).
 */
export async function startEmployerConversation({
  db,
  owner,
  applicationId,
  now = new Date(),
}: StartEmployerConversationOptions): Promise<TConversation> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicationId)) throw applicationNotFound();
  const conversationId = await db.transaction(async (tx) => {
    // FOR SHARE: the application (and with it the job) cannot be removed until this commits.
    const [application] = await tx
      .select({ jobId: applications.jobId, physicianId: applications.physicianId })
      .from(applications)
      .where(
        and(
          eq(applications.id, applicationId),
          eq(applications.organizationId, organizationId),
          isNotHiddenFrom(organizationId, applications.physicianId),
          delegateJobRowCondition(owner, applications.jobId),
        ),
      )
      .for('share');
    if (!application) throw applicationNotFound();
    const { jobId, physicianId } = application;
    const [acceptedMatch] = await tx
      .select({ id: matches.id })
      .from(matches)
      .where(
        and(eq(matches.jobId, jobId), eq(matches.physicianId, physicianId), eq(matches.status, 'accepted')),
      )
      .limit(1);
    const [created] = await tx
      .insert(conversations)
      .values({ organizationId, physicianId, jobId, matchId: acceptedMatch?.id ?? null, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: conversations.id });
    if (created) return created.id;
    const [existing] = await tx
      .select({ id: conversations.id, isArchived: conversations.isArchived })
      .from(conversations)
      .where(and(eq(conversations.jobId, jobId), eq(conversations.physicianId, physicianId)))
      .limit(1)
      .for('update');
    if (!existing) throw new Error('The conversation with the applicant could not be opened.');
    if (existing.isArchived) {
      await tx.update(conversations).set({ isArchived: false }).where(eq(conversations.id, existing.id));
      await recordChange({
        tx,
        conversation: { id: existing.id, organizationId, physicianId },
        kind: 'archived',
        data: { archived: false },
        now,
      });
    }
    return existing.id;
  });
  return getEmployerConversation({ db, owner, conversationId });
}
