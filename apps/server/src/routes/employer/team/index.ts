import { ZSession, ZUser } from '@medhire/contract/account';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZAcceptInvitationBody,
  ZChangeRoleBody,
  ZInvitationIdParams,
  ZInvitationPreview,
  ZInvitationTokenParams,
  ZInviteMemberBody,
  ZMemberIdParams,
  ZTeamData,
  ZTwoStepPolicyBody,
} from '@medhire/contract/team';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptInvitation, previewInvitation } from '../../../domain/team/accept-invitation.ts';
import {
  getTeam,
  inviteMember,
  resendInvitation,
  revokeInvitation,
} from '../../../domain/team/invitations.ts';
import {
  acceptDelegateAgreement,
  changeMemberRole,
  removeMember,
  transferOwnership,
} from '../../../domain/team/manage-members.ts';
import { RESET_FACTORS_MESSAGES, resetMemberFactors } from '../../../domain/team/reset-member-factors.ts';
import type { TeamActor, TeamContext } from '../../../domain/team/team-context.ts';
import {
  TWO_STEP_POLICY_MESSAGES,
  updateTwoStepPolicy,
} from '../../../domain/team/update-two-step-policy.ts';
import { requireAccount } from '../../../plugins/auth.ts';
import { disconnectUserSessions } from '../../../sockets/disconnect-sessions.ts';
import { limitPerIp } from '../auth/route-options.ts';

const TAGS = ['employer team'];
const SECURITY = [{ sessionToken: [] }];
const FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  410: ZFailure,
  422: ZFailure,
  429: ZFailure,
} as const;

function actorOf(request: FastifyRequest): TeamActor {
  const { userId, organizationId, memberRole } = requireAccount(request);
  return { userId, organizationId, memberRole };
}

/**
 * /api/employer/team: the organisation's hiring team. Members, invitations and seats; inviting,
 * resending, cancelling; roles, removal and ownership; the invitation landing page's calls
 * (public: the token is the credential) and the delegate's acceptance of the agreement. Who may
 * call what is in domain/team/route-rights.ts.
 */
const employerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const context = (): TeamContext => ({ db: app.db, mailer: app.mailer, publicUrl: app.config.publicUrl });

  app.get(
    '/get-team',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Members (role, last activity), pending invitations and seats used of the plan',
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getTeam({ db: app.db, actor: actorOf(request) }),
    }),
  );

  app.post(
    '/invite-member',
    {
      onRequest: app.authenticate,
      config: limitPerIp(30),
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'E-mail an invitation link (single use, 7 days) to join with a role; a delegate gets jobs',
        body: ZInviteMemberBody,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: `An invitation is on its way to ${request.body.email}.`,
      data: await inviteMember({ context: context(), actor: actorOf(request), invitation: request.body }),
    }),
  );

  app.post(
    '/resend-invitation/:invitationId',
    {
      onRequest: app.authenticate,
      config: limitPerIp(30),
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Send the invitation again with a new link; the old link stops working',
        params: ZInvitationIdParams,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The invitation is sent again.',
      data: await resendInvitation({
        context: context(),
        actor: actorOf(request),
        invitationId: request.params.invitationId,
      }),
    }),
  );

  app.delete(
    '/revoke-invitation/:invitationId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Cancel a pending invitation; its link stops working and its seat is free',
        params: ZInvitationIdParams,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The invitation is canceled.',
      data: await revokeInvitation({
        context: context(),
        actor: actorOf(request),
        invitationId: request.params.invitationId,
      }),
    }),
  );

  app.patch(
    '/change-role/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: "Change a member's role (only the owner gives or takes admin; never the owner's own)",
        params: ZMemberIdParams,
        body: ZChangeRoleBody,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'The role is changed.',
      data: await changeMemberRole({
        db: app.db,
        actor: actorOf(request),
        userId: request.params.userId,
        change: request.body,
      }),
    }),
  );

  app.delete(
    '/remove-member/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'Remove a member: their sessions and sockets end at once; their past actions keep their name',
        params: ZMemberIdParams,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => {
      const data = await removeMember({
        db: app.db,
        actor: actorOf(request),
        sessionId: requireAccount(request).sessionId,
        userId: request.params.userId,
      });
      // Sessions ended in the transaction; their open pages are disconnected now that it committed.
      disconnectUserSessions(app.io, request.params.userId);
      return { success: true as const, message: 'The member is removed from your team.', data };
    },
  );

  app.post(
    '/transfer-ownership/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'Make another member the owner; the current owner becomes an admin',
        params: ZMemberIdParams,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Ownership is transferred. You are now an admin.',
      data: await transferOwnership({
        db: app.db,
        actor: actorOf(request),
        sessionId: requireAccount(request).sessionId,
        userId: request.params.userId,
      }),
    }),
  );

  app.patch(
    '/update-two-step-policy',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          'The owner requires (or stops requiring) two-step sign-in of every member; needs a fresh second step',
        body: ZTwoStepPolicyBody,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.body.isTwoStepRequired
        ? TWO_STEP_POLICY_MESSAGES.required
        : TWO_STEP_POLICY_MESSAGES.notRequired,
      data: await updateTwoStepPolicy({
        db: app.db,
        actor: actorOf(request),
        sessionId: requireAccount(request).sessionId,
        isTwoStepRequired: request.body.isTwoStepRequired,
      }),
    }),
  );

  app.post(
    '/reset-member-factors/:userId',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary:
          "Reset a member's two-step sign-in (authenticator app, recovery codes); their sessions end and they are mailed",
        params: ZMemberIdParams,
        response: { 200: ok(ZTeamData), ...FAILURES },
      },
    },
    async (request) => {
      const data = await resetMemberFactors({
        db: app.db,
        actor: actorOf(request),
        sessionId: requireAccount(request).sessionId,
        userId: request.params.userId,
      });
      // Sessions ended in the transaction; their open pages are disconnected now that it committed.
      disconnectUserSessions(app.io, request.params.userId);
      return { success: true as const, message: RESET_FACTORS_MESSAGES.done, data };
    },
  );

  app.post(
    '/accept-delegate-agreement',
    {
      onRequest: app.authenticate,
      schema: {
        tags: TAGS,
        security: SECURITY,
        summary: 'A delegate accepts the Delegate Access agreement (required before anything else)',
        response: { 200: ok(ZUser), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Thank you. You can now work on the jobs given to you.',
      data: await acceptDelegateAgreement({ db: app.db, userId: requireAccount(request).userId }),
    }),
  );

  app.get(
    '/invitation/:token',
    {
      config: limitPerIp(60),
      schema: {
        tags: TAGS,
        summary:
          'What an invitation link is for: organisation, role, e-mail, inviter (404/410 when unusable)',
        params: ZInvitationTokenParams,
        response: { 200: ok(ZInvitationPreview), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await previewInvitation({ db: app.db, token: request.params.token }),
    }),
  );

  app.post(
    '/accept-invitation',
    {
      config: limitPerIp(30),
      schema: {
        tags: TAGS,
        summary:
          'Join through an invitation: a new account gives name and password; an existing one its password or session',
        body: ZAcceptInvitationBody,
        response: { 200: ok(ZSession), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Welcome to the team.',
      data: await acceptInvitation({
        db: app.db,
        body: request.body,
        authorization: request.headers.authorization,
        userAgent: request.headers['user-agent'],
      }),
    }),
  );
};

export default employerTeamRoutes;
