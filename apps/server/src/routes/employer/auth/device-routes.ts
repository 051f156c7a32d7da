import { DEVICE_MESSAGES, ZDeviceIdParams, ZDeviceList, ZRevokedDevices } from '@medhire/contract/devices';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listDevices, revokeDevice, revokeOtherDevices } from '../../../domain/auth/devices.ts';
import { requireAccount, requirePhysician } from '../../../plugins/auth.ts';
import { disconnectSession, disconnectUserSessions } from '../../../sockets/disconnect-sessions.ts';
import { FAILURES, SESSION_SECURITY } from './route-options.ts';

interface DeviceRoutesOptions {
  /** Whose devices: the employer app's sessions or the physician app's. */
  accountKind: 'employer' | 'physician';
  tags: string[];
}

/**
 * The signed-in devices of one's own account (`get-devices`), and signing one or all others
 * out. A device signed out here loses its token and its live connection at once, as a sign-out
 * does, so its open page signs out too. Mounted under /api/employer/auth and /api/employee/auth.
 */
export function deviceRoutes({ accountKind, tags }: DeviceRoutesOptions): FastifyPluginAsyncZod {
  const caller = (request: FastifyRequest) =>
    accountKind === 'employer' ? requireAccount(request) : requirePhysician(request);
  return async (app) => {
    app.addHook('onRequest', accountKind === 'employer' ? app.authenticate : app.authenticatePhysician);

    app.get(
      '/get-devices',
      {
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'The devices signed in to this account, the current one first',
          response: { 200: ok(ZDeviceList), ...FAILURES },
        },
      },
      async (request) => {
        const { userId, sessionId } = caller(request);
        const devices = await listDevices({ db: app.db, userId, currentSessionId: sessionId });
        return { success: true as const, data: { devices } };
      },
    );

    app.delete(
      '/revoke-device/:sessionId',
      {
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Sign one device out: its token and live connection end at once',
          params: ZDeviceIdParams,
          response: { 200: ok(z.null()), ...FAILURES, 404: ZFailure },
        },
      },
      async (request) => {
        const { userId } = caller(request);
        await revokeDevice({ db: app.db, userId, sessionId: request.params.sessionId });
        disconnectSession(app.io, request.params.sessionId);
        return { success: true as const, message: DEVICE_MESSAGES.revoked, data: null };
      },
    );

    app.post(
      '/revoke-other-devices',
      {
        schema: {
          tags,
          security: SESSION_SECURITY,
          summary: 'Sign out every other device of this account',
          response: { 200: ok(ZRevokedDevices), ...FAILURES },
        },
      },
      async (request) => {
        const { userId, sessionId } = caller(request);
        const revoked = await revokeOtherDevices({ db: app.db, userId, currentSessionId: sessionId });
        disconnectUserSessions(app.io, userId, sessionId);
        return { success: true as const, message: DEVICE_MESSAGES.revokedOthers(revoked), data: { revoked } };
      },
    );
  };
}
