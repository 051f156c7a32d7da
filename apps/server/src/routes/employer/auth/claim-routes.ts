import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZClaimBody, ZClaimData } from '@medhire/contract/organization';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { claimOrganization } from '../../../domain/organizations/claim-organization.ts';
import { FAILURES, limitPerIp } from './route-options.ts';

const claimRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/claim',
    {
      config: limitPerIp(10, 15),
      schema: {
        tags: ['employer auth'],
        summary: 'Claim an organisation listed from public records; e-mails a link to set the password',
        body: ZClaimBody,
        response: { 200: ok(ZClaimData), 404: ZFailure, ...FAILURES },
      },
    },
    async (request) => {
      const data = await claimOrganization({
        context: app.authContext,
        publicUrl: app.config.publicUrl,
        ...request.body,
      });
      return {
        success: true as const,
        message: `We sent a link to ${data.email}. Open it to set your password.`,
        data,
      };
    },
  );
};

export default claimRoutes;
