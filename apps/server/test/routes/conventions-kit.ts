import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/**
 * The API conventions every route follows (ARCHITECTURE.md): the two envelopes, paging answers,
 * ids as `_id`, and what unknown or malformed ids answer. Shared by the convention suites of the
 * physician and employer routes, so a convention is asserted the same way everywhere.
 */

/** A well-formed id no record has. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** Ids that name nothing: unknown, not a UUID, too short, not hexadecimal. */
export const MALFORMED_IDS = [UNKNOWN_ID, 'not-a-uuid', '1', 'ZZZZZZZZ-0000-4000-8000-000000000000'];

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: Method;
  url: string;
  payload?: unknown;
}

/** Sends one route as the holder of `token` (undefined: anonymous). */
export type CallRoute = (route: ApiRoute, token: string | undefined) => Promise<LightMyRequestResponse>;

/** Every key named `id` anywhere in a JSON value (ids travel as `_id`). */
export function plainIdKeys(value: unknown, path = 'data'): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => plainIdKeys(item, `${path}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(key === 'id' ? [`${path}.id`] : []),
    ...plainIdKeys(child, `${path}.${key}`),
  ]);
}

/** Asserts the failure envelope with its status and code; answers the message. */
export function expectFailure(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: string,
  label: string,
): string {
  expect(response.statusCode, label).toBe(status);
  const body = response.json() as { success: unknown; error: { message: unknown; code: unknown } };
  expect(body.success, label).toBe(false);
  expect(body.error.code, label).toBe(code);
  expect(typeof body.error.message, label).toBe('string');
  expect((body.error.message as string).length, label).toBeGreaterThan(0);
  return body.error.message as string;
}

const label = (route: ApiRoute) => `${route.method} ${route.url}`;

/**
 * Each list answers its first page of one in the success envelope: the named list, `total`,
 * `pageNumber`, `pageSize`, and ids only as `_id`.
 */
export async function expectPagedLists(
  call: CallRoute,
  token: string,
  lists: readonly (readonly [url: string, listName: string])[],
  { isNonEmpty = false }: { isNonEmpty?: boolean } = {},
) {
  for (const [url, name] of lists) {
    const response = await call({ method: 'GET', url: `${url}?pageSize=1&pageNumber=1` }, token);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    const body = response.json();
    expect(body.success, url).toBe(true);
    expect(body.data, url).toMatchObject({ total: expect.any(Number), pageNumber: 1, pageSize: 1 });
    if (isNonEmpty) expect(body.data.total, url).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(body.data[name]), url).toBe(true);
    expect(body.data[name], url).toHaveLength(1);
    expect(body.data[name][0]._id, url).toEqual(expect.any(String));
    expect(plainIdKeys(body.data), url).toEqual([]);
  }
}

/** Each single record answers in the success envelope, with ids only as `_id`. */
export async function expectRecords(
  call: CallRoute,
  token: string,
  urls: readonly string[],
  { hasId = true }: { hasId?: boolean } = {},
) {
  for (const url of urls) {
    const response = await call({ method: 'GET', url }, token);
    expect(response.statusCode, url).toBe(200);
    const body = response.json();
    expect(body.success, url).toBe(true);
    if (hasId) expect(body.data._id, url).toEqual(expect.any(String));
    else expect(body.data, url).toBeTypeOf('object');
    expect(plainIdKeys(body.data), url).toEqual([]);
  }
}

/** 401 UNAUTHENTICATED on every route, without a token and with one that is not a session. */
export async function expectUnauthenticated(call: CallRoute, routes: readonly ApiRoute[], badToken: string) {
  for (const route of routes) {
    expectFailure(await call(route, undefined), 401, 'UNAUTHENTICATED', label(route));
    expectFailure(await call(route, badToken), 401, 'UNAUTHENTICATED', label(route));
  }
}

/**
 * Every case answers the failure envelope with `status` and `code`; where a case names a
 * message, the answer carries exactly that message.
 */
export async function expectRefusals(
  call: CallRoute,
  token: string,
  cases: readonly (readonly [route: ApiRoute, message?: string])[],
  status: number,
  code: string,
) {
  for (const [route, expected] of cases) {
    const message = expectFailure(await call(route, token), status, code, label(route));
    if (expected !== undefined) expect(message, label(route)).toBe(expected);
  }
}

/** A huge, zero or non-numeric pageSize and a pageNumber below 1 answer 400 naming the field. */
export async function expectPagingRefused(call: CallRoute, token: string, urls: readonly string[]) {
  for (const url of urls) {
    for (const query of ['pageSize=100000', 'pageSize=0', 'pageSize=ten']) {
      const message = expectFailure(
        await call({ method: 'GET', url: `${url}?${query}` }, token),
        400,
        'VALIDATION_FAILED',
        `${url}?${query}`,
      );
      expect(message, `${url}?${query}`).toMatch(/^pageSize: /);
    }
    const message = expectFailure(
      await call({ method: 'GET', url: `${url}?pageNumber=0` }, token),
      400,
      'VALIDATION_FAILED',
      `${url}?pageNumber=0`,
    );
    expect(message, `${url}?pageNumber=0`).toMatch(/^pageNumber: /);
  }
}

/** Socket events the server emitted to a room, captured while `run` runs. */
export async function captureEmits(app: FastifyInstance, room: string, run: () => Promise<void>) {
  const emitted: { event: string; payload: unknown }[] = [];
  const originalTo = app.io.to.bind(app.io);
  // A service may emit to several rooms at once (one packet for a whole organisation).
  app.io.to = ((target: string | string[]) => {
    const operator = originalTo(target);
    if (!(Array.isArray(target) ? target.includes(room) : target === room)) return operator;
    return {
      ...operator,
      emit: (event: string, payload: unknown) => {
        // onNotification comes from the delivery queue whenever its worker runs (tested with the
        // notifications); the suites capturing here are about the services' own after-commit events.
        if (event !== 'onNotification') emitted.push({ event, payload });
        return true;
      },
    };
  }) as typeof app.io.to;
  try {
    await run();
  } finally {
    app.io.to = originalTo;
  }
  return emitted;
}
