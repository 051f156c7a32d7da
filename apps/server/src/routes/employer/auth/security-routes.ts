import { ZSession } from '@medhire/contract/account';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  PASSKEY_MESSAGES,
  ZPasskeyAuthenticationOptionsBody,
  ZPasskeyList,
  ZPasskeyOptions,
  ZPasskeyParams,
  ZPasskeySignInBody,
  ZRegisterPasskeyBody,
  ZRenamePasskeyBody,
} from '@medhire/contract/passkeys';
import { ZPhysicianSession } from '@medhire/contract/physicians';
import {
  SECURITY_MESSAGES,
  ZConfirmSecondStepBody,
  ZConfirmTotpBody,
  ZDisableTotpBody,
  ZRecoveryCodesData,
  ZSecondStepBody,
  ZSecurityStatus,
  ZTotpEnrolment,
} from '@medhire/contract/security';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  passkeyConfirmOptions,
  registerPasskey,
  removePasskey,
  renameOwnPasskey,
  startPasskeyRegistration,
} from '../../../domain/auth/second-factor/passkey-settings.ts';
import { listPasskeys, passkeyAuthenticationOptions } from '../../../domain/auth/second-factor/passkeys.ts';
import {
  confirmSecondStep,
  confirmTotpEnrolment,
  disableTotp,
  readSecurityStatus,
  regenerateRecoveryCodes,
  startTotpEnrolment,
} from '../../../domain/auth/second-factor/second-factor.ts';
import { passkeySecondStepOptions } from '../../../domain/auth/second-factor/second-step.ts';
import { completeSecondStep, signInWithPasskey } from '../../../domain/auth/sign-in.ts';
import {
  completePhysicianSecondStep,
  signInPhysicianWithPasskey,
} from '../../../domain/physicians/sign-in-physician.ts';
import { requireAccount, requirePhysician } from '../../../plugins/auth.ts';
import { FAILURES, limitPerIp, SESSION_SECURITY, userAgentOf } from './route-options.ts';

export interface AccountSecurityRoutesOptions {
  accountKind: 'employer' | 'physician';
  tags: string[];
}

const EMPTY_BODY = z.object({}).strict().optional();

/**
 * …/auth/security, …/auth/totp/*, …/auth/recovery-codes/regenerate, …/auth/passkey(s)/* and …/auth/second-step: the
 * same calls for both kinds of account (domain/auth/second-factor), each app's under its own API
 * and with its own session check; the second step answers the session that app's sign-in answers.
 */
export function accountSecurityRoutes({
  accountKind,
  tags,
}: AccountSecurityRoutesOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const isEmployer = accountKind === 'employer';
    const authenticate = isEmployer ? app.authenticate : app.authenticatePhysician;
    const caller = (request: FastifyRequest) =>
      isEmployer ? requireAccount(request) : requirePhysician(request);
    const signedIn = { onRequest: authenticate };

    app.get(
      '/security',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary:
            'Sign-in security: the authenticator app, recovery codes left, how this session was proven',
          response: { 200: ok(ZSecurityStatus), ...FAILURES },
        },
      },
      async (request) => {
        const { userId, sessionId } = caller(request);
        return { success: true as const, data: await readSecurityStatus(app.db, userId, sessionId) };
      },
    );

    app.post(
      '/totp/start-enrolment',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary:
            'Start setting up an authenticator app: a new secret as a QR code and as text; off until confirmed',
          body: EMPTY_BODY,
          response: { 200: ok(ZTotpEnrolment), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await startTotpEnrolment({ context: app.authContext, ...caller(request) }),
      }),
    );

    app.post(
      '/totp/confirm-enrolment',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Turn the authenticator app on with a code from it; answers the ten recovery codes, once',
          body: ZConfirmTotpBody,
          response: { 200: ok(ZRecoveryCodesData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: SECURITY_MESSAGES.enrolled,
        data: await confirmTotpEnrolment({
          context: app.authContext,
          ...caller(request),
          code: request.body.code,
        }),
      }),
    );

    app.post(
      '/totp/disable',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary:
            'Turn the authenticator app off, with the current password or a code; recovery codes end too',
          body: ZDisableTotpBody,
          response: { 200: ok(ZSecurityStatus), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: SECURITY_MESSAGES.disabled,
        data: await disableTotp({ context: app.authContext, ...caller(request), ...request.body }),
      }),
    );

    app.post(
      '/recovery-codes/regenerate',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Ten new recovery codes, shown once; the old ones stop working',
          body: EMPTY_BODY,
          response: { 200: ok(ZRecoveryCodesData), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: SECURITY_MESSAGES.regenerated,
        data: await regenerateRecoveryCodes({ context: app.authContext, ...caller(request) }),
      }),
    );

    app.post(
      '/confirm-second-step',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary:
            'A code for the signed-in session: sensitive changes (password, e-mail, deleting the account, new recovery codes) are allowed for 10 minutes',
          body: ZConfirmSecondStepBody,
          response: { 200: ok(ZSecurityStatus), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: SECURITY_MESSAGES.secondStepConfirmed,
        data: await confirmSecondStep({ context: app.authContext, ...caller(request), ...request.body }),
      }),
    );

    app.post(
      '/second-step',
      {
        config: limitPerIp(30),
        schema: {
          tags,
          summary:
            "Finish a sign-in with the ticket it answered and a code of the account's second factor, or one of its passkeys",
          body: ZSecondStepBody,
          response: { 200: ok(isEmployer ? ZSession : ZPhysicianSession), ...FAILURES },
        },
      },
      async (request) => {
        const options = { context: app.authContext, ...request.body, userAgent: userAgentOf(request) };
        const data = isEmployer
          ? await completeSecondStep(options)
          : await completePhysicianSecondStep(options);
        return { success: true as const, data };
      },
    );

    app.get(
      '/passkeys',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: "The account's passkeys: name, when added, when last used",
          response: { 200: ok(ZPasskeyList), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await listPasskeys(app.db, caller(request).userId),
      }),
    );

    app.post(
      '/passkey/registration-options',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary:
            'Start adding a passkey: the options for the browser (a fresh second step is needed when a factor is on)',
          body: EMPTY_BODY,
          response: { 200: ok(ZPasskeyOptions), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await startPasskeyRegistration({ context: app.authContext, ...caller(request) }),
      }),
    );

    app.post(
      '/passkey/register',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: "Add a passkey with a name, from the browser's answer to the registration options",
          body: ZRegisterPasskeyBody,
          response: { 200: ok(ZPasskeyList), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: PASSKEY_MESSAGES.registered,
        data: await registerPasskey({ context: app.authContext, ...caller(request), ...request.body }),
      }),
    );

    app.patch(
      '/passkey/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Rename one of the account’s passkeys',
          params: ZPasskeyParams,
          body: ZRenamePasskeyBody,
          response: { 200: ok(ZPasskeyList), 404: ZFailure, ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: PASSKEY_MESSAGES.renamed,
        data: await renameOwnPasskey({
          context: app.authContext,
          ...caller(request),
          id: request.params.id,
          name: request.body.name,
        }),
      }),
    );

    app.delete(
      '/passkey/:id',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Remove one of the account’s passkeys (a fresh second step is needed)',
          params: ZPasskeyParams,
          response: { 200: ok(ZPasskeyList), 404: ZFailure, ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        message: PASSKEY_MESSAGES.removed,
        data: await removePasskey({ context: app.authContext, ...caller(request), id: request.params.id }),
      }),
    );

    app.post(
      '/passkey/confirm-options',
      {
        ...signedIn,
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'The options for confirming this session with a passkey (then …/confirm-second-step)',
          body: EMPTY_BODY,
          response: { 200: ok(ZPasskeyOptions), ...FAILURES },
        },
      },
      async (request) => ({
        success: true as const,
        data: await passkeyConfirmOptions({ context: app.authContext, ...caller(request) }),
      }),
    );

    app.post(
      '/passkey/authentication-options',
      {
        // The sign-in screen asks once per visit (for the browser's passkey suggestions).
        config: limitPerIp(60),
        schema: {
          tags,
          summary:
            "The options for signing in with a passkey: without a ticket, any of this site's passkeys (a passkey alone); with a sign-in's ticket, that account's (the second step)",
          body: ZPasskeyAuthenticationOptionsBody,
          response: { 200: ok(ZPasskeyOptions), ...FAILURES },
        },
      },
      async (request) => {
        const ticket = request.body?.ticket;
        const data = ticket
          ? await passkeySecondStepOptions(app.authContext, ticket, isEmployer ? 'employer' : 'physician')
          : await passkeyAuthenticationOptions(app.authContext, 'sign_in', null);
        return { success: true as const, data };
      },
    );

    app.post(
      '/passkey/sign-in',
      {
        config: limitPerIp(30),
        schema: {
          tags,
          summary: 'Sign in with a passkey alone: the session a password sign-in answers',
          body: ZPasskeySignInBody,
          response: { 200: ok(isEmployer ? ZSession : ZPhysicianSession), ...FAILURES },
        },
      },
      async (request) => {
        const options = {
          context: app.authContext,
          credential: request.body.credential,
          userAgent: userAgentOf(request),
        };
        const data = isEmployer
          ? await signInWithPasskey(options)
          : await signInPhysicianWithPasskey(options);
        return { success: true as const, data };
      },
    );
  };
}

/** /api/employer/auth: the employer's sign-in security. */
export default accountSecurityRoutes({ accountKind: 'employer', tags: ['employer auth'] });
