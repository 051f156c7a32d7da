import {
  ZConversationSyncData,
  ZConversationSyncQuery,
  ZSendMessageBody,
} from '@medhire/contract/conversations';
import { ok, ZPageQuery } from '@medhire/contract/envelope';
import {
  ZPhysicianConversationPage,
  ZPhysicianConversationPageQuery,
  ZPhysicianConversationReadData,
} from '@medhire/contract/physician-conversations';
import {
  ZConversationIdParams,
  ZPhysicianConversationList,
  ZPhysicianSentMessage,
} from '@medhire/contract/physicians';
import { SOCKET_EVENTS } from '@medhire/contract/socket-events';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getPhysicianConversation,
  markPhysicianConversationRead,
} from '../../../domain/conversations/get-physician-conversation.ts';
import { listOwnConversations } from '../../../domain/conversations/list-physician-conversations.ts';
import { sendPhysicianMessage } from '../../../domain/conversations/send-physician-message.ts';
import { syncConversations } from '../../../domain/conversations/sync-conversations.ts';
import { queueNotificationDelivery } from '../../../domain/notifications/notify.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { userRoom } from '../../../sockets/authenticate-socket.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee conversations'];

/** /api/employee/conversation: the physician's conversations with employers. */
const employeeConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-all-conversation',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's conversations, most recent first, with their latest messages",
        querystring: ZPageQuery,
        response: { 200: ok(ZPhysicianConversationList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listOwnConversations({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-conversation/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary:
          'One conversation: its header and a page of messages older than beforeSeq (newest page when absent), oldest first, with hasMore; opening the newest page marks it read',
        params: ZConversationIdParams,
        querystring: ZPhysicianConversationPageQuery,
        response: { 200: ok(ZPhysicianConversationPage), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { physicianId, userId } = requirePhysician(request);
      return {
        success: true as const,
        data: await getPhysicianConversation({
          db: app.db,
          physicianId,
          userId,
          conversationId: request.params.conversationId,
          query: request.query,
        }),
      };
    },
  );

  app.patch(
    '/mark-as-read/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Mark the conversation read: its unread count and its message notifications',
        params: ZConversationIdParams,
        response: { 200: ok(ZPhysicianConversationReadData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { physicianId, userId } = requirePhysician(request);
      return {
        success: true as const,
        data: await markPhysicianConversationRead({
          db: app.db,
          physicianId,
          userId,
          conversationId: request.params.conversationId,
        }),
      };
    },
  );

  app.get(
    '/sync',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary:
          "Every change of the physician's conversations after a cursor (messages, deletions, read markers), in order, paged",
        querystring: ZConversationSyncQuery,
        response: { 200: ok(ZConversationSyncData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await syncConversations({
        db: app.db,
        reader: { physicianId: requirePhysician(request).physicianId },
        since: request.query.since,
        pageSize: request.query.pageSize,
      }),
    }),
  );

  app.post(
    '/send-message/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Send a message to the employer; a retry with the same tempMsgId answers the stored message',
        params: ZConversationIdParams,
        body: ZSendMessageBody,
        response: { 200: ok(ZPhysicianSentMessage), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => {
      const { isNew, employerUserIds, liveNotifications, queuedNotificationIds, ...sent } =
        await sendPhysicianMessage({
          db: app.db,
          batcher: app.sendBatcher,
          physicianId: requirePhysician(request).physicianId,
          conversationId: request.params.conversationId,
          body: request.body.body,
          tempMsgId: request.body.tempMsgId,
        });
      // One emit to every member's room: the packet is encoded (and, with Redis, published) once
      // for the whole organisation instead of once per member.
      if (isNew && employerUserIds.length > 0)
        app.io.to(employerUserIds.map(userRoom)).emit('onMessage', sent);
      for (const { userId, payload } of liveNotifications) {
        app.io.to(userRoom(userId)).emit(SOCKET_EVENTS.onNotification, payload);
      }
      await queueNotificationDelivery({
        db: app.db,
        notificationIds: queuedNotificationIds,
        log: request.log,
      });
      return { success: true as const, data: sent };
    },
  );
};

export default employeeConversationRoutes;
