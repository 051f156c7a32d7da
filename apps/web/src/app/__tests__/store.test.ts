import { notifyInfo } from '@medhire/ui/toast.ts';
import { describe, expect, it, vi } from 'vitest';
import { conversationOpened, liveMessageReceived } from '../../features/conversations/conversations-slice.ts';
import { NEW_MESSAGE_TOAST, startSignedInState } from '../signed-in-state.ts';
import { createAppStore } from '../store.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyInfo: vi.fn(),
}));

describe('app store', () => {
  it('holds the state shape of spec §3', () => {
    const state = createAppStore().getState();
    expect(state.organizations).toBeNull();
    expect(state.layout).toEqual({ toggle: true });
    expect(state.subscription).toEqual({ userSubscription: {} });
    expect(state.utility.metaData).toBeNull();
    expect(state.matches).toEqual({ matchesByJob: { matches: [] }, allMatches: [] });
    expect(state.notifications).toEqual({
      notifications: [],
      // Not in spec §3: the bell's count, unknown until the server answers.
      unreadCount: null,
      matchNotification: null,
      conversationNotification: null,
      messageNotification: null,
      notificationToken: null,
      fireBaseToken: null,
      newMessage: false,
    });
  });

  it("live new message sets newMessage and shows the toast 'New message recieved.'", () => {
    const store = createAppStore();
    startSignedInState(store);
    store.dispatch(
      conversationOpened({
        _id: 'c1',
        messages: [],
        lastMessage: null,
        employerCount: 0,
        applicant: { _id: 'p1', fullName: 'Dr. Ada Byrne', photo: null, specialty: 'Family Medicine' },
        job: null,
        matchId: null,
        isArchived: false,
        updatedAt: '2026-11-20T10:00:00.000Z',
      }),
    );

    store.dispatch(
      liveMessageReceived({
        conversationId: 'c1',
        message: {
          _id: 'm1',
          body: 'Happy to talk on Tuesday.',
          status: 2,
          sentTime: '2026-11-20T10:00:00.000Z',
          sender: 'employee',
          isDeleted: false,
          chatId: 'c1',
        },
      }),
    );

    expect(store.getState().notifications.newMessage).toBe(true);
    expect(store.getState().conversations.activeConversation?.messages).toHaveLength(1);
    expect(notifyInfo).toHaveBeenCalledWith('New message recieved.');
    expect(NEW_MESSAGE_TOAST).toBe('New message recieved.');
  });
});
