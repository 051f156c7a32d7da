import { ZSession } from '@medhire/contract/account';
import { ZRegisterBody, ZRegisterData, ZVerifyOtpBody } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerAccount, verifyRegistration } from '../../../domain/auth/register-account.ts';
import { FAILURES, limitPerIp, userAgentOf } from './route-options.ts';

const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/v1/register',
    {
      config: limitPerIp(10),
      schema: {
        tags: ['employer auth'],
        summary: 'Create a pending employer account and e-mail it a 6-digit code',
        body: ZRegisterBody,
        response: { 200: ok(ZRegisterData), ...FAILURES },
      },
    },
    async (request) => {
      const data = await registerAccount({ context: app.authContext, ...request.body });
      return { success: true as const, message: `We sent a 6-digit code to ${data.email}.`, data };
    },
  );

  app.post(
    '/v1/verify-otp',
    {
      config: limitPerIp(20),
      schema: {
        tags: ['employer auth'],
        summary: 'Confirm the e-mail with its code; answers a session',
        body: ZVerifyOtpBody,
        response: { 200: ok(ZSession), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await verifyRegistration({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      }),
    }),
  );
};

export default registrationRoutes;
