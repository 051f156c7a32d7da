import { ok, ZFailure } from '@medhire/contract/envelope';
import { ZReport, ZReportCsvQuery, ZReportFilters } from '@medhire/contract/reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadReportCsv, downloadReportPdf } from '../../../domain/reports/download-report.ts';
import { getReport } from '../../../domain/reports/get-report.ts';
import { requireAccount } from '../../../plugins/auth.ts';

const TAGS = ['employer reports'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = { 400: ZFailure, 401: ZFailure, 403: ZFailure, 404: ZFailure } as const;

/**
 * /api/employer/report: hiring analytics (right `reports.read`: owner, admins, recruiters; a
 * recruiter's figures cover their own jobs, a rule of domain/reports).
 */
const employerReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticate);

  app.get(
    '/get-report',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Funnel, time in stage, time to fill, sources, replies, invites and activity for a period',
        querystring: ZReportFilters,
        response: { 200: ok(ZReport), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getReport({ db: app.db, member: requireAccount(request), filters: request.query }),
    }),
  );

  app.get(
    '/download-csv',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'One section of the report as CSV',
        querystring: ZReportCsvQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The section as text/csv'), ...FAILURES },
      },
    },
    async (request, reply) => {
      const file = await downloadReportCsv({
        db: app.db,
        member: requireAccount(request),
        query: request.query,
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  );

  app.get(
    '/download-pdf',
    {
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'The whole report as a PDF',
        querystring: ZReportFilters,
        produces: ['application/pdf'],
        response: { 200: z.string().describe('The report as application/pdf'), ...FAILURES },
      },
    },
    async (request, reply) => {
      const file = await downloadReportPdf({
        db: app.db,
        member: requireAccount(request),
        filters: request.query,
      });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.content as never);
    },
  );
};

export default employerReportRoutes;
