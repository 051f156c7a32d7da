import { describe, expect, it } from 'vitest';
import {
  allNotificationsRead,
  conversationNotificationsRead,
  LATEST_NOTIFICATIONS_KEPT,
  notificationRead,
  notificationReceived,
  notificationsLoaded,
} from '../notification-centre-slice.ts';
import {
  fireBaseTokenSet,
  initialNotificationsState,
  type NotificationsState,
  newMessageFlagged,
  notificationsReducer,
  notificationTokenSet,
} from '../notifications-slice.ts';
import { makeNotification } from './notification-fixtures.ts';

const reduce = (
  state: NotificationsState | undefined,
  ...actions: Parameters<typeof notificationsReducer>[1][]
) =>
  actions.reduce<NotificationsState>(
    (current, action) => notificationsReducer(current, action),
    state ?? notificationsReducer(undefined, { type: '@@init' }),
  );

describe('notification state defaults (spec §3)', () => {
  it('starts with an empty notifications list, no match/conversation/message notification, no tokens, newMessage false', () => {
    expect(reduce(undefined)).toEqual(initialNotificationsState);
    expect(initialNotificationsState).toMatchObject({
      notifications: [],
      matchNotification: null,
      conversationNotification: null,
      messageNotification: null,
      notificationToken: null,
      fireBaseToken: null,
      newMessage: false,
    });
  });
});

describe('notifications list', () => {
  it('notifications list: a loaded page replaces the list and sets the unread count', () => {
    const old = makeNotification({ _id: 'old' });
    const page = [makeNotification({ _id: 'a' }), makeNotification({ _id: 'b', read: true })];
    const state = reduce(
      undefined,
      notificationsLoaded({ notifications: [old], unreadCount: 1 }),
      notificationsLoaded({ notifications: page, unreadCount: 4 }),
    );
    expect(state.notifications.map((item) => item._id)).toEqual(['a', 'b']);
    expect(state.unreadCount).toBe(4);
  });

  it('notifications list: a live notification goes on top, once, and takes the server unread count', () => {
    const first = makeNotification({ _id: 'a' });
    const live = makeNotification({ _id: 'live', createdAt: '2026-11-21T09:00:00.000Z' });
    const state = reduce(
      undefined,
      notificationsLoaded({ notifications: [first], unreadCount: 1 }),
      notificationReceived({ notification: live, unreadCount: 2 }),
      notificationReceived({ notification: live, unreadCount: 2 }),
    );
    expect(state.notifications.map((item) => item._id)).toEqual(['live', 'a']);
    expect(state.unreadCount).toBe(2);
  });

  it('notifications list: a late delivery of an older notification takes its place by time, not the top', () => {
    const newer = makeNotification({ _id: 'newer', createdAt: '2026-11-21T09:00:00.000Z' });
    const older = makeNotification({ _id: 'older', createdAt: '2026-11-20T09:00:00.000Z' });
    const oldest = makeNotification({ _id: 'oldest', createdAt: '2026-11-19T09:00:00.000Z' });
    const late = makeNotification({ _id: 'late', createdAt: '2026-11-20T12:00:00.000Z' });
    const state = reduce(
      undefined,
      notificationsLoaded({ notifications: [newer, older, oldest], unreadCount: 3 }),
      notificationReceived({ notification: late, unreadCount: 4 }),
    );
    expect(state.notifications.map((item) => item._id)).toEqual(['newer', 'late', 'older', 'oldest']);
  });

  it(`notifications list: keeps the latest ${LATEST_NOTIFICATIONS_KEPT} only`, () => {
    const many = Array.from({ length: LATEST_NOTIFICATIONS_KEPT }, (_, index) =>
      makeNotification({ _id: `n${index}` }),
    );
    const state = reduce(
      undefined,
      notificationsLoaded({ notifications: many, unreadCount: 30 }),
      notificationReceived({
        notification: makeNotification({ _id: 'newest', createdAt: '2026-11-21T00:00:00.000Z' }),
        unreadCount: 31,
      }),
    );
    expect(state.notifications).toHaveLength(LATEST_NOTIFICATIONS_KEPT);
    expect(state.notifications[0]?._id).toBe('newest');
    expect(state.notifications.some((item) => item._id === `n${LATEST_NOTIFICATIONS_KEPT - 1}`)).toBe(false);
  });

  it('notifications list: marking one read marks it and takes the new unread count', () => {
    const a = makeNotification({ _id: 'a' });
    const b = makeNotification({ _id: 'b' });
    const state = reduce(
      undefined,
      notificationsLoaded({ notifications: [a, b], unreadCount: 2 }),
      notificationRead({ notification: { ...a, read: true }, unreadCount: 1 }),
    );
    expect(state.notifications.map((item) => item.read)).toEqual([true, false]);
    expect(state.unreadCount).toBe(1);
  });

  it('notifications list: mark all as read leaves nothing unread', () => {
    const state = reduce(
      undefined,
      notificationsLoaded({
        notifications: [makeNotification({ _id: 'a' }), makeNotification({ _id: 'b' })],
        unreadCount: 7,
      }),
      allNotificationsRead(),
    );
    expect(state.notifications.every((item) => item.read)).toBe(true);
    expect(state.unreadCount).toBe(0);
  });
});

describe('matchNotification', () => {
  it('matchNotification: an answer to a match invite becomes the latest match notification', () => {
    const accepted = makeNotification({ _id: 'acc', type: 'INVITE_ACCEPTED', conversation: 'c1' });
    const declined = makeNotification({
      _id: 'dec',
      type: 'INVITE_REJECTED',
      createdAt: '2026-11-21T10:00:00.000Z',
    });
    let state = reduce(undefined, notificationReceived({ notification: accepted, unreadCount: 1 }));
    expect(state.matchNotification?._id).toBe('acc');
    state = reduce(state, notificationReceived({ notification: declined, unreadCount: 2 }));
    expect(state.matchNotification?._id).toBe('dec');
    const lateOlder = makeNotification({
      _id: 'late',
      type: 'INVITE_ACCEPTED',
      createdAt: '2026-11-01T10:00:00.000Z',
    });
    state = reduce(state, notificationReceived({ notification: lateOlder, unreadCount: 3 }));
    expect(state.matchNotification?._id).toBe('dec');
  });

  it('matchNotification: an application or a message is not a match notification', () => {
    const state = reduce(
      undefined,
      notificationReceived({ notification: makeNotification({ type: 'APPLY_ON_JOB' }), unreadCount: 1 }),
      notificationReceived({
        notification: makeNotification({ _id: 'm', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c1' }),
        unreadCount: 2,
      }),
    );
    expect(state.matchNotification).toBeNull();
  });
});

describe('conversationNotification', () => {
  it('conversationNotification: a notification that points at a conversation becomes the latest conversation notification', () => {
    const message = makeNotification({ _id: 'm', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c1' });
    const state = reduce(
      undefined,
      notificationReceived({ notification: message, unreadCount: 1 }),
      notificationReceived({ notification: makeNotification({ _id: 'apply' }), unreadCount: 2 }),
    );
    expect(state.conversationNotification?._id).toBe('m');
  });

  it('conversationNotification: opening the conversation marks its notifications read and clears it', () => {
    const inC1 = makeNotification({ _id: 'm1', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c1' });
    const inC2 = makeNotification({ _id: 'm2', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c2' });
    const state = reduce(
      undefined,
      notificationReceived({ notification: inC2, unreadCount: 1 }),
      notificationReceived({ notification: inC1, unreadCount: 2 }),
      conversationNotificationsRead({ conversationId: 'c1', unreadCount: 1 }),
    );
    expect(state.notifications.find((item) => item._id === 'm1')?.read).toBe(true);
    expect(state.notifications.find((item) => item._id === 'm2')?.read).toBe(false);
    expect(state.conversationNotification).toBeNull();
    expect(state.messageNotification).toBeNull();
    expect(state.unreadCount).toBe(1);
  });

  it("conversationNotification: reading another conversation keeps this one's notification", () => {
    const inC2 = makeNotification({ _id: 'm2', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c2' });
    const state = reduce(
      undefined,
      notificationReceived({ notification: inC2, unreadCount: 1 }),
      conversationNotificationsRead({ conversationId: 'c1', unreadCount: 1 }),
    );
    expect(state.conversationNotification?._id).toBe('m2');
    expect(state.messageNotification?._id).toBe('m2');
  });
});

describe('messageNotification', () => {
  it("messageNotification: a physician's message becomes the latest message notification", () => {
    const message = makeNotification({ _id: 'm', type: 'SEND_MSG_TO_EMPLOYER', conversation: 'c1' });
    const state = reduce(
      undefined,
      notificationReceived({ notification: message, unreadCount: 1 }),
      notificationReceived({
        notification: makeNotification({
          _id: 'acc',
          type: 'INVITE_ACCEPTED',
          conversation: 'c9',
          createdAt: '2026-11-21T10:00:00.000Z',
        }),
        unreadCount: 2,
      }),
    );
    expect(state.messageNotification?._id).toBe('m');
  });
});

describe('notificationToken', () => {
  it('notificationToken: set when this browser is registered for push, cleared when it is removed', () => {
    const subscription = JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/abc' });
    let state = reduce(undefined, notificationTokenSet(subscription));
    expect(state.notificationToken).toBe(subscription);
    state = reduce(state, notificationTokenSet(null));
    expect(state.notificationToken).toBeNull();
  });

  it('fireBaseToken: holds the token the push provider issued', () => {
    expect(reduce(undefined, fireBaseTokenSet('endpoint-1')).fireBaseToken).toBe('endpoint-1');
  });
});

describe('newMessage', () => {
  it('newMessage: raised by a live message and lowered once shown', () => {
    let state = reduce(undefined, newMessageFlagged(true));
    expect(state.newMessage).toBe(true);
    state = reduce(state, newMessageFlagged(false));
    expect(state.newMessage).toBe(false);
  });
});
