import {
  DATA_EXPORT_MESSAGES,
  ZDataExport,
  ZDataExportDownloadQuery,
  ZDataExportIdParams,
  ZDataExportList,
  ZGetDataExportsQuery,
} from '@medhire/contract/data-export';
import { ok, ZFailure } from '@medhire/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadExport } from '../../../domain/data-export/download-export.ts';
import { listExports } from '../../../domain/data-export/list-exports.ts';
import { requestExport } from '../../../domain/data-export/request-export.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer data export'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure } as const;
const ZZipFile = z.string().describe('The export as application/zip');

/**
 * /api/employer/data-export: the owner's export of the organisation's data (right `data.export`).
 * Requesting and listing need the signed-in owner; the download also takes the e-mailed link's
 * token instead, so the link opens in any browser.
 *
 * With S3 storage the e-mailed link, opened by the browser itself, is answered with a redirect to
 * a signed link of the bucket that works for five minutes, so the file does not pass through the
 * server. The signed-in download stays streamed by the server: the web app fetches it with the
 * session header, and a fetch may not follow a redirect to another origin without the bucket's
 * CORS and the page's connect-src allowing it.
 */
const employerDataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/request-export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Start building an export of the organisation’s data (one at a time)',
        response: { 200: ok(ZDataExport), ...FAILURES, 409: ZFailure, 422: ZFailure },
      },
    },
    async (request) => ({
      success: true as const,
      message: DATA_EXPORT_MESSAGES.requested,
      data: await requestExport({ db: app.db, member: requireAccount(request) }),
    }),
  );

  app.get(
    '/get-exports',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The organisation’s exports, newest first, with status, size and expiry',
        querystring: ZGetDataExportsQuery,
        response: { 200: ok(ZDataExportList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listExports({ db: app.db, member: requireAccount(request), ...request.query }),
    }),
  );

  app.get(
    '/download/:exportId',
    {
      schema: {
        tags: TAGS,
        security: [{}, ...SECURITY],
        summary: 'Download a ready export: with the e-mailed link’s token, or as the signed-in owner',
        params: ZDataExportIdParams,
        querystring: ZDataExportDownloadQuery,
        produces: ['application/zip'],
        response: {
          200: ZZipFile,
          302: z
            .null()
            .describe('To a signed link of the file valid for 5 minutes (e-mailed link, S3 storage)'),
          ...FAILURES,
          404: ZFailure,
          409: ZFailure,
          410: ZFailure,
        },
      },
    },
    async (request, reply) => {
      const { token } = request.query;
      if (!token) await app.authenticate(request, reply);
      const file = await downloadExport({
        db: app.db,
        exportStore: app.exportStore,
        exportId: request.params.exportId,
        token,
        member: request.account,
      });
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'no-referrer');
      const signedUrl = token ? await app.exportStore.signedUrl?.(file) : undefined;
      if (signedUrl) return reply.redirect(signedUrl, 302);
      if (file.sizeBytes !== null) reply.header('content-length', file.sizeBytes);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send((await app.exportStore.read(file.fileKey)) as never);
    },
  );
};

export default employerDataExportRoutes;
