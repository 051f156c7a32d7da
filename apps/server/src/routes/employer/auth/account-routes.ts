import { ZUser } from '@medhire/contract/account';
import {
  ZPushTokenBody,
  ZPushTokenData,
  ZUpdateCandidatePreferenceBody,
  ZUpdateCurrentProfileStepBody,
  ZUpdateFullNameBody,
  ZUpdatePreferenceProbesBody,
  ZUserIdParams,
} from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deletePushToken, savePushToken } from '../../../domain/auth/push-tokens.ts';
import {
  updateCandidatePreferences,
  updateCurrentProfileStep,
  updateFullName,
  updatePreferenceProbes,
} from '../../../domain/auth/update-account.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';
import { FAILURES, SESSION_SECURITY } from './route-options.ts';

/** Calls on the signed-in employer's own account; every `{id}` must be the caller's. */
const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.patch(
    '/v1/update-current-profile-step/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Remember how far onboarding got',
        params: ZUserIdParams,
        body: ZUpdateCurrentProfileStepBody,
        response: { 200: ok(ZUser), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        data: await updateCurrentProfileStep({ db: app.db, userId, ...request.body }),
      };
    },
  );

  app.patch(
    '/v1/update-full-name/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: "Set the signed-in person's own name",
        params: ZUserIdParams,
        body: ZUpdateFullNameBody,
        response: { 200: ok(ZUser), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: 'Your name is saved.',
        data: await updateFullName({ db: app.db, userId, ...request.body }),
      };
    },
  );

  app.patch(
    '/v1/update-preference-probes/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Store would-you-rather answers',
        params: ZUserIdParams,
        body: ZUpdatePreferenceProbesBody,
        response: { 200: ok(ZUser), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: 'Your answers are saved.',
        data: await updatePreferenceProbes({ db: app.db, userId, ...request.body }),
      };
    },
  );

  app.patch(
    '/v1/update-candidate-preference/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: 'Store the candidate preferences',
        params: ZUserIdParams,
        body: ZUpdateCandidatePreferenceBody,
        response: { 200: ok(ZUser), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: 'Your candidate preferences are saved.',
        data: await updateCandidatePreferences({ db: app.db, userId, ...request.body }),
      };
    },
  );

  app.patch(
    '/save-fcm-token/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: "Register this browser's push subscription (PushSubscription JSON)",
        params: ZUserIdParams,
        body: ZPushTokenBody,
        response: { 200: ok(ZPushTokenData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
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
    '/delete-fcm-token/:id',
    {
      schema: {
        tags: ['employer auth'],
        security: SESSION_SECURITY,
        summary: "Remove this browser's push subscription",
        params: ZUserIdParams,
        body: ZPushTokenBody,
        response: { 200: ok(ZPushTokenData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        data: await deletePushToken({
          db: app.db,
          userId,
          value: request.body.value,
          allowedHosts: app.config.pushAllowedHosts,
        }),
      };
    },
  );
};

export default accountRoutes;
