import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { sessionEnded } from '../../lib/api.ts';
import { signedOut } from '../../lib/session-slice.ts';

/**
 * pending: written, waiting for the network (or for its turn); sending: on its way;
 * failed: the server refused it, the person decides (retry or discard).
 */
export type OutboxStatus = 'pending' | 'sending' | 'failed';

/**
 * A message the physician wrote that the server has not confirmed yet. Its tempMsgId travels
 * with every attempt: the server stores a message once per tempMsgId, so sending it again after
 * a lost answer can never make a second copy.
 */
export interface OutboxItem {
  tempMsgId: string;
  conversationId: string;
  body: string;
  createdAt: string;
  status: OutboxStatus;
  error?: string;
}

export interface OutboxState {
  items: OutboxItem[];
}

const initialState: OutboxState = { items: [] };

function find(state: OutboxState, tempMsgId: string): OutboxItem | undefined {
  return state.items.find((item) => item.tempMsgId === tempMsgId);
}

export const outboxSlice = createSlice({
  name: 'outbox',
  initialState,
  reducers: {
    messageQueued(state, action: PayloadAction<Omit<OutboxItem, 'status' | 'error'>>) {
      if (!find(state, action.payload.tempMsgId)) state.items.push({ ...action.payload, status: 'pending' });
    },
    sendStarted(state, action: PayloadAction<string>) {
      const item = find(state, action.payload);
      if (item) {
        item.status = 'sending';
        delete item.error;
      }
    },
    /** The server has the message (its answer, or the live echo of it): nothing left to send. */
    messageDelivered(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.tempMsgId !== action.payload);
    },
    /** No answer at all (offline, timeout): kept as it is and sent again when the network returns. */
    sendDeferred(state, action: PayloadAction<string>) {
      const item = find(state, action.payload);
      if (item) item.status = 'pending';
    },
    sendFailed(state, action: PayloadAction<{ tempMsgId: string; error: string }>) {
      const item = find(state, action.payload.tempMsgId);
      if (item) {
        item.status = 'failed';
        item.error = action.payload.error;
      }
    },
    messageDiscarded(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.tempMsgId !== action.payload);
    },
  },
  extraReducers: (builder) => {
    // Unsent messages belong to the person who wrote them, not to the next one on this device.
    builder.addCase(signedOut, () => initialState);
    builder.addCase(sessionEnded, () => initialState);
  },
});

export const { messageQueued, sendStarted, messageDelivered, sendDeferred, sendFailed, messageDiscarded } =
  outboxSlice.actions;

export const selectOutbox = (state: { outbox: OutboxState }) => state.outbox.items;
