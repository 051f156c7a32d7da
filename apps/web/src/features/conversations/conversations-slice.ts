import type {
  MESSAGE_STATUS as CONTRACT_MESSAGE_STATUS,
  TConversation,
  TConversationSyncData,
  TMessage,
} from '@medhire/contract/conversations';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The contract's message statuses, copied so the store (part of the first download) does not
 * pull in zod; `satisfies` fails the build if the two ever disagree.
 */
export const MESSAGE_STATUS = {
  SENDING: 1,
  SENT: 2,
  FAILED: 3,
} as const satisfies typeof CONTRACT_MESSAGE_STATUS;

export interface ConversationsState {
  /** The conversation list, each with its last message and the employer's unread count. */
  conversations: TConversation[];
  /** The conversation open on screen, with its messages. */
  activeConversation: TConversation | null;
  /**
   * The highest sequence number the screen knows per conversation (from the list's last
   * messages, the open conversation and every message since). A live message further on than
   * the next one shows that something was missed.
   */
  lastSeqs: Record<string, number>;
  /**
   * Where the messages screen resumes `sync` from: the cursor of the newest change it has seen
   * (null until the screen asked for it, or after it closed).
   */
  syncCursor: string | null;
  /**
   * Counts the times the screen must ask what it missed: each return of the realtime connection
   * after a loss, and each live message that skips a sequence number.
   */
  catchUps: number;
  /**
   * Live messages of conversations the screen had no copy of (the list not answered yet, or the
   * conversation not on it), in arrival order: the next list answer may have been written before
   * them, and then shows them from here (spec §4: the list shows the last message).
   */
  unlisted: Record<string, TMessage[]>;
}

export const initialConversationsState: ConversationsState = {
  conversations: [],
  activeConversation: null,
  lastSeqs: {},
  syncCursor: null,
  catchUps: 0,
  unlisted: {},
};

/** At most this many live messages are kept per conversation without a copy (the newest). */
const UNLISTED_LIMIT = 20;

/** Every stored copy of a conversation: its list entry and, when open, the open one. */
function copiesOf(state: ConversationsState, conversationId: string): TConversation[] {
  const copies = state.conversations.filter((conversation) => conversation._id === conversationId);
  if (state.activeConversation?._id === conversationId) copies.push(state.activeConversation);
  return copies;
}

/**
 * Puts a listed conversation first: a new message makes it the most recent activity, the list's
 * order on the server (last message time, newest first).
 */
function moveToFront(state: ConversationsState, conversationId: string) {
  const index = state.conversations.findIndex((conversation) => conversation._id === conversationId);
  if (index <= 0) return;
  const [conversation] = state.conversations.splice(index, 1);
  if (conversation) state.conversations.unshift(conversation);
}

function findMessage(conversation: TConversation, predicate: (message: TMessage) => boolean) {
  return conversation.messages.find(predicate);
}

const byTempId = (tempMsgId: string) => (message: TMessage) => message.tempMsgId === tempMsgId;

/** The same message: the same stored id, or one's own message under the same temporary id. */
function isSameMessage(a: TMessage, b: TMessage): boolean {
  if (a._id === b._id) return true;
  return Boolean(a.tempMsgId) && a.tempMsgId === b.tempMsgId && a.sender === b.sender;
}

/**
 * The highest sequence number of a conversation's stored messages on screen: where to resume from
 * (messages still sending or failed have none yet).
 */
export function lastSeqOf(conversation: TConversation): number {
  return conversation.messages.reduce((highest, message) => Math.max(highest, message.seq ?? 0), 0);
}

/**
 * The lowest sequence number of the open conversation's stored messages: the older page is
 * asked for before it (`beforeSeq`). 1, or no stored message at all, means there is nothing older.
 */
export function firstSeqOf(conversation: TConversation): number | undefined {
  return conversation.messages.find((message) => message.seq !== undefined)?.seq;
}

/** Whether the open conversation has messages older than those on screen. */
export function hasOlderMessages(conversation: TConversation): boolean {
  return (firstSeqOf(conversation) ?? 1) > 1;
}

/**
 * Adds stored messages to a conversation once each: a copy already there is replaced; stored
 * messages stay in sequence order, with the ones still sending or failed after them.
 */
function mergeMessages(conversation: TConversation, incoming: TMessage[]) {
  for (const message of incoming) {
    const index = conversation.messages.findIndex((existing) => isSameMessage(existing, message));
    if (index === -1) conversation.messages.push(message);
    else
      conversation.messages[index] = {
        ...message,
        tempMsgId: message.tempMsgId ?? conversation.messages[index]?.tempMsgId,
      };
  }
  const stored = conversation.messages.filter((message) => message.seq !== undefined);
  const pending = conversation.messages.filter((message) => message.seq === undefined);
  stored.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
  conversation.messages = [...stored, ...pending];
  const last = incoming.at(-1);
  if (last) conversation.lastMessage = conversation.messages.at(-1) ?? last;
}

/** Records a stored message's sequence number as known for its conversation. */
function noteSeq(state: ConversationsState, conversationId: string, seq: number | undefined) {
  if (seq === undefined) return;
  state.lastSeqs[conversationId] = Math.max(state.lastSeqs[conversationId] ?? 0, seq);
}

/**
 * Like noteSeq, for a message that arrived on its own (live, or the answer to a send): when it
 * is further on than the next expected number, the ones between were missed and the screen
 * must catch up.
 */
function noteArrivedSeq(state: ConversationsState, conversationId: string, seq: number | undefined) {
  const known = state.lastSeqs[conversationId];
  if (seq !== undefined && known !== undefined && seq > known + 1) state.catchUps += 1;
  noteSeq(state, conversationId, seq);
}

/** Puts a changed message in the copies that show it, without adding it where it is not shown. */
function replaceMessage(conversation: TConversation, changed: TMessage) {
  const index = conversation.messages.findIndex((existing) => isSameMessage(existing, changed));
  if (index !== -1) conversation.messages[index] = { ...conversation.messages[index], ...changed };
  if (conversation.lastMessage && isSameMessage(conversation.lastMessage, changed)) {
    conversation.lastMessage = { ...conversation.lastMessage, ...changed };
  }
}

interface MessageRef {
  conversationId: string;
  tempMsgId: string;
}

export const conversationsSlice = createSlice({
  name: 'conversations',
  initialState: initialConversationsState,
  reducers: {
    /**
     * A fresh list replaces the stored one. The conversation open on screen is being read, so
     * its entry shows no unread messages even when the list answered before it was opened.
     *
     * A message that arrived live while the list was on its way is further on (a higher sequence
     * number) than the list's last message for it. The entry keeps that message, from the list's
     * previous copy or the open conversation, and the unread count the previous copy had, instead
     * of going back to what the server had when it answered. A conversation the screen had no copy
     * of takes such messages from `unlisted`: the last one, and one more unread count for each of
     * them from the physician. Entries that kept such a message come first, as the list would
     * have them had it been written after it.
     */
    conversationsLoaded(state, action: PayloadAction<TConversation[]>) {
      const open = state.activeConversation;
      const previous = new Map(state.conversations.map((conversation) => [conversation._id, conversation]));
      const newer = new Set<string>();
      const conversations = action.payload.map((fetched) => {
        const listedSeq = fetched.lastMessage?.seq ?? 0;
        const listCopy = previous.get(fetched._id);
        const copy = listCopy ?? (open?._id === fetched._id ? open : undefined);
        const missed = (state.unlisted[fetched._id] ?? []).filter(
          (message) => (message.seq ?? 0) > listedSeq,
        );
        let conversation = fetched;
        if (copy?.lastMessage && (copy.lastMessage.seq ?? 0) > listedSeq) {
          newer.add(fetched._id);
          conversation = {
            ...fetched,
            messages: [copy.lastMessage],
            lastMessage: copy.lastMessage,
            employerCount: Math.max(listCopy?.employerCount ?? 0, fetched.employerCount),
          };
        } else if (missed.length > 0) {
          newer.add(fetched._id);
          const last = missed.reduce((newest, message) =>
            (message.seq ?? 0) > (newest.seq ?? 0) ? message : newest,
          );
          conversation = {
            ...fetched,
            messages: [last],
            lastMessage: last,
            employerCount:
              fetched.employerCount + missed.filter((message) => message.sender === 'employee').length,
          };
        }
        return conversation._id === open?._id ? { ...conversation, employerCount: 0 } : conversation;
      });
      state.conversations = [
        ...conversations.filter((conversation) => newer.has(conversation._id)),
        ...conversations.filter((conversation) => !newer.has(conversation._id)),
      ];
      state.unlisted = {};
      for (const conversation of action.payload)
        noteSeq(state, conversation._id, conversation.lastMessage?.seq);
    },
    /** Opening a conversation sets its unread count to 0 (spec §4). */
    conversationOpened(state, action: PayloadAction<TConversation>) {
      state.activeConversation = { ...action.payload, employerCount: 0 };
      for (const conversation of copiesOf(state, action.payload._id)) conversation.employerCount = 0;
      noteSeq(state, action.payload._id, lastSeqOf(action.payload) || undefined);
      noteSeq(state, action.payload._id, action.payload.lastMessage?.seq);
    },
    conversationClosed(state) {
      state.activeConversation = null;
    },
    /**
     * A new message appears at once, as sending, under its temporary id (spec §4); its
     * conversation moves to the top of the list.
     */
    messageQueued(state, action: PayloadAction<{ conversationId: string; message: TMessage }>) {
      const message = { ...action.payload.message, status: MESSAGE_STATUS.SENDING };
      for (const conversation of copiesOf(state, action.payload.conversationId)) {
        conversation.messages.push(message);
        conversation.lastMessage = message;
      }
      moveToFront(state, action.payload.conversationId);
    },
    /** The server's stored message replaces the temporary one and counts as sent (spec §4). */
    messageSent(state, action: PayloadAction<MessageRef & { message: TMessage }>) {
      const { conversationId, tempMsgId } = action.payload;
      const sent = { ...action.payload.message, tempMsgId, status: MESSAGE_STATUS.SENT };
      for (const conversation of copiesOf(state, conversationId)) {
        conversation.messages = conversation.messages.map((message) =>
          message.tempMsgId === tempMsgId ? sent : message,
        );
        if (conversation.lastMessage?.tempMsgId === tempMsgId) conversation.lastMessage = sent;
      }
      noteArrivedSeq(state, conversationId, sent.seq);
    },
    /** A failed send keeps the message in place, marked failed (spec §4). */
    messageFailed(state, action: PayloadAction<MessageRef>) {
      const { conversationId, tempMsgId } = action.payload;
      for (const conversation of copiesOf(state, conversationId)) {
        const message = findMessage(conversation, byTempId(tempMsgId));
        if (message && message.status === MESSAGE_STATUS.SENDING) message.status = MESSAGE_STATUS.FAILED;
        if (conversation.lastMessage?.tempMsgId === tempMsgId)
          conversation.lastMessage.status = MESSAGE_STATUS.FAILED;
      }
    },
    /** Resending a failed message returns it to sending (spec §4). */
    messageResent(state, action: PayloadAction<MessageRef>) {
      const { conversationId, tempMsgId } = action.payload;
      for (const conversation of copiesOf(state, conversationId)) {
        const message = findMessage(conversation, byTempId(tempMsgId));
        if (message && message.status === MESSAGE_STATUS.FAILED) message.status = MESSAGE_STATUS.SENDING;
        if (
          conversation.lastMessage?.tempMsgId === tempMsgId &&
          conversation.lastMessage.status === MESSAGE_STATUS.FAILED
        ) {
          conversation.lastMessage.status = MESSAGE_STATUS.SENDING;
        }
      }
    },
    /**
     * Deleting a message sets isDeleted and keeps it in the list; if it was the last message,
     * lastMessage becomes the final item in the list (spec §4).
     */
    messageDeleted(state, action: PayloadAction<{ conversationId: string; messageId: string }>) {
      const { conversationId, messageId } = action.payload;
      for (const conversation of copiesOf(state, conversationId)) {
        const message = findMessage(conversation, (item) => item._id === messageId);
        if (message) message.isDeleted = true;
        if (conversation.lastMessage?._id === messageId) {
          conversation.lastMessage = conversation.messages.at(-1) ?? {
            ...conversation.lastMessage,
            isDeleted: true,
          };
        }
      }
    },
    /**
     * A conversation was archived or brought back to the inbox: the open copy shows it, and it
     * leaves the list on screen (which shows the inbox or the archive, not both).
     */
    conversationArchived(state, action: PayloadAction<{ conversationId: string; isArchived: boolean }>) {
      const { conversationId, isArchived } = action.payload;
      for (const conversation of copiesOf(state, conversationId)) conversation.isArchived = isArchived;
      state.conversations = state.conversations.filter((conversation) => conversation._id !== conversationId);
    },
    /** A push for a conversation other than the open one raises its unread count by 1 (spec §4). */
    pushReceivedForConversation(state, action: PayloadAction<{ conversationId: string }>) {
      const { conversationId } = action.payload;
      if (state.activeConversation?._id === conversationId) return;
      for (const conversation of state.conversations) {
        if (conversation._id === conversationId) conversation.employerCount += 1;
      }
    },
    /**
     * A live new-message event appends the message to the open conversation and updates the
     * conversation in the list (spec §4), which moves to the top. The newMessage flag and the toast are raised by the
     * app's listener, which owns the notifications side.
     */
    liveMessageReceived(state, action: PayloadAction<{ conversationId: string; message: TMessage }>) {
      const { conversationId, message } = action.payload;
      const listed = state.conversations.find((conversation) => conversation._id === conversationId);
      const isNewer = (message.seq ?? 0) > (listed?.lastMessage?.seq ?? 0);
      const copies = copiesOf(state, conversationId);
      for (const conversation of copies) mergeMessages(conversation, [message]);
      if (listed && isNewer) moveToFront(state, conversationId);
      if (copies.length === 0 && message.seq !== undefined) {
        const kept = (state.unlisted[conversationId] ?? []).filter(
          (existing) => !isSameMessage(existing, message),
        );
        state.unlisted[conversationId] = [...kept, message].slice(-UNLISTED_LIMIT);
      }
      noteArrivedSeq(state, conversationId, message.seq);
    },
    /**
     * What the server stored after the last message the screen had (after a reconnect): each
     * message is added once, in sequence order. A message already shown (same `_id`, or the same
     * `tempMsgId` of one's own still sending or failed) is replaced by the stored copy, never shown
     * twice.
     */
    messagesResumed(state, action: PayloadAction<{ conversationId: string; messages: TMessage[] }>) {
      const { conversationId, messages } = action.payload;
      for (const conversation of copiesOf(state, conversationId)) mergeMessages(conversation, messages);
      for (const message of messages) noteSeq(state, conversationId, message.seq);
    },
    /**
     * An older page of the open conversation (scrolling up): its messages go before those on
     * screen, once each, in sequence order; the list's copy keeps its last message.
     */
    olderMessagesLoaded(state, action: PayloadAction<{ conversationId: string; messages: TMessage[] }>) {
      const { conversationId, messages } = action.payload;
      const open = state.activeConversation;
      if (open?._id !== conversationId || messages.length === 0) return;
      const lastMessage = open.lastMessage;
      mergeMessages(open, messages);
      open.lastMessage = lastMessage;
    },
    /** The realtime connection is back after a loss: what was sent meanwhile must be fetched. */
    realtimeReconnected(state) {
      state.catchUps += 1;
    },
    /** The cursor to resume `sync` from (the newest change when the screen opened), or null. */
    syncCursorSet(state, action: PayloadAction<string | null>) {
      state.syncCursor = action.payload;
    },
    /**
     * One page of `sync`: every change since the cursor, applied in order, each once.
     * - a new message joins its conversation (deduped by `_id` and, for one's own, `tempMsgId`);
     *   a physician's message never seen before raises the unread count of a conversation that
     *   is not open;
     * - a deletion marks the message where it is shown (it is not added where it is not);
     * - the employer's read marker clears the unread count;
     * - an archive change files the conversation; it leaves the list on screen, which shows the
     *   inbox or the archive.
     * The cursor moves to the page's `nextCursor`.
     */
    changesSynced(state, action: PayloadAction<TConversationSyncData>) {
      const openId = state.activeConversation?._id;
      for (const change of action.payload.changes) {
        const { conversationId } = change;
        const copies = copiesOf(state, conversationId);
        if (change.type === 'message') {
          const { message } = change;
          const isNew =
            (message.seq ?? 0) > (state.lastSeqs[conversationId] ?? 0) &&
            !copies.some((copy) => copy.messages.some((shown) => isSameMessage(shown, message)));
          for (const conversation of copies) mergeMessages(conversation, [message]);
          if (isNew && message.sender === 'employee' && conversationId !== openId) {
            for (const conversation of state.conversations) {
              if (conversation._id === conversationId) conversation.employerCount += 1;
            }
          }
          noteSeq(state, conversationId, message.seq);
        } else if (change.type === 'deleted') {
          for (const conversation of copies) replaceMessage(conversation, change.message);
        } else if (change.type === 'read') {
          if (change.reader === 'employer') for (const conversation of copies) conversation.employerCount = 0;
        } else {
          state.conversations = state.conversations.filter(
            (conversation) =>
              conversation._id !== conversationId || conversation.isArchived === change.archived,
          );
          for (const conversation of copiesOf(state, conversationId))
            conversation.isArchived = change.archived;
        }
      }
      state.syncCursor = action.payload.nextCursor;
    },
  },
});

export const {
  conversationsLoaded,
  conversationOpened,
  conversationClosed,
  messageQueued,
  messageSent,
  messageFailed,
  messageResent,
  messageDeleted,
  pushReceivedForConversation,
  liveMessageReceived,
  messagesResumed,
  conversationArchived,
  realtimeReconnected,
  syncCursorSet,
  changesSynced,
  olderMessagesLoaded,
} = conversationsSlice.actions;
export const conversationsReducer = conversationsSlice.reducer;
