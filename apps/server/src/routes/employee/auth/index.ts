import { ZVerifyOtpBody } from '@medhire/contract/auth';
import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZExchangeCodeData, ZExchangeCodeParams, ZExchangeCodeQuery } from '@medhire/contract/oidc';
import {
  PHYSICIAN_ACCOUNT_MESSAGES,
  ZPhysicianRegisterData,
  ZPhysicianResendOtpBody,
} from '@medhire/contract/physician-account';
import { ZPhysicianLoginBody, ZPhysicianRegisterBody, ZPhysicianSession } from '@medhire/contract/physicians';
import { SECURITY_MESSAGES, ZSecondStepChallenge } from '@medhire/contract/security';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBrowserBinding } from '../../../domain/auth/oidc/browser-binding.ts';
import { completeOidcLogin } from '../../../domain/auth/oidc/complete-oidc-login.ts';
import { requireOidcProvider } from '../../../domain/auth/oidc/oidc-provider-client.ts';
import { signOut } from '../../../domain/auth/sign-out.ts';
import {
  registerPhysician,
  resendPhysicianCode,
  verifyPhysicianRegistration,
} from '../../../domain/physicians/account/register-physician.ts';
import { signInPhysician } from '../../../domain/physicians/sign-in-physician.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { disconnectSession } from '../../../sockets/disconnect-sessions.ts';
import { deviceRoutes } from '../../employer/auth/device-routes.ts';
import { oidcSignInRoutes } from '../../employer/auth/oidc-routes.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY, userAgentOf } from '../../employer/auth/route-options.ts';
import accountRoutes from './account-routes.ts';
import securityRoutes from './security-routes.ts';

const TAGS = ['employee auth'];

/** /api/employee/auth/v1/oidc: the physician app's professional-network sign-in. */
const physicianOidcRoutes = oidcSignInRoutes({
  accountKind: 'physician',
  authorizePath: '/api/employee/auth/v1/oidc/authorize',
  tags: TAGS,
  audience: ' to the physician app',
});

/**
 * /api/employee/auth: physician accounts (sign-up confirmed by an e-mailed code, sign in, sign
 * out; recovery and account settings in account-routes.ts), and professional-network sign-in:
 * the physician app's start, and the code exchange of both apps, as the spec names it.
 */
const employeeAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(securityRoutes);
  await app.register(physicianOidcRoutes, { prefix: '/v1/oidc' });
  await app.register(deviceRoutes({ accountKind: 'physician', tags: TAGS }));
  app.post(
    '/register',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Create a physician account and e-mail it a 6-digit code; the code signs it in',
        body: ZPhysicianRegisterBody,
        response: { 200: ok(ZPhysicianRegisterData), ...FAILURES },
      },
    },
    async (request) => {
      const data = await registerPhysician({ context: app.authContext, ...request.body });
      return { success: true as const, message: PHYSICIAN_ACCOUNT_MESSAGES.codeSent(data.email), data };
    },
  );

  app.post(
    '/verify-otp',
    {
      config: limitPerIp(20),
      schema: {
        tags: TAGS,
        summary: 'Confirm the e-mail with its sign-up code; answers a session',
        body: ZVerifyOtpBody,
        response: { 200: ok(ZPhysicianSession), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Welcome to MedHire. Complete your profile to apply to jobs.',
      data: await verifyPhysicianRegistration({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      }),
    }),
  );

  app.post(
    '/resend-otp',
    {
      config: limitPerIp(10),
      schema: {
        tags: TAGS,
        summary: 'E-mail a new sign-up code; the answer is the same whether or not the e-mail waits for one',
        body: ZPhysicianResendOtpBody,
        response: { 200: ok(ZPhysicianRegisterData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: PHYSICIAN_ACCOUNT_MESSAGES.resendSent,
      data: await resendPhysicianCode({ context: app.authContext, email: request.body.email }),
    }),
  );

  app.post(
    '/login',
    {
      config: limitPerIp(30),
      schema: {
        tags: TAGS,
        summary:
          'Sign in to a physician account with e-mail and password: the session, or, when the account has a second factor on, the ticket of the second step',
        body: ZPhysicianLoginBody,
        response: { 200: ok(z.union([ZPhysicianSession, ZSecondStepChallenge])), ...FAILURES },
      },
    },
    async (request) => {
      const data = await signInPhysician({
        context: app.authContext,
        ...request.body,
        userAgent: userAgentOf(request),
      });
      if ('secondStep' in data) {
        return { success: true as const, message: SECURITY_MESSAGES.secondStepNeeded, data };
      }
      return { success: true as const, data };
    },
  );

  app.post(
    '/logout',
    {
      onRequest: app.authenticatePhysician,
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "Sign out: the physician's session token stops working",
        response: { 200: ok(z.null()), ...FAILURES },
      },
    },
    async (request) => {
      const { sessionId } = requirePhysician(request);
      await signOut({ db: app.db, sessionId });
      disconnectSession(app.io, sessionId);
      return { success: true as const, message: 'You are signed out.', data: null };
    },
  );

  app.get(
    '/v1/exchange-code-with-token/:code',
    {
      config: limitPerIp(20),
      schema: {
        tags: ['employee auth'],
        summary:
          "Finish sign-in with Doximity: trade the authorisation code (and its state) for a session, like login — an employer's session, or with `accountKind=physician` a physician's for a sign-in the physician app started",
        params: ZExchangeCodeParams,
        querystring: ZExchangeCodeQuery,
        response: {
          200: ok(z.union([ZExchangeCodeData, ZSecondStepChallenge])),
          ...FAILURES,
          404: ZFailure,
          503: ZFailure,
        },
      },
    },
    async (request, reply) => {
      const session = await completeOidcLogin({
        context: app.authContext,
        provider: requireOidcProvider(app.oidcProvider),
        code: request.params.code,
        state: request.query.state,
        issuer: request.query.iss,
        browserBinding: readBrowserBinding(request.headers.cookie),
        accountKind: request.query.accountKind ?? 'employer',
        userAgent: userAgentOf(request),
        log: request.log,
      });
      reply.header('cache-control', 'no-store');
      if ('secondStep' in session) {
        return { success: true as const, message: SECURITY_MESSAGES.secondStepNeeded, data: session };
      }
      return { success: true as const, data: session };
    },
  );
};

export default employeeAuthRoutes;
