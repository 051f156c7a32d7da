import { sessionEnded } from '../../lib/api.ts';
import { connectLive, type LiveConnection, type LiveHandlers } from '../../lib/socket.ts';
import { conversationsApi, fetchSyncPage } from './conversations-api.ts';
import { flushOutbox, type MessagesThunk, messageArrived } from './send-message.ts';

type Thunk<Result = void> = MessagesThunk<Result>;

/**
 * The contract's SYNC_LATEST, written out: importing a value from a contract module brings zod
 * and every schema of that module into the first download (only types come from there).
 */
const SYNC_LATEST = 'latest';

/**
 * What was missed while away, from the cursor of the last sync: new and changed messages go into
 * the cache one by one; anything else (read, archived) refreshes the list.
 */
export function catchUp(cursor: { current: string }): Thunk<Promise<void>> {
  return async (dispatch) => {
    let hasMore = true;
    while (hasMore) {
      const page = await fetchSyncPage(cursor.current);
      let needsRefetch = false;
      for (const change of page.changes) {
        if (change.type === 'message' || change.type === 'deleted') {
          dispatch(messageArrived(change.conversationId, change.message));
        } else {
          needsRefetch = true;
        }
      }
      if (needsRefetch) dispatch(conversationsApi.util.invalidateTags(['Conversations']));
      cursor.current = page.nextCursor;
      hasMore = page.hasMore && page.changes.length > 0;
    }
  };
}

/**
 * Opens the live connection for the signed-in physician: messages arrive as they are sent;
 * after any reconnection (and whenever the browser is back online) the app catches up from its
 * sync cursor and sends what the outbox holds.
 */
export function startLiveConnection(
  token: string,
  uid: string,
  /** What other features hear on the same connection; `onResume` runs whenever the app catches up. */
  others: Pick<LiveHandlers, 'onNotification'> & { onResume?: () => void } = {},
): Thunk<() => void> {
  return (dispatch) => {
    const cursor = { current: SYNC_LATEST };
    let connection: LiveConnection | undefined;
    let isClosed = false;

    const resume = () => {
      others.onResume?.();
      void dispatch(catchUp(cursor))
        .catch(() => undefined)
        .finally(() => dispatch(flushOutbox()));
    };

    // The cursor starts at "now": the screens have just loaded what came before.
    void fetchSyncPage(SYNC_LATEST)
      .then((page) => {
        if (cursor.current === SYNC_LATEST) cursor.current = page.nextCursor;
      })
      .catch(() => undefined);
    void dispatch(flushOutbox());

    void connectLive(token, uid, {
      onNotification: others.onNotification,
      onMessage: ({ conversationId, message }) => dispatch(messageArrived(conversationId, message)),
      onReconnect: resume,
      onSessionRefused: () => dispatch(sessionEnded()),
    }).then((opened) => {
      if (isClosed) opened.close();
      else connection = opened;
    });
    window.addEventListener('online', resume);

    return () => {
      isClosed = true;
      window.removeEventListener('online', resume);
      connection?.close();
    };
  };
}
