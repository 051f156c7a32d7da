import { TEAM_MESSAGES } from '@medhire/contract/team';
import { AppError } from '../../lib/app-error.ts';
import type { AccountIdentity } from '../auth/authenticate-session.ts';
import { can, type TRight } from './rights.ts';

/**
 * What a route needs of its caller. `public`: no employer session (sign-in, registration, the
 * invitation landing page…). Otherwise a right of the rights table; `isOpenBeforeAgreement`
 * lets a delegate who has not accepted the Delegate Access agreement yet call it (the session,
 * the own account and the acceptance itself).
 */
export type RouteRule = { kind: 'public' } | { kind: 'right'; right: TRight; isOpenBeforeAgreement: boolean };

const PUBLIC: RouteRule = { kind: 'public' };
const needs = (right: TRight): RouteRule => ({ kind: 'right', right, isOpenBeforeAgreement: false });
const needsBeforeAgreement = (right: TRight): RouteRule => ({
  kind: 'right',
  right,
  isOpenBeforeAgreement: true,
});

/**
 * Every employer route (and the uploader), by method and route url, with what it needs: the one
 * map `app.authenticate` consults after authenticating. A route that authenticates but is
 * missing here is refused (fail closed), and test/routes/employer/team-rights.test.ts fails for
 * every employer route missing here, so none is forgotten.
 */
export const ROUTE_RIGHTS: Readonly<Record<string, RouteRule>> = {
  // Signing in, registration, passwords, claiming: no session yet.
  'POST /api/employer/auth/login': PUBLIC,
  'POST /api/employer/auth/v1/login': PUBLIC,
  'POST /api/employer/auth/v1/register': PUBLIC,
  'POST /api/employer/auth/v1/verify-otp': PUBLIC,
  'POST /api/employer/auth/v1/send-otp-password-recovery': PUBLIC,
  'POST /api/employer/auth/v1/verify-otp-password-recovery': PUBLIC,
  'POST /api/employer/auth/v1/update-password-by-otp': PUBLIC,
  'POST /api/employer/auth/set-password': PUBLIC,
  'POST /api/employer/auth/claim': PUBLIC,
  'POST /api/employer/auth/second-step': PUBLIC,
  'POST /api/employer/auth/passkey/authentication-options': PUBLIC,
  'POST /api/employer/auth/passkey/sign-in': PUBLIC,
  'GET /api/employer/auth/oidc/config': PUBLIC,
  'GET /api/employer/auth/oidc/authorize': PUBLIC,
  'GET /api/employer/notification/unsubscribe-digest': PUBLIC,
  'POST /api/employer/notification/unsubscribe-digest': PUBLIC,
  'GET /api/employer/notification/unsubscribe-weekly-summary': PUBLIC,
  'POST /api/employer/notification/unsubscribe-weekly-summary': PUBLIC,
  'GET /api/employer/subscription/get-plans': PUBLIC,
  'GET /api/employer/team/invitation/:token': PUBLIC,
  'POST /api/employer/team/accept-invitation': PUBLIC,

  // The caller's own session and account.
  'POST /api/employer/auth/logout': needsBeforeAgreement('account.self'),
  'GET /api/employer/auth/sync-user-detail/:id': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/v1/reset-password/:id': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/v1/update-email/:id': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/v1/verify-otp-update-email/:id': needsBeforeAgreement('account.self'),
  'PATCH /api/employer/auth/v1/archive-profile/:id': needsBeforeAgreement('account.self'),
  'PATCH /api/employer/auth/save-fcm-token/:id': needsBeforeAgreement('account.self'),
  'DELETE /api/employer/auth/delete-fcm-token/:id': needsBeforeAgreement('account.self'),
  // The member's own sign-in security: open to a delegate before the agreement, like the password.
  'GET /api/employer/auth/security': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/totp/start-enrolment': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/totp/confirm-enrolment': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/totp/disable': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/recovery-codes/regenerate': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/confirm-second-step': needsBeforeAgreement('account.self'),
  'GET /api/employer/auth/passkeys': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/passkey/registration-options': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/passkey/register': needsBeforeAgreement('account.self'),
  'PATCH /api/employer/auth/passkey/:id': needsBeforeAgreement('account.self'),
  'DELETE /api/employer/auth/passkey/:id': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/passkey/confirm-options': needsBeforeAgreement('account.self'),
  // Signed-in devices: a delegate may see and end their own sessions before accepting anything.
  'GET /api/employer/auth/get-devices': needsBeforeAgreement('account.self'),
  'DELETE /api/employer/auth/revoke-device/:sessionId': needsBeforeAgreement('account.self'),
  'POST /api/employer/auth/revoke-other-devices': needsBeforeAgreement('account.self'),
  'GET /api/employer/notification/push-public-key': needsBeforeAgreement('account.self'),
  'POST /api/employer/team/accept-delegate-agreement': needsBeforeAgreement('account.self'),
  'PATCH /api/employer/auth/v1/update-current-profile-step/:id': needs('account.self'),
  'PATCH /api/employer/auth/v1/update-full-name/:id': needs('account.self'),
  'GET /api/employer/notification/get-all-notification/:id': needs('account.self'),
  'PATCH /api/employer/notification/mark-as-read-notification/:id': needs('account.self'),
  'PATCH /api/employer/notification/:id/mark-as-read-notification': needs('account.self'),
  'PATCH /api/employer/notification/:id/mark-as-read-conversation-notification/:conversationId':
    needs('account.self'),
  'GET /api/employer/notification/preferences/:id': needs('account.self'),
  'PATCH /api/employer/notification/preferences/:id': needs('account.self'),
  'GET /api/employer/notification/weekly-summary/:id': needs('account.self'),
  'PATCH /api/employer/notification/weekly-summary/:id': needs('account.self'),

  // The organisation's profile.
  'GET /api/employer/auth/v1/get-organization/:id': needs('organization.read'),
  'GET /api/employer/organization/get-organization/:userId': needs('organization.read'),
  'POST /api/employer/auth/v1/generate-location': needs('organization.read'),
  'PATCH /api/employer/auth/v1/update-preference-probes/:id': needs('organization.edit'),
  'PATCH /api/employer/auth/v1/update-candidate-preference/:id': needs('organization.edit'),
  'PATCH /api/employer/auth/v1/update-orgdetails/:id': needs('organization.edit'),
  'PATCH /api/employer/auth/v1/update-profile/:id': needs('organization.edit'),
  'PATCH /api/employer/auth/update-profile/:id': needs('organization.edit'),
  'PATCH /api/employer/auth/v1/update-locationDetails/:id': needs('organization.edit'),
  'POST /api/uploader/upload-single-image': needs('organization.edit'),
  'POST /api/uploader/upload-multiple-imgs-videos': needs('organization.edit'),

  // Jobs.
  'POST /api/employer/auth/v1/create-job-v1/:id': needs('jobs.create'),
  'POST /api/employer/job/duplicate-job/:jobId': needs('jobs.create'),
  'GET /api/employer/job/get-all-jobs/:userId': needs('jobs.read'),
  'GET /api/employer/job/get-single-job/:jobId': needs('jobs.read'),
  'PATCH /api/employer/job/update-job/:jobId': needs('jobs.edit'),
  'GET /api/employer/job/get-scorecard-criteria/:jobId': needs('jobs.read'),
  'PATCH /api/employer/job/update-scorecard-criteria/:jobId': needs('jobs.edit'),
  'PATCH /api/employer/job/update-job-status/:jobId': needs('jobs.edit'),
  'DELETE /api/employer/job/delete-job/:jobId': needs('jobs.edit'),
  'PATCH /api/employer/job/assign-job/:jobId': needs('jobs.assign'),
  'PATCH /api/employer/applicant/assign-applicant/:applicationId': needs('jobs.assign'),

  // Applicants, pipeline and match invites.
  'GET /api/employer/applicant/get-recommended-applicants/:jobId': needs('applicants'),
  'GET /api/employer/applicant/get-all-applicants/:userId': needs('applicants'),
  'GET /api/employer/applicant/get-saved-applicants/:userId': needs('applicants'),
  'GET /api/employer/applicant/get-single-applicant/:applicantId': needs('applicants'),
  'GET /api/employer/applicant/explore/:userId': needs('applicants'),
  'POST /api/employer/applicant/save-applicant/:applicantId': needs('applicants'),
  'DELETE /api/employer/applicant/unsave-applicant/:applicantId': needs('applicants'),
  'PATCH /api/employer/applicant/update-pipeline-status/:applicationId': needs('applicants'),
  'POST /api/employer/applicant/bulk-action': needs('applicants'),
  'POST /api/employer/applicant/undo-bulk-action/:operationId': needs('applicants'),
  'POST /api/employer/match/create-match': needs('applicants'),
  'POST /api/employer/match/bulk-invite': needs('applicants'),
  'POST /api/employer/match/undo-bulk-invite/:operationId': needs('applicants'),
  'GET /api/employer/match/get-all-matches/:userId': needs('applicants'),
  'GET /api/employer/match/get-matches-by-job/:jobId': needs('applicants'),
  'PATCH /api/employer/match/update-match-status/:matchId': needs('applicants'),

  // Conversations.
  'GET /api/employer/conversation/get-all-conversation/:userId': needs('messages'),
  'GET /api/employer/conversation/get-single-conversation/:conversationId': needs('messages'),
  'GET /api/employer/conversation/sync': needs('messages'),
  'POST /api/employer/conversation/send-message/:conversationId': needs('messages'),
  'POST /api/employer/conversation/start-conversation/:applicationId': needs('messages'),
  'PATCH /api/employer/conversation/archive/:conversationId': needs('messages'),
  'DELETE /api/employer/conversation/delete-message/:conversationId/:messageId': needs('messages'),
  // Message templates: personal ones for every member; shared ones are checked in the domain
  // against templates.manage.
  'GET /api/employer/template/get-templates': needs('messages'),
  'POST /api/employer/template/create-template': needs('messages'),
  'PATCH /api/employer/template/update-template/:templateId': needs('messages'),
  'DELETE /api/employer/template/delete-template/:templateId': needs('messages'),
  'POST /api/employer/template/preview-template': needs('messages'),
  // Saved views of the applicant list and board: personal ones for every member with the
  // applicants right; shared ones are checked in the domain against views.manage.
  'GET /api/employer/view/get-all-views': needs('applicants'),
  'POST /api/employer/view/create-view': needs('applicants'),
  'PATCH /api/employer/view/update-view/:viewId': needs('applicants'),
  'DELETE /api/employer/view/delete-view/:viewId': needs('applicants'),

  'GET /api/employer/dashboard/get-summary/:userId': needs('dashboard'),

  // Plan, card and invoices.
  'GET /api/employer/subscription/get-subscription/:userId': needs('billing'),
  'GET /api/employer/subscription/get-invoices/:userId': needs('billing'),
  'GET /api/employer/subscription/global-connection/:userId': needs('billing'),
  'POST /api/employer/subscription/checkout/:userId': needs('billing'),
  'POST /api/employer/subscription/change-plan/:userId': needs('billing'),
  'POST /api/employer/subscription/confirm-action/:actionId': needs('billing'),
  'POST /api/employer/subscription/cancel/:userId': needs('billing'),
  'POST /api/employer/subscription/preview-change/:userId': needs('billing'),
  'POST /api/employer/subscription/resume/:userId': needs('billing'),
  'POST /api/employer/subscription/update-card/:userId': needs('billing'),
  'POST /api/employer/subscription/billing-portal/:userId': needs('billing'),
  'GET /api/employer/subscription/download-invoice/:invoiceId': needs('billing'),

  // The hiring team.
  'GET /api/employer/team/get-team': needs('team.read'),
  'POST /api/employer/team/invite-member': needs('team.manage'),
  'POST /api/employer/team/resend-invitation/:invitationId': needs('team.manage'),
  'DELETE /api/employer/team/revoke-invitation/:invitationId': needs('team.manage'),
  'PATCH /api/employer/team/change-role/:userId': needs('team.manage'),
  'DELETE /api/employer/team/remove-member/:userId': needs('team.manage'),
  'POST /api/employer/team/transfer-ownership/:userId': needs('team.ownership'),
  // The owner alone changes it (checked in domain/team/update-two-step-policy.ts).
  'PATCH /api/employer/team/update-two-step-policy': needs('team.manage'),
  'POST /api/employer/team/reset-member-factors/:userId': needs('team.manage'),

  // The activity log and data exports. The download also answers the e-mailed link's token
  // without a session; the route checks that token itself and authenticates only without one.
  'GET /api/employer/activity/get-activity-log': needs('activity.read'),
  'GET /api/employer/activity/get-activity-filters': needs('activity.read'),
  'POST /api/employer/data-export/request-export': needs('data.export'),
  'GET /api/employer/data-export/get-exports': needs('data.export'),
  'GET /api/employer/data-export/download/:exportId': needs('data.export'),

  // Hiring analytics; a recruiter's figures cover their own jobs (a data rule of domain/reports).
  'GET /api/employer/report/get-report': needs('reports.read'),
  'GET /api/employer/report/download-csv': needs('reports.read'),
  'GET /api/employer/report/download-pdf': needs('reports.read'),

  // Interviews. Every member keeps their own availability. Scheduling and changing an interview
  // is applicants work (a delegate: on their jobs, a data rule of domain/interviews); the team
  // calendar shows a delegate their jobs' interviews and those they interview on.
  'GET /api/employer/interview/get-my-availability': needs('account.self'),
  'PATCH /api/employer/interview/update-my-availability': needs('account.self'),
  'GET /api/employer/interview/get-calendar-feed-link': needs('account.self'),
  'POST /api/employer/interview/reset-calendar-feed-link': needs('account.self'),
  'POST /api/employer/interview/schedule-interview/:applicationId': needs('applicants'),
  'GET /api/employer/interview/get-interviews': needs('applicants'),
  'GET /api/employer/interview/get-single-interview/:interviewId': needs('applicants'),
  'PATCH /api/employer/interview/reschedule-interview/:interviewId': needs('applicants'),
  'PATCH /api/employer/interview/cancel-interview/:interviewId': needs('applicants'),
  'PATCH /api/employer/interview/record-outcome/:interviewId': needs('applicants'),
  // Scorecards: an interviewer submits their own; who sees them is a data rule (domain/interviews/scorecards.ts).
  'GET /api/employer/interview/get-scorecards/:interviewId': needs('applicants'),
  'POST /api/employer/interview/submit-scorecard/:interviewId': needs('applicants'),
};

/** The key of a route in ROUTE_RIGHTS; HEAD answers like the GET it mirrors. */
export function routeKey(method: string, url: string): string {
  return `${method === 'HEAD' ? 'GET' : method} ${url}`;
}

/** Why a role is refused a right, as the person reads it. */
const REFUSALS: Partial<Record<TRight, string>> = {
  billing: 'Only the account owner can manage billing.',
  'team.ownership': 'Only the account owner can transfer ownership.',
  'team.manage': 'Only the owner and admins can manage the team.',
  'organization.edit': "Only the owner and admins can change the organization's profile.",
  'jobs.create': 'Your role cannot create jobs. Ask an admin or a recruiter to create it.',
  'jobs.assign': 'Only the owner, admins and recruiters can assign jobs and applicants.',
  'activity.read': 'Only the owner and admins can read the activity log.',
  'data.export': "Only the account owner can export the organization's data.",
  'reports.read': 'Only the owner, admins and recruiters can see hiring reports.',
};

/**
 * Refuses a signed-in employer a route their role may not use: 403 FORBIDDEN_ROLE with a message
 * naming who may, 403 DELEGATE_AGREEMENT_REQUIRED for a delegate who has not accepted the
 * agreement yet. A route missing from the map is refused too, so a new route is closed until
 * someone decides who may use it.
 */
export function assertRouteRight(account: AccountIdentity, method: string, url: string | undefined): void {
  const rule = url ? ROUTE_RIGHTS[routeKey(method, url)] : undefined;
  if (!rule) {
    throw new AppError('FORBIDDEN_ROLE', TEAM_MESSAGES.forbiddenRole, { reason: 'ROUTE_NOT_IN_RIGHTS_MAP' });
  }
  if (rule.kind === 'public') return;
  if (!can(account.memberRole, rule.right)) {
    throw new AppError('FORBIDDEN_ROLE', REFUSALS[rule.right] ?? TEAM_MESSAGES.forbiddenRole, {
      right: rule.right,
      role: account.memberRole,
    });
  }
  if (!account.isDelegateAgreementAccepted && !rule.isOpenBeforeAgreement) {
    throw new AppError('DELEGATE_AGREEMENT_REQUIRED', TEAM_MESSAGES.delegateAgreementRequired);
  }
}
