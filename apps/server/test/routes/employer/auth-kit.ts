import type { TAccountStatus, TSession } from '@medhire/contract/account';
import type { TPlanId } from '@medhire/contract/subscription';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { expect } from 'vitest';
import { organizations, users } from '../../../src/db/schema/accounts.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { readLatestCode } from '../../../src/domain/mail/outbox.ts';
import { subscribeOrganization } from './subscription-kit.ts';

export const PASSWORD = 'Sunrise-clinic-2026';
let counter = 0;

/** A fresh e-mail per call, so tests in one file never share an account or a limit. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@clinic.example`;
}

/** A distinct client address, so per-IP limits of one test do not reach another. */
export function uniqueIp(): string {
  counter += 1;
  return `10.77.${Math.floor(counter / 250)}.${(counter % 250) + 1}`;
}

export interface EmployerOptions {
  email?: string;
  password?: string;
  accountStatus?: TAccountStatus;
  isEmailVerified?: boolean;
  hasEstablishedProfile?: boolean;
  /** With an established profile: give the organisation an active subscription to this plan. */
  subscribedPlan?: TPlanId;
}

/** Creates an employer account directly (no e-mail round trip). */
export async function createEmployer(app: FastifyInstance, options: EmployerOptions = {}) {
  const email = options.email ?? uniqueEmail('employer');
  let organizationId: string | undefined;
  if (options.hasEstablishedProfile) {
    const [organization] = await app.db
      .insert(organizations)
      .values({
        name: 'Hill Country Pediatrics',
        status: 'active',
        orgLocations: {
          locations: [{ description: 'San Marcos, TX', coords: { latitude: 29.8833, longitude: -97.9414 } }],
          numberOfLocations: 1,
        },
      })
      .returning({ id: organizations.id });
    organizationId = organization?.id;
  }
  const user = await createEmployerAccount({
    db: app.db,
    email,
    password: options.password ?? PASSWORD,
    accountStatus: options.accountStatus ?? 'approved',
    organizationId,
    isEmailVerified: options.isEmailVerified ?? true,
  });
  if (organizationId && options.subscribedPlan) {
    await subscribeOrganization(app, organizationId, { planId: options.subscribedPlan });
  }
  return { id: user.id, email, password: options.password ?? PASSWORD };
}

export async function setAccountStatus(app: FastifyInstance, userId: string, accountStatus: TAccountStatus) {
  await app.db.update(users).set({ accountStatus }).where(eq(users.id, userId));
}

export async function signIn(app: FastifyInstance, email: string, password = PASSWORD): Promise<TSession> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/employer/auth/login',
    payload: { email, password },
    remoteAddress: uniqueIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TSession;
}

/** Creates an employer and signs in: the common start of authenticated tests. */
export async function signedInEmployer(app: FastifyInstance, options: EmployerOptions = {}) {
  const employer = await createEmployer(app, options);
  const session = await signIn(app, employer.email, employer.password);
  return { ...employer, token: session.token, session };
}

/** The newest code mailed to the address, once background sends are done. */
export async function latestCode(app: FastifyInstance, email: string): Promise<string> {
  await app.mailer.idle();
  const code = await readLatestCode(app.config.dataDir, email);
  expect(code, `no code was mailed to ${email}`).toBeDefined();
  return code ?? '';
}

/** A six-digit code that is not `code`. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** Whether a Redis server answers at the URL; tests of the shared limits need one. */
export async function isRedisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Keys of a browser's push subscription: a valid P-256 public key and auth secret. */
export const BROWSER_PUSH_KEYS = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

/** The employer's browser turns on push (save-fcm-token) with a subscription on a known push service. */
export async function saveBrowserPushSubscription(
  app: FastifyInstance,
  employer: { id: string; token: string },
): Promise<void> {
  const subscription = {
    endpoint: `https://fcm.googleapis.com/fcm/send/${employer.id}`,
    keys: BROWSER_PUSH_KEYS,
  };
  const saved = await app.inject({
    method: 'PATCH',
    url: `/api/employer/auth/save-fcm-token/${employer.id}`,
    payload: { value: JSON.stringify(subscription) },
    headers: { authorization: employer.token },
    remoteAddress: uniqueIp(),
  });
  expect(saved.statusCode, saved.body).toBe(200);
}
