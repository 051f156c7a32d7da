import type { TMemberRole } from '@medhire/contract/team-roles';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { users } from '../../../src/db/schema/accounts.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { createSession } from '../../../src/domain/auth/sessions.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import { PASSWORD, signedInEmployer, uniqueEmail, uniqueIp } from './auth-kit.ts';

export interface TeamMember {
  id: string;
  email: string;
  role: TMemberRole;
  /** A session of its own; `freshToken` gives another. */
  token: string;
}

/**
 * Adds a member with the role straight into the organisation (no invitation round trip), with
 * the delegate agreement accepted unless told otherwise.
 */
export async function addMember(
  app: FastifyInstance,
  organizationId: string,
  role: TMemberRole,
  { hasAcceptedAgreement = true, fullName }: { hasAcceptedAgreement?: boolean; fullName?: string } = {},
): Promise<TeamMember> {
  const email = uniqueEmail(role);
  const user = await createEmployerAccount({
    db: app.db,
    email,
    password: PASSWORD,
    accountStatus: 'approved',
    organizationId,
    isEmailVerified: true,
  });
  await app.db
    .update(users)
    .set({
      memberRole: role,
      fullName: fullName ?? `${role[0]?.toUpperCase()}${role.slice(1)} ${user.id.slice(0, 4)}`,
      delegateAgreementAcceptedAt: role === 'delegate' && hasAcceptedAgreement ? new Date() : null,
    })
    .where(eq(users.id, user.id));
  return { id: user.id, email, role, token: await createSession(app.db, user.id, 'team-test') };
}

/** An organisation (subscribed to Enterprise: 25 seats) whose creator is its owner. */
export async function teamOwner(app: FastifyInstance, options: Parameters<typeof signedInEmployer>[1] = {}) {
  const owner = await signedInEmployer(app, {
    hasEstablishedProfile: true,
    subscribedPlan: 'enterprise',
    ...options,
  });
  const organizationId = owner.session.user.organizationId;
  if (!organizationId) throw new Error('The owner has no organisation.');
  return { ...owner, organizationId, role: 'owner' as const };
}

export function freshToken(app: FastifyInstance, userId: string): Promise<string> {
  return createSession(app.db, userId, 'team-test');
}

export function callTeam(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  token: string | undefined,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api/employer/team${path}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

/** The token of the newest invitation link mailed to the address. */
export async function latestInvitationToken(app: FastifyInstance, email: string): Promise<string> {
  await app.mailer.idle();
  const mails = await readOutbox(app.config.dataDir, email);
  const link = mails
    .map((mail) => /\/join-team\/([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1])
    .filter((token): token is string => token !== undefined)
    .at(-1);
  expect(link, `no invitation was mailed to ${email}`).toBeDefined();
  return decodeURIComponent(link ?? '');
}
