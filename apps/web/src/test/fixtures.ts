import type { TSession, TUser } from '@medhire/contract/account';
import { RIGHT_NAMES } from '@medhire/contract/team-roles';
import { vi } from 'vitest';

export function makeUser(overrides: Partial<TUser> = {}): TUser {
  return {
    _id: 'user-1',
    email: 'recruiting@lakeside-clinic.org',
    accountStatus: 'approved',
    subscriptionStatus: 'active',
    subscriptionMeta: { planId: 'plan-growth', planName: 'Growth', currentPeriodEnd: null, invitesLeft: 12 },
    preferenceProbe: [{ probeId: 'probe-1', choice: 'a' }],
    organizationId: 'org-1',
    currentProfileStep: 3,
    memberRole: 'owner',
    rights: [...RIGHT_NAMES],
    isDelegate: false,
    fullName: 'Maria Delgado',
    delegateAgreementAccepted: true,
    ...overrides,
  };
}

export function makeSession(
  overrides: { user?: Partial<TUser>; code?: TSession['code']; token?: string } = {},
): TSession {
  return { token: overrides.token ?? 'token-1', code: overrides.code ?? 200, user: makeUser(overrides.user) };
}

export function envelope(data: unknown, status = 200): Response {
  return new Response(JSON.stringify({ success: true, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export function failure(message: string, status: number, code = 'BAD_REQUEST', details?: unknown): Response {
  return new Response(JSON.stringify({ success: false, error: { message, code, details } }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Route = (request: {
  url: URL;
  method: string;
  body: unknown;
  headers: Headers;
}) => Response | Promise<Response>;

/**
 * Replaces the global fetch for one test with a small router over method + path, so tests
 * assert what the app sent and control what it receives. Unknown calls fail loudly.
 */
export function mockApi(routes: Record<string, Route>) {
  const calls: { method: string; path: string; body: unknown; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, path: url.pathname, body, headers });
    const route = routes[`${method} ${url.pathname}`];
    if (!route) throw new Error(`Unexpected request ${method} ${url.pathname}`);
    return route({ url, method, body, headers });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
