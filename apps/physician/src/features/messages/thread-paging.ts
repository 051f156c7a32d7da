import type { TPhysicianConversationPage } from '@medhire/contract/physician-conversations';
import { request } from '../../lib/http.ts';
import { byOrder, conversationPath, conversationsApi, THREAD_OLDER_PAGE_SIZE } from './conversations-api.ts';
import type { MessagesThunk } from './send-message.ts';

/* Loading earlier messages: only the thread screen needs it, so it downloads with that screen. */

/** One page of messages older than `beforeSeq`, oldest first. */
export function fetchOlderMessages(
  conversationId: string,
  beforeSeq: number,
): Promise<TPhysicianConversationPage> {
  return request<TPhysicianConversationPage>('GET', conversationPath(conversationId), {
    query: { beforeSeq, pageSize: THREAD_OLDER_PAGE_SIZE },
  });
}

/** An older page in front of the cached one: messages already there are not repeated. */
export function prependOlderPage(page: TPhysicianConversationPage, older: TPhysicianConversationPage): void {
  const known = new Set(page.messages.map((message) => message._id));
  page.messages = [...older.messages.filter((message) => !known.has(message._id)), ...page.messages].sort(
    byOrder,
  );
  page.hasMore = older.hasMore;
}

/**
 * The page before the oldest message the thread holds, put in front of it. Answers false when
 * there was nothing to load (or nothing cached to load in front of).
 */
export function loadEarlierMessages(conversationId: string): MessagesThunk<Promise<boolean>> {
  return async (dispatch, getState) => {
    const cached = conversationsApi.endpoints.getConversationPage.select(conversationId)(getState()).data;
    const oldestSeq = cached?.messages.find((message) => message.seq !== undefined)?.seq;
    if (!cached?.hasMore || oldestSeq === undefined) return false;
    const older = await fetchOlderMessages(conversationId, oldestSeq);
    dispatch(
      conversationsApi.util.updateQueryData('getConversationPage', conversationId, (page) => {
        prependOlderPage(page, older);
      }),
    );
    return true;
  };
}
