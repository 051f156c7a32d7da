import type {
  TArchiveConversationData,
  TConversation,
  TConversationListData,
  TConversationSyncData,
  TDeleteMessageData,
  TSendEmployerMessageBody,
  TSendMessageData,
  TStartConversationData,
} from '@medhire/contract/conversations';
import { http } from '../../../lib/http.ts';

const id = encodeURIComponent;

/** The list's query (ZGetAllConversationsQuery): search by name, paging, archived, one job. */
export interface ConversationListQuery {
  queryText?: string;
  pageSize?: number;
  pageNumber?: number;
  archived?: boolean;
  jobId?: string;
}

/** The single conversation's paging (ZGetSingleConversationQuery). */
export interface SingleConversationQuery {
  pageSize?: number;
  afterSeq?: number;
  beforeSeq?: number;
}

/** Spec §10: a conversation list page holds 100 conversations unless asked otherwise. */
export const CONVERSATIONS_PAGE_SIZE = 100;

/** The employer's conversation calls (/api/employer/conversation, spec §7). */
export const conversationsApi = {
  /** The conversations of the signed-in employer, newest activity first, each with its last message. */
  getAllConversations: (userId: string, query: ConversationListQuery = {}, signal?: AbortSignal) =>
    http.get<TConversationListData>(`/employer/conversation/get-all-conversation/${id(userId)}`, {
      query: { pageSize: CONVERSATIONS_PAGE_SIZE, ...query },
      signal,
    }),
  /**
   * One conversation with a page of messages, oldest first (the newest page, or those after
   * `afterSeq`, or before `beforeSeq`); the server marks it read.
   */
  getSingleConversation: (
    conversationId: string,
    signal?: AbortSignal,
    query: SingleConversationQuery = {},
  ) =>
    http.get<TConversation>(`/employer/conversation/get-single-conversation/${id(conversationId)}`, {
      query: { ...query },
      signal,
    }),
  /**
   * Every change of the organisation's conversations after `since` (a cursor of an earlier
   * answer), oldest first, one page; `latest` answers only the newest cursor.
   */
  sync: (since: string, signal?: AbortSignal, pageSize?: number) =>
    http.get<TConversationSyncData>('/employer/conversation/sync', {
      query: { since, pageSize },
      signal,
    }),
  /**
   * Opens the conversation with a physician who applied, about the job of that application (no
   * invite spent); answers the one already open for that job and physician.
   */
  startConversation: (applicationId: string) =>
    http.post<TStartConversationData>(`/employer/conversation/start-conversation/${id(applicationId)}`),
  /**
   * Sends a message, or a message template (templateId) the server renders for the conversation;
   * sending again with the same tempMsgId returns the stored message.
   */
  sendMessage: (conversationId: string, body: TSendEmployerMessageBody) =>
    http.post<TSendMessageData>(`/employer/conversation/send-message/${id(conversationId)}`, body),
  /** Archives a conversation (true) or brings it back to the inbox (false). */
  archiveConversation: (conversationId: string, archived: boolean) =>
    http.patch<TArchiveConversationData>(`/employer/conversation/archive/${id(conversationId)}`, {
      archived,
    }),
  /** Deletes one of the employer's own messages; the answer is the message with isDeleted true. */
  deleteMessage: (conversationId: string, messageId: string) =>
    http.delete<TDeleteMessageData>(
      `/employer/conversation/delete-message/${id(conversationId)}/${id(messageId)}`,
    ),
};
