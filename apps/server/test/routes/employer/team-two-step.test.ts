import type { TTeamData } from '@medhire/contract/team';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, sessions } from '../../../src/db/schema/accounts.ts';
import { recoveryCodes, totpFactors } from '../../../src/db/schema/security.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import { PASSWORD, signIn, uniqueIp } from './auth-kit.ts';
import { enrolTotp, post, totpCode } from './second-factor-kit.ts';
import { GOOD_CARD } from './subscription-kit.ts';
import { addMember, callTeam, freshToken, teamOwner } from './team-kit.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

/** An owner with the authenticator app on, and the secret to make its codes. */
async function ownerWithFactor() {
  const owner = await teamOwner(app);
  const { secret } = await enrolTotp(app, '/api/employer/auth', owner.token);
  return { ...owner, secret, step: 0 };
}

/** The session's last second step, an hour ago: sensitive changes ask for a new one. */
async function makeSecondStepStale(userId: string) {
  await app.db
    .update(sessions)
    .set({ secondFactorAt: new Date(Date.now() - 60 * 60_000) })
    .where(eq(sessions.userId, userId));
}

/** A code for the signed-in session (each call takes the next 30-second step, so codes are never reused). */
async function confirmSecondStep(actor: { token: string; secret: string; step: number }) {
  actor.step += 1;
  const response = await post(app, '/api/employer/auth/confirm-second-step', actor.token, {
    method: 'totp',
    code: totpCode(actor.secret, actor.step),
  });
  expect(response.statusCode, response.body).toBe(200);
}

function expectCode(
  response: { statusCode: number; body: string; json: () => unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect((response.json() as { error: { code: string } }).error.code).toBe(code);
}

async function isTwoStepRequired(organizationId: string): Promise<boolean> {
  const [row] = await app.db
    .select({ value: organizations.isTwoStepRequired })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.value ?? false;
}

describe('PATCH /api/employer/team/update-two-step-policy', () => {
  it('lets the owner with a factor and a fresh second step require it, logged; the team answer says so', async () => {
    const owner = await ownerWithFactor();
    const response = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, {
      isTwoStepRequired: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().data as TTeamData).isTwoStepRequired).toBe(true);
    expect(await isTwoStepRequired(owner.organizationId)).toBe(true);
    const entries = await app.db
      .select()
      .from(activityLog)
      .where(
        and(
          eq(activityLog.organizationId, owner.organizationId),
          eq(activityLog.type, 'team.two_step_policy_changed'),
        ),
      );
    expect(entries).toHaveLength(1);
  });

  it('answers 400 for a malformed body and changes nothing', async () => {
    const owner = await ownerWithFactor();
    for (const payload of [{}, { isTwoStepRequired: 'yes' }, { isTwoStepRequired: true, extra: 1 }]) {
      const response = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, payload);
      expectCode(response, 400, 'VALIDATION_FAILED');
    }
    expect(await isTwoStepRequired(owner.organizationId)).toBe(false);
  });

  it('refuses an admin (owner only) and a recruiter (no team right) with 403', async () => {
    const owner = await ownerWithFactor();
    const admin = await addMember(app, owner.organizationId, 'admin');
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    const body = { isTwoStepRequired: true };
    expectCode(
      await callTeam(app, 'PATCH', '/update-two-step-policy', admin.token, body),
      403,
      'FORBIDDEN_ROLE',
    );
    expectCode(
      await callTeam(app, 'PATCH', '/update-two-step-policy', recruiter.token, body),
      403,
      'FORBIDDEN_ROLE',
    );
    expect(await isTwoStepRequired(owner.organizationId)).toBe(false);
  });

  it('refuses an owner without a factor of their own (422)', async () => {
    const owner = await teamOwner(app);
    const response = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, {
      isTwoStepRequired: true,
    });
    expectCode(response, 422, 'BUSINESS_RULE');
    expect(await isTwoStepRequired(owner.organizationId)).toBe(false);
  });

  it('needs a fresh second step: 403 SECOND_STEP_REQUIRED without, 200 with', async () => {
    const owner = await ownerWithFactor();
    await makeSecondStepStale(owner.id);
    const body = { isTwoStepRequired: true };
    expectCode(
      await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, body),
      403,
      'SECOND_STEP_REQUIRED',
    );
    expect(await isTwoStepRequired(owner.organizationId)).toBe(false);
    await confirmSecondStep(owner);
    const response = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, body);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('holds a member without a factor to enrolment at their next sign-in; turning it off frees them', async () => {
    const owner = await ownerWithFactor();
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, { isTwoStepRequired: true });
    // The session open before the change stays as it was.
    expect((await callTeam(app, 'GET', '/get-team', recruiter.token)).statusCode).toBe(200);
    const session = await signIn(app, recruiter.email);
    expect(session.enrolmentRequired).toBe(true);
    expectCode(await callTeam(app, 'GET', '/get-team', session.token), 403, 'TWO_STEP_ENROLMENT_REQUIRED');

    const off = await callTeam(app, 'PATCH', '/update-two-step-policy', owner.token, {
      isTwoStepRequired: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await callTeam(app, 'GET', '/get-team', session.token)).statusCode).toBe(200);
    expect((await signIn(app, recruiter.email)).enrolmentRequired).toBeUndefined();
  });
});

describe('GET /api/employer/team/get-team: two-step status', () => {
  it("shows each member's two-step status and the organisation's requirement", async () => {
    const owner = await ownerWithFactor();
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    const response = await callTeam(app, 'GET', '/get-team', recruiter.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TTeamData;
    expect(data.isTwoStepRequired).toBe(false);
    expect(data.members.find((member) => member._id === owner.id)?.isTwoStepOn).toBe(true);
    expect(data.members.find((member) => member._id === recruiter.id)?.isTwoStepOn).toBe(false);
  });
});

describe('POST /api/employer/team/reset-member-factors/:userId', () => {
  async function memberWithFactor(organizationId: string, role: 'admin' | 'recruiter' = 'recruiter') {
    const member = await addMember(app, organizationId, role);
    const { secret } = await enrolTotp(app, '/api/employer/auth', member.token);
    return { ...member, secret, step: 0 };
  }

  async function factorsOf(userId: string) {
    const totp = await app.db.select().from(totpFactors).where(eq(totpFactors.userId, userId));
    const codes = await app.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    return totp.length + codes.length;
  }

  async function liveSessionsOf(userId: string) {
    const rows = await app.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    return rows.length;
  }

  it('lets an admin reset a member: factors gone, sessions ended, logged, mailed', async () => {
    const owner = await ownerWithFactor();
    const admin = await addMember(app, owner.organizationId, 'admin');
    const member = await memberWithFactor(owner.organizationId);
    expect(await factorsOf(member.id)).toBeGreaterThan(0);

    const response = await callTeam(app, 'POST', `/reset-member-factors/${member.id}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const data = response.json().data as TTeamData;
    expect(data.members.find((row) => row._id === member.id)?.isTwoStepOn).toBe(false);
    expect(await factorsOf(member.id)).toBe(0);
    expect(await liveSessionsOf(member.id)).toBe(0);
    expect((await callTeam(app, 'GET', '/get-team', member.token)).statusCode).toBe(401);
    const [entry] = await app.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.type, 'team.member_factors_reset'), eq(activityLog.subjectId, member.id)));
    expect(entry?.actorUserId).toBe(admin.id);
    // The notice goes through the durable queue; its worker sends it shortly after the commit.
    await expect
      .poll(async () => (await readOutbox(app.config.dataDir, member.email)).map((mail) => mail.subject), {
        timeout: 15_000,
      })
      .toContain('Your MedHire two-step sign-in was reset');
    // Signing in again is a password sign-in with no second step.
    expect((await signIn(app, member.email, PASSWORD)).token).toBeTruthy();
  });

  it('answers 400 for a malformed id and changes nothing', async () => {
    const owner = await ownerWithFactor();
    const response = await callTeam(app, 'POST', `/reset-member-factors/${'x'.repeat(101)}`, owner.token);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().success).toBe(false);
  });

  it("answers 404 for another organisation's member, and changes nothing", async () => {
    const owner = await ownerWithFactor();
    const other = await teamOwner(app);
    const stranger = await memberWithFactor(other.organizationId);
    const response = await callTeam(app, 'POST', `/reset-member-factors/${stranger.id}`, owner.token);
    expectCode(response, 404, 'NOT_FOUND');
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${UNKNOWN_ID}`, owner.token),
      404,
      'NOT_FOUND',
    );
    expect(await factorsOf(stranger.id)).toBeGreaterThan(0);
    expect(await liveSessionsOf(stranger.id)).toBeGreaterThan(0);
  });

  it("refuses a recruiter (403), and an admin the owner's factors (403)", async () => {
    const owner = await ownerWithFactor();
    const recruiter = await addMember(app, owner.organizationId, 'recruiter');
    const admin = await addMember(app, owner.organizationId, 'admin');
    const member = await memberWithFactor(owner.organizationId);
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${member.id}`, recruiter.token),
      403,
      'FORBIDDEN_ROLE',
    );
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${owner.id}`, admin.token),
      403,
      'FORBIDDEN_ROLE',
    );
    expect(await factorsOf(member.id)).toBeGreaterThan(0);
    expect(await factorsOf(owner.id)).toBeGreaterThan(0);
  });

  it('refuses a member without a factor (422) and the actor themself (422)', async () => {
    const owner = await ownerWithFactor();
    const plain = await addMember(app, owner.organizationId, 'recruiter');
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${plain.id}`, owner.token),
      422,
      'BUSINESS_RULE',
    );
    expect(await liveSessionsOf(plain.id)).toBeGreaterThan(0);
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${owner.id}`, owner.token),
      422,
      'BUSINESS_RULE',
    );
  });

  it('needs a fresh second step of an actor with a factor: 403 SECOND_STEP_REQUIRED without, 200 with', async () => {
    const owner = await ownerWithFactor();
    const member = await memberWithFactor(owner.organizationId);
    await makeSecondStepStale(owner.id);
    expectCode(
      await callTeam(app, 'POST', `/reset-member-factors/${member.id}`, owner.token),
      403,
      'SECOND_STEP_REQUIRED',
    );
    expect(await factorsOf(member.id)).toBeGreaterThan(0);
    await confirmSecondStep(owner);
    const response = await callTeam(app, 'POST', `/reset-member-factors/${member.id}`, owner.token);
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('a fresh second step for the other sensitive actions', () => {
  function callApi(method: 'POST' | 'DELETE', url: string, token: string, payload?: unknown) {
    return app.inject({
      method,
      url,
      headers: { authorization: token },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      remoteAddress: uniqueIp(),
    });
  }

  const cases: {
    name: string;
    call: (
      owner: Awaited<ReturnType<typeof ownerWithFactor>>,
      memberId: string,
    ) => ReturnType<typeof callApi>;
  }[] = [
    {
      name: 'removing a member',
      call: (owner, memberId) =>
        callApi('DELETE', `/api/employer/team/remove-member/${memberId}`, owner.token),
    },
    {
      name: 'transferring ownership',
      call: (owner, memberId) =>
        callApi('POST', `/api/employer/team/transfer-ownership/${memberId}`, owner.token),
    },
    {
      name: 'changing the plan',
      call: (owner) =>
        callApi('POST', `/api/employer/subscription/change-plan/${owner.id}`, owner.token, {
          planId: 'professional',
          interval: 'month',
        }),
    },
    {
      name: 'cancelling the subscription',
      call: (owner) => callApi('POST', `/api/employer/subscription/cancel/${owner.id}`, owner.token),
    },
    {
      name: 'changing the card',
      call: (owner) =>
        callApi('POST', `/api/employer/subscription/update-card/${owner.id}`, owner.token, {
          card: GOOD_CARD,
        }),
    },
    {
      name: 'requesting a data export',
      call: (owner) => callApi('POST', '/api/employer/data-export/request-export', owner.token),
    },
  ];

  it.each(cases)('$name: 403 SECOND_STEP_REQUIRED without, 200 with', async ({ call }) => {
    const owner = await ownerWithFactor();
    const member = await addMember(app, owner.organizationId, 'admin');
    await makeSecondStepStale(owner.id);
    expectCode(await call(owner, member.id), 403, 'SECOND_STEP_REQUIRED');
    // Refused before anything changed: the member is still on the team, the owner still owner.
    const team = await callTeam(app, 'GET', '/get-team', await freshToken(app, member.id));
    expect(team.statusCode, team.body).toBe(200);
    expect((team.json().data as TTeamData).members.find((row) => row._id === owner.id)?.memberRole).toBe(
      'owner',
    );
    await confirmSecondStep(owner);
    const response = await call(owner, member.id);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('an account without a factor is not asked', async () => {
    const owner = await teamOwner(app);
    const member = await addMember(app, owner.organizationId, 'recruiter');
    const response = await callApi('DELETE', `/api/employer/team/remove-member/${member.id}`, owner.token);
    expect(response.statusCode, response.body).toBe(200);
  });
});
