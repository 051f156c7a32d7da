import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  TEMPLATE_MESSAGES,
  ZCreateTemplateBody,
  ZDeleteTemplateData,
  ZMessageTemplate,
  ZPreviewTemplateBody,
  ZPreviewTemplateData,
  ZTemplateIdParams,
  ZTemplateListData,
  ZUpdateTemplateBody,
} from '@medhire/contract/message-templates';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobOwner } from '../../../domain/jobs/job-owner.ts';
import { createTemplate } from '../../../domain/message-templates/create-template.ts';
import { deleteTemplate } from '../../../domain/message-templates/delete-template.ts';
import { listTemplates } from '../../../domain/message-templates/list-templates.ts';
import { previewTemplate } from '../../../domain/message-templates/preview-template.ts';
import { updateTemplate } from '../../../domain/message-templates/update-template.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer message templates'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

function memberOf(request: FastifyRequest): JobOwner {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/template: message templates, shared with the organisation (owner and admins
 * write them) or personal. Every member with the messages right reaches these routes; who may
 * read or change which template is the domain's rule (domain/message-templates/template-access.ts).
 */
const employerTemplateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-templates',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The templates the member may use: the organisation’s shared ones, then their own',
        response: { 200: ok(ZTemplateListData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listTemplates({ db: app.db, member: memberOf(request) }),
    }),
  );

  app.post(
    '/create-template',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Save a template, personal or shared with the organisation (shared: owner and admins); unknown variables answer 400',
        body: ZCreateTemplateBody,
        response: { 200: ok(ZMessageTemplate), ...FAILURES, 409: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: TEMPLATE_MESSAGES.created,
      data: await createTemplate({ db: app.db, member: memberOf(request), body: request.body }),
    }),
  );

  app.patch(
    '/update-template/:templateId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Rename a template or rewrite its message',
        params: ZTemplateIdParams,
        body: ZUpdateTemplateBody,
        response: { 200: ok(ZMessageTemplate), ...FAILURES, 409: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: TEMPLATE_MESSAGES.updated,
      data: await updateTemplate({
        db: app.db,
        member: memberOf(request),
        templateId: request.params.templateId,
        body: request.body,
      }),
    }),
  );

  app.delete(
    '/delete-template/:templateId',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Delete a template',
        params: ZTemplateIdParams,
        response: { 200: ok(ZDeleteTemplateData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: TEMPLATE_MESSAGES.deleted,
      data: await deleteTemplate({
        db: app.db,
        member: memberOf(request),
        templateId: request.params.templateId,
      }),
    }),
  );

  app.post(
    '/preview-template',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'A template body rendered for one conversation or application, with the variables it would leave empty',
        body: ZPreviewTemplateBody,
        response: { 200: ok(ZPreviewTemplateData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewTemplate({ db: app.db, member: memberOf(request), body: request.body }),
    }),
  );
};

export default employerTemplateRoutes;
