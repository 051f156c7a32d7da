import type { TConversationSyncData, TMessage } from '@medhire/contract/conversations';
import type { TPhysicianConversation, TPhysicianConversationList } from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';

export const CONVERSATIONS_PAGE_SIZE = 50;

export const conversationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<TPhysicianConversationList, void>({
      query: () => ({
        path: '/employee/conversation/get-all-conversation',
        query: { pageNumber: 1, pageSize: CONVERSATIONS_PAGE_SIZE },
      }),
      providesTags: ['Conversations'],
    }),
  }),
});

export const { useGetConversationsQuery } = conversationsApi;

export function fetchSyncPage(since: string): Promise<TConversationSyncData> {
  return request<TConversationSyncData>('GET', '/employee/conversation/sync', { query: { since } });
}

/**
 * A message into the cached conversation list: once, whichever way it arrived (the send
 * answer, the live event, a sync after reconnecting). Returns false when the conversation is not
 * in the cache, so the caller refetches the list instead.
 */
export function mergeMessage(
  list: TPhysicianConversationList,
  conversationId: string,
  message: TMessage,
): boolean {
  const conversation = list.conversations.find((item) => item._id === conversationId);
  if (!conversation) return false;
  const index = conversation.messages.findIndex(
    (item) =>
      item._id === message._id || (message.tempMsgId !== undefined && item.tempMsgId === message.tempMsgId),
  );
  if (index === -1) {
    conversation.messages.push(message);
    conversation.messages.sort(byOrder);
  } else {
    conversation.messages[index] = message;
  }
  const last = conversation.messages.at(-1) ?? null;
  conversation.lastMessage = last;
  conversation.lastMessageAt = last?.sentTime ?? conversation.lastMessageAt;
  if (index === -1 && message.sender === 'employer') conversation.physicianCount += 1;
  list.conversations.sort(byLatestActivity);
  return true;
}

function byOrder(a: TMessage, b: TMessage): number {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq - b.seq;
  return a.sentTime.localeCompare(b.sentTime);
}

function byLatestActivity(a: TPhysicianConversation, b: TPhysicianConversation): number {
  return (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '');
}
