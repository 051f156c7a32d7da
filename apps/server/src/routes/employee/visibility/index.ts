import { ok } from '@medhire/contract/envelope';
import {
  VISIBILITY_MESSAGES,
  ZHiddenOrganizationList,
  ZHiddenOrganizationsQuery,
  ZOrganizationIdParams,
  ZSearchOrganizationsQuery,
  ZVisibilityOrganization,
  ZVisibilityOrganizationList,
} from '@medhire/contract/physician-visibility';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  hideFromOrganization,
  listHiddenOrganizations,
  searchOrganizations,
  showToOrganization,
} from '../../../domain/physicians/hidden-organizations.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee visibility'];

/** /api/employee/visibility: the organizations a physician hides their profile from. */
const employeeVisibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/search-organizations',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Organizations by name, to pick one to hide from',
        querystring: ZSearchOrganizationsQuery,
        response: { 200: ok(ZVisibilityOrganizationList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await searchOrganizations({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );

  app.get(
    '/get-hidden-organizations',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'The organizations you hide from, most recently hidden first',
        querystring: ZHiddenOrganizationsQuery,
        response: { 200: ok(ZHiddenOrganizationList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listHiddenOrganizations({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        query: request.query,
      }),
    }),
  );

  app.post(
    '/hide-organization/:organizationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Hide your profile from an organization, everywhere',
        params: ZOrganizationIdParams,
        response: { 200: ok(ZVisibilityOrganization), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: VISIBILITY_MESSAGES.hidden,
      data: await hideFromOrganization({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        organizationId: request.params.organizationId,
      }),
    }),
  );

  app.delete(
    '/unhide-organization/:organizationId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Let a hidden organization see your profile again',
        params: ZOrganizationIdParams,
        response: { 200: ok(ZVisibilityOrganization), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: VISIBILITY_MESSAGES.shown,
      data: await showToOrganization({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        organizationId: request.params.organizationId,
      }),
    }),
  );
};

export default employeeVisibilityRoutes;
