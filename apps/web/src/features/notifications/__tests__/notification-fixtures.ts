import type { TNotification, TNotificationType } from '@medhire/contract/notifications';
import { notificationLink } from '@medhire/contract/notifications';

const TITLES: Record<TNotificationType, string> = {
  EMPLOYEE_REGISTERED: 'A new Cardiology physician joined MedHire',
  APPLY_ON_JOB: 'Dr. Ada Okafor applied to Interventional Cardiologist',
  INVITE_ACCEPTED: 'Dr. Jane Doe accepted your invite',
  INVITE_REJECTED: 'Dr. John Smith declined your invite',
  SEND_MSG_TO_EMPLOYER: 'New message from Dr. Jane Doe',
};

export function makeNotification(
  overrides: Partial<Omit<TNotification, 'data'>> & {
    type?: TNotificationType;
    conversation?: string | null;
    jobId?: string | null;
    physicianId?: string | null;
  } = {},
): TNotification {
  const { type = 'APPLY_ON_JOB', conversation = null, jobId = null, physicianId = null, ...rest } = overrides;
  const data = { type, markAsRead: true, conversation, jobId, physicianId };
  return {
    _id: 'n1',
    read: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    data,
    notification: { title: TITLES[type], body: 'Open MedHire to see more.', image: null, icon: null },
    fcmOptions: { link: notificationLink(data) },
    ...rest,
  };
}
