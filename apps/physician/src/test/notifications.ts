import type { TPhysicianNotification } from '@medhire/contract/physician-notifications';

export function notification(overrides: Partial<TPhysicianNotification> = {}): TPhysicianNotification {
  return {
    _id: 'notification-1',
    read: false,
    createdAt: '2026-11-25T10:00:00.000Z',
    data: {
      type: 'EMPLOYER_MESSAGE',
      markAsRead: false,
      conversation: 'conversation-1',
      jobId: 'job-1',
      matchId: null,
      alertId: null,
      candidateStatus: null,
    },
    notification: {
      title: 'Lakeside Health wrote to you',
      body: 'Hello doctor',
      image: null,
      icon: null,
    },
    fcmOptions: { link: '/physician/messages?conversationId=conversation-1' },
    ...overrides,
  };
}
