import { ok } from '@medhire/contract/envelope';
import {
  JOB_ALERT_MESSAGES,
  ZCreateJobAlertBody,
  ZDeleteJobAlertData,
  ZJobAlert,
  ZJobAlertList,
  ZJobAlertParams,
  ZUpdateJobAlertBody,
} from '@medhire/contract/job-alerts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createJobAlert,
  deleteJobAlert,
  getJobAlert,
  listJobAlerts,
  updateJobAlert,
} from '../../../domain/physicians/alerts/alerts-repository.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee job alerts'];

/** /api/employee/alert: the physician's job alerts (saved searches that announce new jobs). */
const employeeAlertRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-all-alerts',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's job alerts, newest first",
        response: { 200: ok(ZJobAlertList), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await listJobAlerts(app.db, requirePhysician(request).physicianId),
    }),
  );

  app.get(
    '/get-alert/:alertId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'One of the physician’s job alerts',
        params: ZJobAlertParams,
        response: { 200: ok(ZJobAlert), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getJobAlert(app.db, requirePhysician(request).physicianId, request.params.alertId),
    }),
  );

  app.post(
    '/create-alert',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Save a job search as an alert: its criteria, name, channels (push, e-mail) and frequency',
        body: ZCreateJobAlertBody,
        response: { 200: ok(ZJobAlert), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: JOB_ALERT_MESSAGES.created,
      data: await createJobAlert(app.db, requirePhysician(request).physicianId, request.body),
    }),
  );

  app.patch(
    '/update-alert/:alertId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Change a job alert; the fields given replace the stored ones',
        params: ZJobAlertParams,
        body: ZUpdateJobAlertBody,
        response: { 200: ok(ZJobAlert), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: JOB_ALERT_MESSAGES.updated,
      data: await updateJobAlert(
        app.db,
        requirePhysician(request).physicianId,
        request.params.alertId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/delete-alert/:alertId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Delete a job alert',
        params: ZJobAlertParams,
        response: { 200: ok(ZDeleteJobAlertData), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: JOB_ALERT_MESSAGES.deleted,
      data: await deleteJobAlert(app.db, requirePhysician(request).physicianId, request.params.alertId),
    }),
  );
};

export default employeeAlertRoutes;
