import type { FastifyPluginAsync } from 'fastify';
import calendarFeedRoutes from './calendar/index.ts';
import employeeAlertRoutes from './employee/alert/index.ts';
import employeeAuthRoutes from './employee/auth/index.ts';
import employeeConversationRoutes from './employee/conversation/index.ts';
import employeeInterviewRoutes from './employee/interview/index.ts';
import employeeJobRoutes from './employee/job/index.ts';
import employeeMatchRoutes from './employee/match/index.ts';
import employeeNotificationRoutes from './employee/notification/index.ts';
import employeeProfileRoutes from './employee/profile/index.ts';
import employeeVisibilityRoutes from './employee/visibility/index.ts';
import employerActivityRoutes from './employer/activity/index.ts';
import employerApplicantRoutes from './employer/applicant/index.ts';
import employerAuthRoutes from './employer/auth/index.ts';
import employerOidcRoutes from './employer/auth/oidc-routes.ts';
import employerConversationRoutes from './employer/conversation/index.ts';
import employerDashboardRoutes from './employer/dashboard/index.ts';
import employerDataExportRoutes from './employer/data-export/index.ts';
import employerInterviewRoutes from './employer/interview/index.ts';
import employerJobRoutes from './employer/job/index.ts';
import employerScorecardCriteriaRoutes from './employer/job/scorecard-criteria-routes.ts';
import employerLocationRoutes from './employer/location/index.ts';
import employerMatchRoutes from './employer/match/index.ts';
import employerNotificationRoutes from './employer/notification/index.ts';
import employerUnsubscribeDigestRoutes from './employer/notification/unsubscribe-digest-routes.ts';
import employerOrganizationRoutes from './employer/organization/index.ts';
import employerReportRoutes from './employer/report/index.ts';
import employerSubscriptionRoutes from './employer/subscription/index.ts';
import employerTeamRoutes from './employer/team/index.ts';
import employerTemplateRoutes from './employer/template/index.ts';
import employerViewRoutes from './employer/view/index.ts';
import enumsRoutes from './enums/index.ts';
import healthRoutes from './health/index.ts';
import paymentRoutes from './payments/index.ts';
import uploaderRoutes from './uploader/index.ts';

/**
 * Every route area of the API, mounted under /api. Each area is a plugin in its own
 * folder (routes/<area>/index.ts) that declares contract schemas and calls into domain/.
 */
const routes: FastifyPluginAsync = async (app) => {
  await app.register(healthRoutes, { prefix: '/health' });
  await app.register(enumsRoutes, { prefix: '/enums' });
  await app.register(uploaderRoutes, { prefix: '/uploader' });
  await app.register(employerAuthRoutes, { prefix: '/employer/auth' });
  await app.register(employerOidcRoutes, { prefix: '/employer/auth/oidc' });
  await app.register(employeeAuthRoutes, { prefix: '/employee/auth' });
  await app.register(employeeProfileRoutes, { prefix: '/employee/profile' });
  await app.register(employeeJobRoutes, { prefix: '/employee/job' });
  await app.register(employeeMatchRoutes, { prefix: '/employee/match' });
  await app.register(employeeConversationRoutes, { prefix: '/employee/conversation' });
  await app.register(employeeNotificationRoutes, { prefix: '/employee/notification' });
  await app.register(employeeAlertRoutes, { prefix: '/employee/alert' });
  await app.register(employeeInterviewRoutes, { prefix: '/employee/interview' });
  await app.register(employeeVisibilityRoutes, { prefix: '/employee/visibility' });
  await app.register(employerLocationRoutes, { prefix: '/employer/auth' });
  await app.register(employerOrganizationRoutes, { prefix: '/employer/organization' });
  await app.register(employerJobRoutes, { prefix: '/employer/job' });
  await app.register(employerScorecardCriteriaRoutes, { prefix: '/employer/job' });
  await app.register(employerApplicantRoutes, { prefix: '/employer/applicant' });
  await app.register(employerDashboardRoutes, { prefix: '/employer/dashboard' });
  await app.register(employerMatchRoutes, { prefix: '/employer/match' });
  await app.register(employerConversationRoutes, { prefix: '/employer/conversation' });
  await app.register(employerNotificationRoutes, { prefix: '/employer/notification' });
  await app.register(employerUnsubscribeDigestRoutes, { prefix: '/employer/notification' });
  await app.register(employerSubscriptionRoutes, { prefix: '/employer/subscription' });
  await app.register(employerTeamRoutes, { prefix: '/employer/team' });
  await app.register(employerActivityRoutes, { prefix: '/employer/activity' });
  await app.register(employerReportRoutes, { prefix: '/employer/report' });
  await app.register(employerDataExportRoutes, { prefix: '/employer/data-export' });
  await app.register(employerInterviewRoutes, { prefix: '/employer/interview' });
  await app.register(employerTemplateRoutes, { prefix: '/employer/template' });
  await app.register(employerViewRoutes, { prefix: '/employer/view' });
  await app.register(calendarFeedRoutes, { prefix: '/calendar' });
  await app.register(paymentRoutes, { prefix: '/payments' });
};

export default routes;
