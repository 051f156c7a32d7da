import { ZUserIdParams } from '@medhire/contract/applicants';
import {
  CONVERSATION_MESSAGES,
  ZArchiveConversationBody,
  ZArchiveConversationData,
  ZConversation,
  ZConversationIdParams,
  ZConversationListData,
  ZConversationMessageParams,
  ZConversationSyncData,
  ZConversationSyncQuery,
  ZDeleteMessageData,
  ZGetAllConversationsQuery,
  ZGetSingleConversationQuery,
  ZSendEmployerMessageBody,
  ZSendMessageData,
  ZStartConversationData,
  ZStartConversationParams,
} from '@medhire/contract/conversations';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { archiveEmployerConversation } from '../../../domain/conversations/archive-employer-conversation.ts';
import { deleteEmployerMessage } from '../../../domain/conversations/delete-employer-message.ts';
import { getEmployerConversation } from '../../../domain/conversations/get-employer-conversation.ts';
import { listEmployerConversations } from '../../../domain/conversations/list-employer-conversations.ts';
import { sendEmployerMessage } from '../../../domain/conversations/send-employer-message.ts';
import { startEmployerConversation } from '../../../domain/conversations/start-employer-conversation.ts';
import { syncConversations } from '../../../domain/conversations/sync-conversations.ts';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { assertOwnUser, requireAccount } from '../../../plugins/auth.ts';
import { userRoom } from '../../../sockets/authenticate-socket.ts';

const TAGS = ['employer conversations'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

function ownerOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/** /api/employer/conversation: the organisation's conversations with physicians (spec §7). */
const employerConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-all-conversation/:userId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The organisation’s conversations, newest activity first, each with its last message',
        params: ZUserIdParams,
        querystring: ZGetAllConversationsQuery,
        response: { 200: ok(ZConversationListData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId, organizationId, memberRole } = assertOwnUser(request, request.params.userId);
      return {
        success: true as const,
        data: await listEmployerConversations({
          db: app.db,
          owner: { userId, organizationId, memberRole },
          query: request.query,
        }),
      };
    },
  );

  app.get(
    '/get-single-conversation/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'One conversation with a page of its messages (newest page, beforeSeq backwards, afterSeq forwards), oldest first; opening it marks it read',
        params: ZConversationIdParams,
        querystring: ZGetSingleConversationQuery,
        response: { 200: ok(ZConversation), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getEmployerConversation({
        db: app.db,
        owner: ownerOf(request),
        conversationId: request.params.conversationId,
        query: request.query,
      }),
    }),
  );

  app.post(
    '/start-conversation/:applicationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Open the conversation with a physician who applied to one of your jobs, about that job, without spending an invite; answers the one already open for that job and physician',
        params: ZStartConversationParams,
        response: { 200: ok(ZStartConversationData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await startEmployerConversation({
        db: app.db,
        owner: ownerOf(request),
        applicationId: request.params.applicationId,
      }),
    }),
  );

  app.get(
    '/sync',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Every change of the organisation’s conversations after a cursor (messages, deletions, read markers, archive changes), in order, paged',
        querystring: ZConversationSyncQuery,
        response: { 200: ok(ZConversationSyncData), ...FAILURES },
      },
    },
    async (request) => {
      const { organizationId, userId, memberRole } = ownerOf(request);
      const { since, pageSize } = request.query;
      return {
        success: true as const,
        data: organizationId
          ? await syncConversations({
              db: app.db,
              reader: { organizationId, delegateUserId: memberRole === 'delegate' ? userId : undefined },
              since,
              pageSize,
            })
          : { changes: [], nextCursor: since, hasMore: false },
      };
    },
  );

  app.patch(
    '/archive/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Archive a conversation (archived true) or bring it back to the inbox (false)',
        params: ZConversationIdParams,
        body: ZArchiveConversationBody,
        response: { 200: ok(ZArchiveConversationData), ...FAILURES },
      },
    },
    async (request) => {
      const result = await archiveEmployerConversation({
        db: app.db,
        owner: ownerOf(request),
        conversationId: request.params.conversationId,
        archived: request.body.archived,
      });
      return {
        success: true as const,
        message: result.isArchived ? CONVERSATION_MESSAGES.archived : CONVERSATION_MESSAGES.unarchived,
        data: result,
      };
    },
  );

  app.post(
    '/send-message/:conversationId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Send a message to the physician, or a message template (templateId) rendered by the server, refused (422) when a variable would be empty; a retry with the same tempMsgId answers the stored message',
        params: ZConversationIdParams,
        body: ZSendEmployerMessageBody,
        response: { 200: ok(ZSendMessageData), ...FAILURES, 422: ZFailure },
      },
    },
    async (request) => {
      const { isNew, physicianUserId, conversationId, message } = await sendEmployerMessage({
        db: app.db,
        batcher: app.sendBatcher,
        owner: ownerOf(request),
        conversationId: request.params.conversationId,
        body: request.body.body,
        tempMsgId: request.body.tempMsgId,
        templateId: request.body.templateId,
        log: request.log,
      });
      if (isNew) app.io.to(userRoom(physicianUserId)).emit('onMessage', { conversationId, message });
      return { success: true as const, data: message };
    },
  );

  app.delete(
    '/delete-message/:conversationId/:messageId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Delete one of the organisation’s own messages; it stays in the conversation, marked deleted',
        params: ZConversationMessageParams,
        response: { 200: ok(ZDeleteMessageData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The message is deleted.',
      data: await deleteEmployerMessage({
        db: app.db,
        owner: ownerOf(request),
        conversationId: request.params.conversationId,
        messageId: request.params.messageId,
      }),
    }),
  );
};

export default employerConversationRoutes;
