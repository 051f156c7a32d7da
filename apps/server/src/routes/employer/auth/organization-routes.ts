import { ZUserIdParams } from '@medhire/contract/auth';
import { ok } from '@medhire/contract/envelope';
import {
  ZGetOrganizationData,
  ZOrganizationUpdateData,
  ZUpdateLocationDetailsBody,
  ZUpdateOrgDetailsBody,
  ZUpdateProfileBody,
} from '@medhire/contract/organization';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getOrganization } from '../../../domain/organizations/get-organization.ts';
import { saveOrganizationProfile } from '../../../domain/organizations/save-organization-profile.ts';
import { updateLocationDetails } from '../../../domain/organizations/update-location-details.ts';
import { assertOwnUser } from '../../../plugins/auth.ts';
import { FAILURES, SESSION_SECURITY } from './route-options.ts';

const TAGS = ['employer organisation'];

/** The signed-in employer's organisation profile; every `{id}` must be the caller's user id. */
const organizationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/v1/get-organization/:id',
    {
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "The employer's organisation (null before it is set up)",
        params: ZUserIdParams,
        response: { 200: ok(ZGetOrganizationData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return { success: true as const, data: await getOrganization({ db: app.db, userId }) };
    },
  );

  app.patch(
    '/v1/update-orgdetails/:id',
    {
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary:
          'Create or replace the organisation profile; the session code turns 200 once it is established',
        params: ZUserIdParams,
        body: ZUpdateOrgDetailsBody,
        response: { 200: ok(ZOrganizationUpdateData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: 'Your organization profile is saved.',
        data: await saveOrganizationProfile({
          db: app.db,
          storage: app.storage,
          userId,
          details: request.body,
        }),
      };
    },
  );

  for (const path of ['/v1/update-profile/:id', '/update-profile/:id']) {
    app.patch(
      path,
      {
        schema: {
          tags: TAGS,
          security: SESSION_SECURITY,
          summary: 'Replace the organisation profile; removed media (deletedImgskeys) are deleted',
          params: ZUserIdParams,
          body: ZUpdateProfileBody,
          response: { 200: ok(ZOrganizationUpdateData), ...FAILURES },
        },
      },
      async (request) => {
        const { userId } = assertOwnUser(request, request.params.id);
        const { deletedImgskeys, locationsDetails, ...details } = request.body;
        return {
          success: true as const,
          message: 'Your profile is saved.',
          data: await saveOrganizationProfile({
            db: app.db,
            storage: app.storage,
            userId,
            details,
            deletedImgskeys,
            locationsDetails,
          }),
        };
      },
    );
  }

  app.patch(
    '/v1/update-locationDetails/:id',
    {
      schema: {
        tags: TAGS,
        security: SESSION_SECURITY,
        summary: "Replace the organisation's locations and their details",
        params: ZUserIdParams,
        body: ZUpdateLocationDetailsBody,
        response: { 200: ok(ZOrganizationUpdateData), ...FAILURES },
      },
    },
    async (request) => {
      const { userId } = assertOwnUser(request, request.params.id);
      return {
        success: true as const,
        message: 'Your locations are saved.',
        data: await updateLocationDetails({ db: app.db, userId, ...request.body }),
      };
    },
  );
};

export default organizationRoutes;
