import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  NOTIFICATION_MESSAGES,
  ZGetAllNotificationsQuery,
  ZMarkAllNotificationsReadData,
  ZMarkConversationNotificationsReadData,
  ZMarkNotificationReadData,
  ZNotificationConversationParams,
  ZNotificationIdParams,
  ZNotificationListData,
  ZNotificationPreferencesData,
  ZNotificationUserParams,
  ZPushPublicKeyData,
  ZUpdateNotificationPreferencesBody,
  ZUpdateWeeklySummaryBody,
  ZWeeklySummarySetting,
} from '@medhire/contract/notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listNotifications } from '../../../domain/notifications/list-notifications.ts';
import {
  markAllNotificationsRead,
  markConversationNotificationsRead,
  markNotificationRead,
} from '../../../domain/notifications/mark-notifications-read.ts';
import {
  getNotificationPreferences,
  updateNotificationPreferences,
} from '../../../domain/notifications/notification-preferences.ts';
import {
  getWeeklySummarySetting,
  setWeeklySummaryEnabled,
} from '../../../domain/notifications/weekly-summary-setting.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer notifications'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

/**
 * /api/employer/notification: the notification centre, its settings and the push key (spec §7).
 * The digest's unsubscribe link (no sign-in) is unsubscribe-digest-routes.ts, same prefix.
 */
const employerNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-all-notification/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The user’s notifications, newest first, paged, with the unread count',
        params: ZNotificationUserParams,
        querystring: ZGetAllNotificationsQuery,
        response: { 200: ok(ZNotificationListData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        data: await listNotifications({ db: app.db, userId, query: request.query }),
      };
    },
  );

  app.patch(
    '/mark-as-read-notification/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Mark all of the user’s notifications read',
        params: ZNotificationUserParams,
        response: { 200: ok(ZMarkAllNotificationsReadData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return { success: true as const, data: await markAllNotificationsRead({ db: app.db, userId }) };
    },
  );

  app.patch(
    '/:id/mark-as-read-notification',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Mark one notification read',
        params: ZNotificationIdParams,
        response: { 200: ok(ZMarkNotificationReadData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = requireAccount(request);
      return {
        success: true as const,
        data: await markNotificationRead({ db: app.db, userId, notificationId: request.params.id }),
      };
    },
  );

  app.patch(
    '/:id/mark-as-read-conversation-notification/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Mark the user’s notifications of one conversation read',
        params: ZNotificationConversationParams,
        response: { 200: ok(ZMarkConversationNotificationsReadData), ...FAILURES },
      },
    },
    async (request) => {
      const owner = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        data: await markConversationNotificationsRead({
          db: app.db,
          owner,
          conversationId: request.params.conversationId,
        }),
      };
    },
  );

  app.get(
    '/preferences/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The user’s channels per notification type',
        params: ZNotificationUserParams,
        response: { 200: ok(ZNotificationPreferencesData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return { success: true as const, data: await getNotificationPreferences(app.db, userId) };
    },
  );

  app.patch(
    '/preferences/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Turn push or the e-mail digest on or off per notification type',
        params: ZNotificationUserParams,
        body: ZUpdateNotificationPreferencesBody,
        response: { 200: ok(ZNotificationPreferencesData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: NOTIFICATION_MESSAGES.preferencesSaved,
        data: await updateNotificationPreferences({ db: app.db, userId, body: request.body }),
      };
    },
  );

  app.get(
    '/weekly-summary/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Whether the member gets the weekly hiring summary e-mail (owners and admins)',
        params: ZNotificationUserParams,
        response: { 200: ok(ZWeeklySummarySetting), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return { success: true as const, data: await getWeeklySummarySetting(app.db, userId) };
    },
  );

  app.patch(
    '/weekly-summary/:id',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Turn the weekly hiring summary e-mail on or off',
        params: ZNotificationUserParams,
        body: ZUpdateWeeklySummaryBody,
        response: { 200: ok(ZWeeklySummarySetting), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: NOTIFICATION_MESSAGES.weeklySummarySaved,
        data: await setWeeklySummaryEnabled({ db: app.db, userId, isEnabled: request.body.isEnabled }),
      };
    },
  );

  app.get(
    '/push-public-key',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The VAPID public key browsers subscribe to push with',
        response: { 200: ok(ZPushPublicKeyData), ...FAILURES },
      },
    },
    async () => ({ success: true as const, data: { publicKey: app.config.vapid.publicKey } }),
  );
};

export default employerNotificationRoutes;
