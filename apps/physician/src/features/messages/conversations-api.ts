import type { TConversationSyncData, TMessage } from '@medhire/contract/conversations';
import type {
  TPhysicianConversationPage,
  TPhysicianConversationReadData,
} from '@medhire/contract/physician-conversations';
import type { TPhysicianConversation, TPhysicianConversationList } from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';
import { request } from '../../lib/http.ts';

export const CONVERSATIONS_PAGE_SIZE = 50;
/**
 * The newest page is the last 100 messages: the service worker keeps its last answer, which is
 * what stays readable offline. Older pages come 50 at a time as the reader scrolls up.
 */
export const THREAD_NEWEST_PAGE_SIZE = 100;
export const THREAD_OLDER_PAGE_SIZE = 50;

export function conversationPath(conversationId: string): string {
  return `/employee/conversation/get-conversation/${encodeURIComponent(conversationId)}`;
}

/** Opening the newest page reads the conversation (and its message notifications) on the server. */
function markedReadInCache(conversationId: string) {
  return conversationsApi.util.updateQueryData('getConversations', undefined, (list) => {
    const conversation = list.conversations.find((item) => item._id === conversationId);
    if (conversation) conversation.physicianCount = 0;
  });
}

export const conversationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<TPhysicianConversationList, void>({
      query: () => ({
        path: '/employee/conversation/get-all-conversation',
        query: { pageNumber: 1, pageSize: CONVERSATIONS_PAGE_SIZE },
      }),
      providesTags: ['Conversations'],
    }),
    /** The thread's newest page; older pages are added to this same entry (`loadEarlierMessages`). */
    getConversationPage: build.query<TPhysicianConversationPage, string>({
      query: (conversationId) => ({
        path: conversationPath(conversationId),
        query: { pageSize: THREAD_NEWEST_PAGE_SIZE },
      }),
      async onQueryStarted(conversationId, { dispatch, queryFulfilled }) {
        const isFulfilled = await queryFulfilled.then(
          () => true,
          () => false,
        );
        if (!isFulfilled) return;
        dispatch(markedReadInCache(conversationId));
        dispatch(api.util.invalidateTags([{ type: 'Notifications', id: 'COUNT' }]));
      },
    }),
    /** A message that arrived while the thread is open has been read there. */
    markConversationRead: build.mutation<TPhysicianConversationReadData, string>({
      query: (conversationId) => ({
        path: `/employee/conversation/mark-as-read/${encodeURIComponent(conversationId)}`,
        method: 'PATCH',
      }),
      async onQueryStarted(conversationId, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(markedReadInCache(conversationId));
        if (data.notificationsRead > 0) {
          dispatch(
            api.util.invalidateTags([
              { type: 'Notifications', id: 'COUNT' },
              { type: 'Notifications', id: 'LIST' },
            ]),
          );
        }
      },
    }),
  }),
});

export const { useGetConversationsQuery, useGetConversationPageQuery, useMarkConversationReadMutation } =
  conversationsApi;

/** A message into a cached thread page, once, in sequence order. */
export function mergeIntoPage(page: TPhysicianConversationPage, message: TMessage): void {
  const index = page.messages.findIndex(
    (item) =>
      item._id === message._id || (message.tempMsgId !== undefined && item.tempMsgId === message.tempMsgId),
  );
  if (index === -1) {
    page.messages.push(message);
    page.messages.sort(byOrder);
  } else {
    page.messages[index] = message;
  }
  if (message.seq !== undefined && message.seq > page.conversation.lastSeq)
    page.conversation.lastSeq = message.seq;
  page.conversation.lastMessageAt = page.messages.at(-1)?.sentTime ?? page.conversation.lastMessageAt;
}

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

export function byOrder(a: TMessage, b: TMessage): number {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq - b.seq;
  return a.sentTime.localeCompare(b.sentTime);
}

function byLatestActivity(a: TPhysicianConversation, b: TPhysicianConversation): number {
  return (b.lastMessageAt ?? '').localeCompare(a.lastMessageAt ?? '');
}
