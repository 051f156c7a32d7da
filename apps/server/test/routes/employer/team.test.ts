import type { TSession } from '@medhire/contract/account';
import type { TApplicant } from '@medhire/contract/applicants';
import type { TJob, TJobList } from '@medhire/contract/jobs';
import type { TTeamData } from '@medhire/contract/team';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { activityLog, teamInvitations } from '../../../src/db/schema/team.ts';
import { buildTestApp } from '../../helper.ts';
import { expectFailure, UNKNOWN_ID } from '../conventions-kit.ts';
import { apply, createPhysician } from './applicant-kit.ts';
import { PASSWORD, signedInEmployer, uniqueEmail, uniqueIp } from './auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from './job-kit.ts';
import { enrolTotp } from './second-factor-kit.ts';
import { addMember, callTeam, latestInvitationToken, teamOwner } from './team-kit.ts';
import { registerPasskey } from './webauthn-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

function api(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) {
  return app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: { authorization: token },
    remoteAddress: uniqueIp(),
  });
}

async function invite(token: string, payload: Record<string, unknown>) {
  return callTeam(app, 'POST', '/invite-member', token, payload);
}

describe('GET /api/employer/team/get-team', () => {
  it('lists members with role and last activity, pending invitations and seats', async () => {
    const owner = await teamOwner(app);
    const recruiter = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Rita Recruiter' });
    await callTeam(app, 'GET', '/get-team', recruiter.token);
    const email = uniqueEmail('pending');
    expect((await invite(owner.token, { email, role: 'admin' })).statusCode).toBe(200);
    const response = await callTeam(app, 'GET', '/get-team', recruiter.token);
    expect(response.statusCode, response.body).toBe(200);
    const team = response.json().data as TTeamData;
    expect(team.members.map((member) => member.memberRole)).toEqual(['owner', 'recruiter']);
    expect(team.members[1]).toMatchObject({
      _id: recruiter.id,
      fullName: 'Rita Recruiter',
      email: recruiter.email,
    });
    expect(team.members[1]?.lastActiveAt).toEqual(expect.any(String));
    expect(team.invitations).toEqual([expect.objectContaining({ email, role: 'admin', isExpired: false })]);
    expect(team.seats).toEqual({ used: 3, limit: 25, planName: 'Enterprise', nextPlan: null });
  });
});

describe('POST /api/employer/team/invite-member', () => {
  it('mails a single-use link; the invitee joins with a name and password and gets a session with the role', async () => {
    const owner = await teamOwner(app);
    const email = uniqueEmail('recruiter');
    const invited = await invite(owner.token, { email, role: 'recruiter' });
    expect(invited.statusCode, invited.body).toBe(200);
    const token = await latestInvitationToken(app, email);

    const preview = await callTeam(app, 'GET', `/invitation/${token}`, undefined);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data).toMatchObject({ email, role: 'recruiter', hasAccount: false });

    const joined = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      fullName: 'Rita Recruiter',
      password: PASSWORD,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const session = joined.json().data as TSession;
    expect(session.user).toMatchObject({
      email,
      memberRole: 'recruiter',
      organizationId: owner.organizationId,
      accountStatus: 'approved',
      subscriptionStatus: 'active',
      isDelegate: false,
      fullName: 'Rita Recruiter',
    });
    expect(session.user.rights).toContain('jobs.create');
    expect(session.user.rights).not.toContain('billing');
    const [entry] = await app.db.select().from(activityLog).where(eq(activityLog.type, 'team.member_joined'));
    expect(entry?.actorName).toBe('Rita Recruiter');

    // Used twice: refused.
    const again = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      fullName: 'Someone Else',
      password: PASSWORD,
    });
    expectFailure(again, 410, 'GONE', 'second use');
    expectFailure(
      await callTeam(app, 'GET', `/invitation/${token}`, undefined),
      410,
      'GONE',
      'preview after use',
    );
  });

  it('refuses an invalid body with 400 and stores nothing', async () => {
    const owner = await teamOwner(app);
    for (const payload of [
      { email: 'not-an-email', role: 'recruiter' },
      { email: uniqueEmail('x'), role: 'owner' },
      { email: uniqueEmail('x'), role: 'delegate' },
    ]) {
      expectFailure(await invite(owner.token, payload), 400, 'VALIDATION_FAILED', JSON.stringify(payload));
    }
    const rows = await app.db
      .select()
      .from(teamInvitations)
      .where(eq(teamInvitations.organizationId, owner.organizationId));
    expect(rows).toEqual([]);
  });

  it('refuses an e-mail that belongs to any organisation (409) and a second open invitation', async () => {
    const owner = await teamOwner(app);
    const other = await teamOwner(app);
    expectFailure(
      await invite(owner.token, { email: other.email, role: 'recruiter' }),
      409,
      'CONFLICT',
      'other org',
    );
    const email = uniqueEmail('twice');
    expect((await invite(owner.token, { email, role: 'recruiter' })).statusCode).toBe(200);
    expectFailure(await invite(owner.token, { email, role: 'recruiter' }), 409, 'CONFLICT', 'twice');
  });

  it('keeps members plus open invitations within the plan seats, naming the plan that allows more', async () => {
    const owner = await teamOwner(app, { subscribedPlan: 'starter' });
    const response = await invite(owner.token, { email: uniqueEmail('seat'), role: 'recruiter' });
    const message = expectFailure(response, 422, 'BUSINESS_RULE', 'seats');
    expect(message).toContain('Starter');
    expect(message).toContain('Professional');
  });

  it("only lets the owner invite admins, and refuses a delegate another organisation's job", async () => {
    const owner = await teamOwner(app);
    const admin = await addMember(app, owner.organizationId, 'admin');
    expectFailure(
      await invite(admin.token, { email: uniqueEmail('a'), role: 'admin' }),
      403,
      'FORBIDDEN_ROLE',
      'admin',
    );
    const other = await teamOwner(app);
    const foreignJob = await createJobThroughApi(app, { id: other.id, token: other.token }, minimalJobBody());
    expectFailure(
      await invite(owner.token, { email: uniqueEmail('d'), role: 'delegate', jobIds: [foreignJob._id] }),
      400,
      'VALIDATION_FAILED',
      'foreign job',
    );
  });
});

describe('invitation links', () => {
  it('refuses an expired, a cancelled and a replaced (resent) link, and an unknown one', async () => {
    const owner = await teamOwner(app);
    const expiredEmail = uniqueEmail('expired');
    await invite(owner.token, { email: expiredEmail, role: 'recruiter' });
    const expiredToken = await latestInvitationToken(app, expiredEmail);
    await app.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.email, expiredEmail));
    const expired = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token: expiredToken,
      fullName: 'Late Person',
      password: PASSWORD,
    });
    expect(expectFailure(expired, 410, 'GONE', 'expired')).toContain('expired');

    const revokedEmail = uniqueEmail('revoked');
    const team = (await invite(owner.token, { email: revokedEmail, role: 'recruiter' })).json()
      .data as TTeamData;
    const revokedToken = await latestInvitationToken(app, revokedEmail);
    const invitationId = team.invitations.find((invitation) => invitation.email === revokedEmail)?._id ?? '';
    expect(
      (await callTeam(app, 'DELETE', `/revoke-invitation/${invitationId}`, owner.token)).statusCode,
    ).toBe(200);
    expect(
      expectFailure(
        await callTeam(app, 'GET', `/invitation/${revokedToken}`, undefined),
        410,
        'GONE',
        'revoked',
      ),
    ).toContain('canceled');

    const resentEmail = uniqueEmail('resent');
    const resentTeam = (await invite(owner.token, { email: resentEmail, role: 'recruiter' })).json()
      .data as TTeamData;
    const oldToken = await latestInvitationToken(app, resentEmail);
    const resentId = resentTeam.invitations.find((invitation) => invitation.email === resentEmail)?._id ?? '';
    expect((await callTeam(app, 'POST', `/resend-invitation/${resentId}`, owner.token)).statusCode).toBe(200);
    const newToken = await latestInvitationToken(app, resentEmail);
    expect(newToken).not.toBe(oldToken);
    expectFailure(
      await callTeam(app, 'GET', `/invitation/${oldToken}`, undefined),
      404,
      'NOT_FOUND',
      'old link',
    );
    expect((await callTeam(app, 'GET', `/invitation/${newToken}`, undefined)).statusCode).toBe(200);
  });

  it("refuses a link for another e-mail than the signed-in account's, and a weak password", async () => {
    const owner = await teamOwner(app);
    const email = uniqueEmail('invitee');
    await invite(owner.token, { email, role: 'recruiter' });
    const token = await latestInvitationToken(app, email);
    const stranger = await signedInEmployer(app);
    const response = await callTeam(app, 'POST', '/accept-invitation', stranger.token, { token });
    expect(expectFailure(response, 403, 'FORBIDDEN', 'another e-mail')).toContain(email);
    expectFailure(
      await callTeam(app, 'POST', '/accept-invitation', undefined, {
        token,
        fullName: 'Jo Doe',
        password: 'short',
      }),
      400,
      'VALIDATION_FAILED',
      'weak password',
    );
    // Nothing was spent: the right person can still join.
    expect((await callTeam(app, 'GET', `/invitation/${token}`, undefined)).statusCode).toBe(200);
  });

  it('lets an existing account with no organisation join with its password', async () => {
    const owner = await teamOwner(app);
    const loner = await signedInEmployer(app);
    await invite(owner.token, { email: loner.email, role: 'admin' });
    const token = await latestInvitationToken(app, loner.email);
    expect((await callTeam(app, 'GET', `/invitation/${token}`, undefined)).json().data.hasAccount).toBe(true);
    expectFailure(
      await callTeam(app, 'POST', '/accept-invitation', undefined, { token, password: 'Wrong-password-123' }),
      401,
      'UNAUTHENTICATED',
      'wrong password',
    );
    const joined = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      password: PASSWORD,
    });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.user).toMatchObject({
      memberRole: 'admin',
      organizationId: owner.organizationId,
    });
  });
});

describe('an account with two-step sign-in', () => {
  it('joins from its session, not with its password alone', async () => {
    const owner = await teamOwner(app);
    const loner = await signedInEmployer(app);
    await enrolTotp(app, '/api/employer/auth', loner.token);
    await invite(owner.token, { email: loner.email, role: 'recruiter' });
    const token = await latestInvitationToken(app, loner.email);
    const withPassword = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      password: PASSWORD,
    });
    expectFailure(withPassword, 403, 'FORBIDDEN', 'password alone');
    expect(withPassword.json().error.details).toEqual({ reason: 'SECOND_STEP_REQUIRED' });
    const joined = await callTeam(app, 'POST', '/accept-invitation', loner.token, { token });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().data.user).toMatchObject({
      memberRole: 'recruiter',
      organizationId: owner.organizationId,
    });
  });
});

describe('an account with a passkey', () => {
  it('joins from its session, not with its password alone', async () => {
    const owner = await teamOwner(app);
    const loner = await signedInEmployer(app);
    await registerPasskey(app, '/api/employer/auth', loner.token);
    await invite(owner.token, { email: loner.email, role: 'recruiter' });
    const token = await latestInvitationToken(app, loner.email);
    const withPassword = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      password: PASSWORD,
    });
    expectFailure(withPassword, 403, 'FORBIDDEN', 'password alone');
    expect(withPassword.json().error.details).toEqual({ reason: 'SECOND_STEP_REQUIRED' });
    const joined = await callTeam(app, 'POST', '/accept-invitation', loner.token, { token });
    expect(joined.statusCode, joined.body).toBe(200);
  });
});

describe('delegates', () => {
  it('join with the given jobs, must accept the agreement, then see only those jobs', async () => {
    const owner = await teamOwner(app);
    const given = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Given Job' }));
    const other = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Other Job' }));
    const email = uniqueEmail('delegate');
    expect((await invite(owner.token, { email, role: 'delegate', jobIds: [given._id] })).statusCode).toBe(
      200,
    );
    const token = await latestInvitationToken(app, email);
    const joined = await callTeam(app, 'POST', '/accept-invitation', undefined, {
      token,
      fullName: 'Dee Delegate',
      password: PASSWORD,
    });
    const session = joined.json().data as TSession;
    expect(session.user).toMatchObject({ isDelegate: true, delegateAgreementAccepted: false });
    const delegateId = session.user._id;

    const before = await api('GET', `/api/employer/job/get-all-jobs/${delegateId}`, session.token);
    expectFailure(before, 403, 'DELEGATE_AGREEMENT_REQUIRED', 'before agreement');
    const accepted = await callTeam(app, 'POST', '/accept-delegate-agreement', session.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.delegateAgreementAccepted).toBe(true);

    const list = (await api('GET', `/api/employer/job/get-all-jobs/${delegateId}`, session.token)).json()
      .data as TJobList;
    expect(list.jobs.map((job) => job.title)).toEqual(['Given Job']);
    expect(list.jobs[0]?.assignee).toEqual({ _id: delegateId, fullName: 'Dee Delegate' });
    expect(
      (await api('GET', `/api/employer/job/get-single-job/${given._id}`, session.token)).statusCode,
    ).toBe(200);
    expectFailure(
      await api('GET', `/api/employer/job/get-single-job/${other._id}`, session.token),
      404,
      'NOT_FOUND',
      'unassigned job',
    );
    expectFailure(
      await api('PATCH', `/api/employer/job/update-job-status/${other._id}`, session.token, {
        status: 'closed',
      }),
      404,
      'NOT_FOUND',
      'edit unassigned job',
    );

    // Applicants of the other job stay out of the delegate's lists.
    const physician = await createPhysician(app);
    await apply(app, physician, other._id);
    const applicants = await api(
      'GET',
      `/api/employer/applicant/get-all-applicants/${delegateId}`,
      session.token,
    );
    expect(applicants.json().data.total).toBe(0);
    const ownerView = await api('GET', `/api/employer/applicant/get-all-applicants/${owner.id}`, owner.token);
    expect(ownerView.json().data.total).toBe(1);
  });
});

describe('roles, removal and ownership', () => {
  it('changes a role; never the owner, never oneself; admins cannot touch admins; another org answers 404', async () => {
    const owner = await teamOwner(app);
    const admin = await addMember(app, owner.organizationId, 'admin');
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    const changed = await callTeam(app, 'PATCH', `/change-role/${recruiter.id}`, admin.token, {
      role: 'delegate',
    });
    expectFailure(changed, 400, 'VALIDATION_FAILED', 'delegate without jobs');
    const ok = await callTeam(app, 'PATCH', `/change-role/${recruiter.id}`, owner.token, { role: 'admin' });
    expect(ok.statusCode, ok.body).toBe(200);
    expectFailure(
      await callTeam(app, 'PATCH', `/change-role/${recruiter.id}`, admin.token, { role: 'recruiter' }),
      403,
      'FORBIDDEN_ROLE',
      'admin on admin',
    );
    expectFailure(
      await callTeam(app, 'PATCH', `/change-role/${owner.id}`, admin.token, { role: 'recruiter' }),
      422,
      'BUSINESS_RULE',
      'the owner',
    );
    const stranger = await teamOwner(app);
    expectFailure(
      await callTeam(app, 'PATCH', `/change-role/${stranger.id}`, owner.token, { role: 'recruiter' }),
      404,
      'NOT_FOUND',
      'another org',
    );
    expectFailure(
      await callTeam(app, 'DELETE', `/remove-member/${UNKNOWN_ID}`, owner.token),
      404,
      'NOT_FOUND',
      'unknown member',
    );
  });

  it('removes a member: their sessions end at once, their account and name stay, their jobs pass on', async () => {
    const owner = await teamOwner(app);
    const recruiter = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Leaving Lee' });
    const job = await createJobThroughApi(
      app,
      { id: recruiter.id, token: recruiter.token },
      minimalJobBody(),
    );
    expect(job.assignee?.fullName).toBe('Leaving Lee');
    const removed = await callTeam(app, 'DELETE', `/remove-member/${recruiter.id}`, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((removed.json().data as TTeamData).members.map((member) => member._id)).toEqual([owner.id]);
    expectFailure(
      await api('GET', `/api/employer/auth/sync-user-detail/${recruiter.id}`, recruiter.token),
      401,
      'UNAUTHENTICATED',
      'old token',
    );
    const [row] = await app.db.select().from(users).where(eq(users.id, recruiter.id));
    expect(row).toMatchObject({ fullName: 'Leaving Lee', organizationId: null });
    const reassigned = (await api('GET', `/api/employer/job/get-single-job/${job._id}`, owner.token)).json()
      .data as TJob;
    expect(reassigned.assignee?._id).toBe(owner.id);
  });

  it('transfers ownership to a member, who becomes owner while the old owner becomes admin', async () => {
    const owner = await teamOwner(app);
    const admin = await addMember(app, owner.organizationId, 'admin');
    expectFailure(
      await callTeam(app, 'POST', `/transfer-ownership/${owner.id}`, admin.token),
      403,
      'FORBIDDEN_ROLE',
      'admin transfers',
    );
    const response = await callTeam(app, 'POST', `/transfer-ownership/${admin.id}`, owner.token);
    expect(response.statusCode, response.body).toBe(200);
    const roles = Object.fromEntries(
      (response.json().data as TTeamData).members.map((member) => [member._id, member.memberRole]),
    );
    expect(roles).toEqual({ [admin.id]: 'owner', [owner.id]: 'admin' });
    expectFailure(
      await api('GET', `/api/employer/subscription/get-subscription/${owner.id}`, owner.token),
      403,
      'FORBIDDEN_ROLE',
      'old owner on billing',
    );
  });
});

describe('assignees', () => {
  it('assigns a job and an application to a member, filters by assignee, and refuses a non-member', async () => {
    const owner = await teamOwner(app);
    const recruiter = await addMember(app, owner.organizationId, 'recruiter', { fullName: 'Rae Recruiter' });
    const job = await createJobThroughApi(app, owner, minimalJobBody({ title: 'Assigned Job' }));
    await createJobThroughApi(app, owner, minimalJobBody({ title: 'Owner Job' }));
    const assigned = await api('PATCH', `/api/employer/job/assign-job/${job._id}`, owner.token, {
      assigneeId: recruiter.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json().data.assignee).toEqual({ _id: recruiter.id, fullName: 'Rae Recruiter' });
    const mine = (
      await api('GET', `/api/employer/job/get-all-jobs/${recruiter.id}?assigneeId=me`, recruiter.token)
    ).json().data as TJobList;
    expect(mine.jobs.map((item) => item.title)).toEqual(['Assigned Job']);
    expectFailure(
      await api('GET', `/api/employer/job/get-all-jobs/${owner.id}?assigneeId=nobody`, owner.token),
      400,
      'VALIDATION_FAILED',
      'bad filter',
    );
    const stranger = await teamOwner(app);
    expectFailure(
      await api('PATCH', `/api/employer/job/assign-job/${job._id}`, owner.token, { assigneeId: stranger.id }),
      422,
      'BUSINESS_RULE',
      'non-member',
    );
    expectFailure(
      await api('PATCH', `/api/employer/job/assign-job/${job._id}`, stranger.token, {
        assigneeId: stranger.id,
      }),
      404,
      'NOT_FOUND',
      "another org's job",
    );

    const physician = await createPhysician(app);
    const applicationId = await apply(app, physician, job._id);
    const applicant = await api(
      'PATCH',
      `/api/employer/applicant/assign-applicant/${applicationId}`,
      owner.token,
      {
        assigneeId: recruiter.id,
      },
    );
    expect(applicant.statusCode, applicant.body).toBe(200);
    expect((applicant.json().data as TApplicant).applications[0]?.assignee?.fullName).toBe('Rae Recruiter');
    const filtered = await api(
      'GET',
      `/api/employer/applicant/get-all-applicants/${recruiter.id}?assigneeId=me`,
      recruiter.token,
    );
    expect(filtered.json().data.total).toBe(1);
    expectFailure(
      await api('PATCH', `/api/employer/applicant/assign-applicant/${applicationId}`, owner.token, {}),
      400,
      'VALIDATION_FAILED',
      'no assignee',
    );
  });
});
