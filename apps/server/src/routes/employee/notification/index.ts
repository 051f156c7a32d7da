import { ZPushTokenBody, ZPushTokenData } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import { ZMarkAllNotificationsReadData, ZPushPublicKeyData } from '@medhire/contract/notifications';
import {
  PHYSICIAN_NOTIFICATION_MESSAGES,
  ZPhysicianMarkReadData,
  ZPhysicianNotificationList,
  ZPhysicianNotificationParams,
  ZPhysicianNotificationPreferencesData,
  ZPhysicianNotificationsQuery,
  ZUnreadCountData,
  ZUpdatePhysicianNotificationPreferencesBody,
} from '@medhire/contract/physician-notifications';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletePushToken, savePushToken } from '../../../domain/auth/push-tokens.ts';
import {
  countUnreadNotifications,
  getPhysicianNotificationPreferences,
  listPhysicianNotifications,
  markAllNotificationsRead,
  markPhysicianNotificationRead,
  updatePhysicianNotificationPreferences,
} from '../../../domain/notifications/physician-notifications.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee notifications'];

/**
 * /api/employee/notification: the physician's notification centre, push subscriptions and
 * channel settings. Everything is the signed-in physician's own, so no path names a user.
 */
const employeeNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-all-notification',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'The physician’s notifications, newest first, paged, with the unread count',
        querystring: ZPhysicianNotificationsQuery,
        response: { 200: ok(ZPhysicianNotificationList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        data: await listPhysicianNotifications({ db: app.db, userId, query: request.query }),
      };
    },
  );

  app.get(
    '/unread-count',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'How many notifications are unread (the bell’s badge)',
        response: { 200: ok(ZUnreadCountData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        data: { unreadCount: await countUnreadNotifications(app.db, userId) },
      };
    },
  );

  app.patch(
    '/mark-as-read/:notificationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Mark one notification read',
        params: ZPhysicianNotificationParams,
        response: { 200: ok(ZPhysicianMarkReadData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        data: await markPhysicianNotificationRead({
          db: app.db,
          userId,
          notificationId: request.params.notificationId,
        }),
      };
    },
  );

  app.patch(
    '/mark-all-as-read',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Mark every notification read',
        response: { 200: ok(ZMarkAllNotificationsReadData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        message: PHYSICIAN_NOTIFICATION_MESSAGES.allRead,
        data: await markAllNotificationsRead({ db: app.db, userId }),
      };
    },
  );

  app.get(
    '/preferences',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Channels per notification type (in-app always; push; e-mail instead of a push)',
        response: { 200: ok(ZPhysicianNotificationPreferencesData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return { success: true as const, data: await getPhysicianNotificationPreferences(app.db, userId) };
    },
  );

  app.patch(
    '/preferences',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Change the channels of the types named; the others stay',
        body: ZUpdatePhysicianNotificationPreferencesBody,
        response: { 200: ok(ZPhysicianNotificationPreferencesData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        message: PHYSICIAN_NOTIFICATION_MESSAGES.preferencesSaved,
        data: await updatePhysicianNotificationPreferences({ db: app.db, userId, body: request.body }),
      };
    },
  );

  app.post(
    '/save-push-subscription',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary:
          "Register this browser's push subscription (PushSubscription JSON; allow-listed push services)",
        body: ZPushTokenBody,
        response: { 200: ok(ZPushTokenData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        message: PHYSICIAN_NOTIFICATION_MESSAGES.pushSaved,
        data: await savePushToken({
          db: app.db,
          userId,
          value: request.body.value,
          allowedHosts: app.config.pushAllowedHosts,
        }),
      };
    },
  );

  app.delete(
    '/delete-push-subscription',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "Remove this browser's push subscription",
        body: ZPushTokenBody,
        response: { 200: ok(ZPushTokenData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      return {
        success: true as const,
        message: PHYSICIAN_NOTIFICATION_MESSAGES.pushRemoved,
        data: await deletePushToken({
          db: app.db,
          userId,
          value: request.body.value,
          allowedHosts: app.config.pushAllowedHosts,
        }),
      };
    },
  );

  app.get(
    '/push-public-key',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'The VAPID public key browsers subscribe to push with',
        response: { 200: ok(ZPushPublicKeyData), ...PHYSICIAN_FAILURES },
      },
    },
    async () => ({ success: true as const, data: { publicKey: app.config.vapid.publicKey } }),
  );
};

export default employeeNotificationRoutes;
