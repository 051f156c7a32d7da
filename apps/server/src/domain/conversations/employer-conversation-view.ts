import { CONVERSATION_MESSAGES, type TConversation, type TMessage } from '@medhire/contract/conversations';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { specialties } from '../../db/schema/reference.ts';
import { AppError } from '../../lib/app-error.ts';

export function conversationNotFound(): AppError {
  return new AppError('NOT_FOUND', CONVERSATION_MESSAGES.notFound);
}

/** A conversation with the physician, their specialty and the job, as one row. */
export function selectEmployerConversations(db: Db) {
  return db
    .select({
      conversation: conversations,
      physician: {
        id: physicians.id,
        firstName: physicians.firstName,
        lastName: physicians.lastName,
        photo: physicians.photo,
        userId: physicians.userId,
      },
      specialtyTitle: specialties.title,
      job: { id: jobs.id, title: jobs.title },
    })
    .from(conversations)
    .innerJoin(physicians, eq(physicians.id, conversations.physicianId))
    .leftJoin(specialties, eq(specialties.id, physicians.specialtyId))
    .leftJoin(jobs, eq(jobs.id, conversations.jobId));
}

export type EmployerConversationRow = Awaited<
  ReturnType<ReturnType<typeof selectEmployerConversations>['execute']>
>[number];

/**
 * The conversation as the employer sees it, with the given messages (oldest first); its last
 * message is the list's last unless given (a page of older messages).
 */
export function toEmployerConversation(
  row: EmployerConversationRow,
  messageList: TMessage[],
  lastMessage: TMessage | null = messageList.at(-1) ?? null,
): TConversation {
  const { conversation, physician, specialtyTitle, job } = row;
  return {
    _id: conversation.id,
    messages: messageList,
    lastMessage,
    employerCount: conversation.employerUnread,
    applicant: {
      _id: physician.id,
      fullName: `Dr. ${physician.firstName} ${physician.lastName}`.trim(),
      photo: physician.photo,
      specialty: specialtyTitle ?? '',
    },
    job: job ? { _id: job.id, title: job.title } : null,
    matchId: conversation.matchId,
    isArchived: conversation.isArchived,
    updatedAt: (conversation.lastMessageAt ?? conversation.createdAt).toISOString(),
  };
}
