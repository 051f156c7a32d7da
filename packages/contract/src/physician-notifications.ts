import { z } from 'zod';
import type { TMatchStatus, TPipelineStatus } from './matches.ts';
import { type TCandidateStatus, toCandidateStatus, ZCandidateStatus } from './physicians.ts';

/**
 * A physician's notifications, under /api/employee/notification. They are stored with the
 * employer's (one table, one delivery queue) but are of their own types, with their own links
 * into the physician app, and speak the candidate's words for where an application stands.
 */

/** What a physician hears about (ARCHITECTURE.md: candidates see candidate words, not pipeline internals). */
export const PHYSICIAN_NOTIFICATION_TYPES = [
  /** An employer invited them to a job (a match was created for them). */
  'JOB_INVITE',
  /** An employer wrote to them. */
  'EMPLOYER_MESSAGE',
  /** Where one of their applications stands changed, in candidate words. */
  'APPLICATION_STATUS',
  /** A new job matched one of their job alerts. */
  'JOB_ALERT',
] as const;
export const ZPhysicianNotificationType = z.enum(PHYSICIAN_NOTIFICATION_TYPES);
export type TPhysicianNotificationType = z.infer<typeof ZPhysicianNotificationType>;

/**
 * The candidate word for an employer's pipeline status, the one mapping every physician-facing
 * view and notification uses. Shortlisting is the employer's private sorting, so the physician
 * reads it as "in review"; rejection reads "not selected". Without an application
 * (`pipelineStatus` null) an invite that was cancelled reads "not selected", an accepted one
 * "submitted" (accepting puts the physician in the pipeline), and a pending or declined invite
 * has no candidate status: it is an invitation, not an application.
 */
export function candidateStatusOf(
  pipelineStatus: TPipelineStatus | null | undefined,
  matchStatus?: TMatchStatus | null,
): TCandidateStatus | null {
  if (pipelineStatus) return toCandidateStatus({ pipelineStatus, isWithdrawn: false });
  if (matchStatus === 'accepted') return 'submitted';
  if (matchStatus === 'cancelled') return 'not_selected';
  return null;
}

/** The physician app's route a notification opens (in-app, push click and e-mail alike). */
export function physicianNotificationLink({
  type,
  conversation,
  jobId,
}: {
  type: TPhysicianNotificationType;
  conversation?: string | null;
  jobId?: string | null;
}): string {
  switch (type) {
    case 'JOB_INVITE':
      return '/physician/invites';
    case 'EMPLOYER_MESSAGE':
      return conversation
        ? `/physician/messages?conversationId=${encodeURIComponent(conversation)}`
        : '/physician/messages';
    case 'APPLICATION_STATUS':
      return '/physician/applications';
    case 'JOB_ALERT':
      return jobId ? `/physician/jobs/${encodeURIComponent(jobId)}` : '/physician/jobs';
  }
}

/** One notification as the physician sees it (the employer's shape, with the physician's data). */
export const ZPhysicianNotification = z.object({
  _id: z.string(),
  read: z.boolean(),
  /** ISO time. */
  createdAt: z.string(),
  data: z.object({
    type: ZPhysicianNotificationType,
    markAsRead: z.boolean(),
    conversation: z.string().nullable(),
    jobId: z.string().nullable(),
    matchId: z.string().nullable(),
    alertId: z.string().nullable(),
    /** APPLICATION_STATUS: the new candidate status. */
    candidateStatus: ZCandidateStatus.nullable(),
  }),
  notification: z.object({
    title: z.string(),
    body: z.string(),
    image: z.string().nullable(),
    icon: z.string().nullable(),
  }),
  fcmOptions: z.object({ link: z.string() }),
});
export type TPhysicianNotification = z.infer<typeof ZPhysicianNotification>;

/** `GET /api/employee/notification/get-all-notification?pageSize&pageNumber&unread=true`. */
export const ZPhysicianNotificationsQuery = z.object({
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
export type TPhysicianNotificationsQuery = z.output<typeof ZPhysicianNotificationsQuery>;

export const ZPhysicianNotificationList = z.object({
  notifications: z.array(ZPhysicianNotification),
  unreadCount: z.number().int().min(0),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TPhysicianNotificationList = z.infer<typeof ZPhysicianNotificationList>;

/** `GET /api/employee/notification/unread-count`. */
export const ZUnreadCountData = z.object({ unreadCount: z.number().int().min(0) });
export type TUnreadCountData = z.infer<typeof ZUnreadCountData>;

/** `{notificationId}` of `PATCH /api/employee/notification/mark-as-read/{notificationId}`. */
export const ZPhysicianNotificationParams = z.object({ notificationId: z.string().min(1).max(100) });

export const ZPhysicianMarkReadData = z.object({
  notification: ZPhysicianNotification,
  unreadCount: z.number().int().min(0),
});
export type TPhysicianMarkReadData = z.infer<typeof ZPhysicianMarkReadData>;

/** One type's channels: in-app always; push; e-mail (sent instead of a push the physician cannot get). */
export const ZPhysicianNotificationPreference = z.object({
  type: ZPhysicianNotificationType,
  inApp: z.literal(true),
  push: z.boolean(),
  email: z.boolean(),
});
export type TPhysicianNotificationPreference = z.infer<typeof ZPhysicianNotificationPreference>;

export const ZPhysicianNotificationPreferencesData = z.object({
  preferences: z.array(ZPhysicianNotificationPreference),
});
export type TPhysicianNotificationPreferencesData = z.infer<typeof ZPhysicianNotificationPreferencesData>;

/** `PATCH /api/employee/notification/preferences`: the types to change (others stay). */
export const ZUpdatePhysicianNotificationPreferencesBody = z.object({
  preferences: z
    .array(
      z.object({
        type: ZPhysicianNotificationType,
        push: z.boolean().optional(),
        email: z.boolean().optional(),
      }),
    )
    .min(1, 'Choose at least one notification type.')
    .max(PHYSICIAN_NOTIFICATION_TYPES.length * 2),
});
export type TUpdatePhysicianNotificationPreferencesBody = z.infer<
  typeof ZUpdatePhysicianNotificationPreferencesBody
>;

/** Socket event `onNotification` to the physician's room, like the employer's. */
export const ZPhysicianNotificationSocketPayload = z.object({
  notification: ZPhysicianNotification,
  unreadCount: z.number().int().min(0),
});
export type TPhysicianNotificationSocketPayload = z.infer<typeof ZPhysicianNotificationSocketPayload>;

export const PHYSICIAN_NOTIFICATION_MESSAGES = {
  notFound: 'We could not find that notification.',
  allRead: 'All notifications are marked as read.',
  preferencesSaved: 'Your notification settings are saved.',
  pushSaved: 'This device will get your notifications.',
  pushRemoved: 'This device will no longer get your notifications.',
} as const;
