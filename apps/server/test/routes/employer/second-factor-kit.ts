import type { FastifyInstance } from 'fastify';
import { authenticator } from 'otplib';
import { expect } from 'vitest';
import { uniqueIp } from './auth-kit.ts';

/** The employer's or the physician's auth API: the security calls are the same under both. */
export type AuthBase = '/api/employer/auth' | '/api/employee/auth';

/**
 * The authenticator app's code `stepsAhead` 30-second steps from now. The server accepts the
 * steps next to its own, and each step once: a test that needs a second fresh code takes the next step.
 */
export function totpCode(secret: string, stepsAhead = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepsAhead * 30_000 }).generate(secret);
}

/** A six-digit code that is no code of the secret near now. */
export function wrongTotpCode(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((steps) => totpCode(secret, steps)));
  let candidate = 0;
  while (near.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

export function post(app: FastifyInstance, url: string, token: string | undefined, payload?: unknown) {
  return app.inject({
    method: 'POST',
    url,
    payload: (payload ?? {}) as Record<string, unknown>,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

export function get(app: FastifyInstance, url: string, token: string | undefined) {
  return app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

/** Sets up and confirms the authenticator app (with the current step's code); answers its secret and recovery codes. */
export async function enrolTotp(app: FastifyInstance, base: AuthBase, token: string) {
  const started = await post(app, `${base}/totp/start-enrolment`, token);
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json().data as { secret: string };
  const confirmed = await post(app, `${base}/totp/confirm-enrolment`, token, { code: totpCode(secret) });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
}

/** The password step of a sign-in of an account with a second factor on: answers the ticket. */
export async function passwordStep(app: FastifyInstance, base: AuthBase, email: string, password: string) {
  const response = await post(app, `${base}/login`, undefined, { email, password });
  expect(response.statusCode, response.body).toBe(200);
  const data = response.json().data;
  expect(data).not.toHaveProperty('token');
  return data.secondStep as { ticket: string; methods: string[]; expiresAt: string };
}
