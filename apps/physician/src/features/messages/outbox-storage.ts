import type { OutboxItem } from './outbox-slice.ts';

export const OUTBOX_KEY = 'medhire.physician.outbox';

/**
 * The unsent messages as the last tab left them. One that was on its way when the tab closed
 * is pending again: whether it arrived is unknown, and its tempMsgId makes a resend harmless.
 */
export function readOutbox(): OutboxItem[] {
  try {
    const raw = localStorage.getItem(OUTBOX_KEY);
    const items: unknown = raw ? JSON.parse(raw) : [];
    if (!Array.isArray(items)) return [];
    return items
      .filter(
        (item): item is OutboxItem =>
          typeof item?.tempMsgId === 'string' &&
          typeof item?.conversationId === 'string' &&
          typeof item?.body === 'string',
      )
      .map((item) => (item.status === 'sending' ? { ...item, status: 'pending' } : item));
  } catch {
    return [];
  }
}

export function writeOutbox(items: readonly OutboxItem[]): void {
  try {
    if (items.length === 0) localStorage.removeItem(OUTBOX_KEY);
    else localStorage.setItem(OUTBOX_KEY, JSON.stringify(items));
  } catch {
    // Storage full or off: the messages stay in this tab's memory.
  }
}
