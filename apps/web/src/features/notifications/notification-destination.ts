import type { TNotificationType } from '@medhire/contract/notifications';

/** Where clicking a notification takes the employer (spec §2). */
export function notificationDestination(type: TNotificationType, conversationId?: string): string {
  switch (type) {
    case 'EMPLOYEE_REGISTERED':
      return '/home';
    case 'APPLY_ON_JOB':
    case 'INVITE_REJECTED':
      return '/jobs-resident';
    case 'INVITE_ACCEPTED':
      return '/messages';
    case 'SEND_MSG_TO_EMPLOYER':
      return conversationId ? `/messages?conversationId=${encodeURIComponent(conversationId)}` : '/messages';
  }
}
