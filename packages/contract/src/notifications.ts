import { z } from 'zod';

/** Events that notify an employer (spec §2, ARCHITECTURE.md). */
export const NOTIFICATION_TYPES = [
  'EMPLOYEE_REGISTERED',
  'APPLY_ON_JOB',
  'INVITE_ACCEPTED',
  'INVITE_REJECTED',
  'SEND_MSG_TO_EMPLOYER',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;

/**
 * One notification as the employer sees it: the spec's push payload shape (§3 "Notification")
 * plus its id, read state and creation time, and the job and physician it is about.
 * `fcmOptions.link` is the route a click opens: see notificationLink.
 */
export const ZNotification = z.object({
  _id: z.string(),
  read: z.boolean(),
  /** ISO time. */
  createdAt: z.string(),
  data: z.object({
    type: ZNotificationType,
    /** Whether opening it should mark it read (always true for the employer's notifications). */
    markAsRead: z.boolean(),
    /** The conversation a message or accepted-invite notification belongs to, else null. */
    conversation: z.string().nullable(),
    /** The job an application or invite answer is about, else null. */
    jobId: z.string().nullable(),
    /** The physician who applied or answered the invite, else null. */
    physicianId: z.string().nullable(),
  }),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.string().nullable(),
    icon: z.string().nullable(),
  }),
  fcmOptions: z.object({ link: z.string() }),
});
export type TNotification = z.infer<typeof ZNotification>;

/** What a notification's route is made of: its type and the ids its payload names. */
export interface NotificationTarget {
  type: TNotificationType;
  conversation?: string | null;
  jobId?: string | null;
  physicianId?: string | null;
}

/** The query parameter of a job page that brings one applicant into view. */
export const APPLICANT_IN_VIEW_PARAM = 'applicant';

/** The job's page (still under the spec's /jobs-resident), with the physician in view when named. */
function jobPageLink(jobId: string, physicianId: string | null | undefined, tab?: string): string {
  const query = new URLSearchParams();
  if (tab) query.set('tab', tab);
  if (physicianId) query.set(APPLICANT_IN_VIEW_PARAM, physicianId);
  const search = query.toString();
  return `/jobs-resident/${encodeURIComponent(jobId)}${search ? `?${search}` : ''}`;
}

function conversationLink(conversation: string | null | undefined): string {
  return conversation ? `/messages?conversationId=${encodeURIComponent(conversation)}` : '/messages';
}

/**
 * The route a notification opens, as precisely as its payload allows. The spec's mapping (§2) is
 * the fallback when the payload names nothing more: EMPLOYEE_REGISTERED → /home, APPLY_ON_JOB and
 * INVITE_REJECTED → /jobs-resident, INVITE_ACCEPTED → /messages, SEND_MSG_TO_EMPLOYER →
 * /messages?conversationId=<conversation>. With a job, a new application opens that job's page
 * with the applicant in view (`?applicant=<physicianId>`) and a declined invite opens the job's
 * invites; an accepted invite opens its conversation. In-app clicks, push clicks and the e-mail
 * digest all use this one function.
 */
export function notificationLink({ type, conversation, jobId, physicianId }: NotificationTarget): string {
  switch (type) {
    case 'EMPLOYEE_REGISTERED':
      return '/home';
    case 'APPLY_ON_JOB':
      return jobId ? jobPageLink(jobId, physicianId) : '/jobs-resident';
    case 'INVITE_REJECTED':
      return jobId ? jobPageLink(jobId, physicianId, 'invites') : '/jobs-resident';
    case 'INVITE_ACCEPTED':
    case 'SEND_MSG_TO_EMPLOYER':
      return conversationLink(conversation);
  }
}

/** `{id}` of the user-scoped notification calls: the signed-in user's own id. */
export const ZNotificationUserParams = z.object({ id: z.string().min(1).max(100) });
/** `{id}` of `PATCH /notification/{id}/mark-as-read-notification`: the notification's id. */
export const ZNotificationIdParams = z.object({ id: z.string().min(1).max(100) });
/** `PATCH /notification/{id}/mark-as-read-conversation-notification/{conversationId}` */
export const ZNotificationConversationParams = z.object({
  id: z.string().min(1).max(100),
  conversationId: z.string().min(1).max(100),
});

/**
 * `GET /api/employer/notification/get-all-notification/{id}?pageSize&pageNumber&unread=true`:
 * the user's notifications newest first; `unread=true` keeps the unread ones.
 */
export const ZGetAllNotificationsQuery = z.object({
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number.' })
    .int('pageSize must be a whole number.')
    .min(1, 'pageSize must be at least 1.')
    .max(100, 'pageSize can be at most 100.')
    .default(20),
  pageNumber: z.coerce
    .number({ error: 'pageNumber must be a number.' })
    .int('pageNumber must be a whole number.')
    .min(1, 'pageNumber must be at least 1.')
    .default(1),
  unread: z
    .enum(['true', 'false'], { message: 'Use true or false.' })
    .optional()
    .transform((value) => value === 'true'),
});
export type TGetAllNotificationsQuery = z.input<typeof ZGetAllNotificationsQuery>;
export type TGetAllNotificationsQueryParsed = z.output<typeof ZGetAllNotificationsQuery>;

/** `data` of get-all-notification. `total` counts what the filter matches; unreadCount all unread. */
export const ZNotificationListData = z.object({
  notifications: z.array(ZNotification),
  unreadCount: z.number().int().min(0),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TNotificationListData = z.infer<typeof ZNotificationListData>;

/** `PATCH /notification/mark-as-read-notification/{id}` ({id} = user): everything read. */
export const ZMarkAllNotificationsReadData = z.object({
  unreadCount: z.literal(0),
  /** How many notifications went from unread to read. */
  updated: z.number().int().min(0),
});
export type TMarkAllNotificationsReadData = z.infer<typeof ZMarkAllNotificationsReadData>;

/** `PATCH /notification/{id}/mark-as-read-notification` ({id} = notification). */
export const ZMarkNotificationReadData = z.object({
  notification: ZNotification,
  unreadCount: z.number().int().min(0),
});
export type TMarkNotificationReadData = z.infer<typeof ZMarkNotificationReadData>;

/** `PATCH /notification/{id}/mark-as-read-conversation-notification/{conversationId}` ({id} = user). */
export const ZMarkConversationNotificationsReadData = z.object({
  unreadCount: z.number().int().min(0),
  updated: z.number().int().min(0),
});
export type TMarkConversationNotificationsReadData = z.infer<typeof ZMarkConversationNotificationsReadData>;

/** One type's channels. In-app is always on; push and the e-mail digest default to on. */
export const ZNotificationPreference = z.object({
  type: ZNotificationType,
  inApp: z.literal(true),
  push: z.boolean(),
  email: z.boolean(),
});
export type TNotificationPreference = z.infer<typeof ZNotificationPreference>;

/** `GET` / `PATCH /api/employer/notification/preferences/{id}` → data (every type, in NOTIFICATION_TYPES order). */
export const ZNotificationPreferencesData = z.object({ preferences: z.array(ZNotificationPreference) });
export type TNotificationPreferencesData = z.infer<typeof ZNotificationPreferencesData>;

/** `PATCH /api/employer/notification/preferences/{id}` body: the types to change (others stay). */
export const ZUpdateNotificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        type: ZNotificationType,
        push: z.boolean().optional(),
        email: z.boolean().optional(),
      }),
    )
    .min(1, 'Choose at least one notification type.')
    .max(NOTIFICATION_TYPES.length * 2),
});
export type TUpdateNotificationPreferencesBody = z.infer<typeof ZUpdateNotificationPreferencesBody>;

/**
 * `GET` / `PATCH /api/employer/notification/weekly-summary/{id}`: the weekly hiring summary
 * e-mail (Mondays, last week's figures) that owners and admins get unless they turn it off.
 */
export const ZWeeklySummarySetting = z.object({
  /** Whether the member's role gets the summary at all (owner or admin). */
  isEligible: z.boolean(),
  /** Whether the member wants it (on unless turned off). */
  isEnabled: z.boolean(),
});
export type TWeeklySummarySetting = z.infer<typeof ZWeeklySummarySetting>;

export const ZUpdateWeeklySummaryBody = z.object({
  isEnabled: z.boolean({ error: 'Say whether you want the weekly summary: true or false.' }),
});
export type TUpdateWeeklySummaryBody = z.infer<typeof ZUpdateWeeklySummaryBody>;

/** `GET /api/employer/notification/push-public-key` → data: the VAPID public key (base64url). */
export const ZPushPublicKeyData = z.object({ publicKey: z.string() });
export type TPushPublicKeyData = z.infer<typeof ZPushPublicKeyData>;

/**
 * `GET|POST /api/employer/notification/unsubscribe-digest?token=…`: no sign-in, a signed token
 * from the digest e-mail; turns the e-mail digest off for every type and answers a small HTML page.
 */
export const ZUnsubscribeDigestQuery = z.object({ token: z.string().min(1).max(2000) });

/** Socket event sent to the user's room (`user:<id>`) for each new notification. */
export const ZNotificationSocketPayload = z.object({
  notification: ZNotification,
  unreadCount: z.number().int().min(0),
});
export type TNotificationSocketPayload = z.infer<typeof ZNotificationSocketPayload>;

/** Messages of the notification routes, shown to people. */
export const NOTIFICATION_MESSAGES = {
  notFound: 'We could not find that notification.',
  allRead: 'All notifications are marked as read.',
  preferencesSaved: 'Your notification settings are saved.',
  digestUnsubscribed: 'You will no longer receive the notification digest e-mail.',
  invalidUnsubscribeToken: 'This unsubscribe link is not valid.',
  weeklySummarySaved: 'Your weekly summary setting is saved.',
  weeklySummaryUnsubscribed: 'You will no longer receive the weekly hiring summary e-mail.',
} as const;
