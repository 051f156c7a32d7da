import type { preValidationHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the character U+0000.';

/** Deeper input is refused by the body limit and the contract long before this matters. */
const MAX_DEPTH = 20;

/**
 * The keys leading to the first string (or key) holding U+0000, if any. The path is built on the
 * way back up, so the usual answer (none) allocates nothing per field.
 */
function nulCharacterKeys(value: unknown, depth: number): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? [] : undefined;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const key in value) {
    if (key.includes('\u0000')) return [];
    const inner = nulCharacterKeys((value as Record<string, unknown>)[key], depth + 1);
    if (inner) return [key, ...inner];
  }
  return undefined;
}

/** Where the first string holding U+0000 is (e.g. "body.homeLocation.description"), if any. */
export function findNulCharacter(value: unknown, path: string): string | undefined {
  const keys = nulCharacterKeys(value, 0);
  return keys ? [path, ...keys].join('.') : undefined;
}

/**
 * Whether a request to this route can carry text: a body (any method but GET, HEAD and OPTIONS),
 * a declared query, or path parameters. Others (the health checks, most reads) skip the check.
 */
function takesInput(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  const schema = route.schema as { body?: unknown; querystring?: unknown; params?: unknown } | undefined;
  return (
    methods.some((method) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS') ||
    schema?.querystring !== undefined ||
    schema?.params !== undefined ||
    /[:*]/.test(route.url)
  );
}

/**
 * PostgreSQL stores no U+0000 in text, so a query, path or JSON body carrying it would fail deep
 * in a query as a 500. It is refused up front as a validation failure naming the field.
 * Multipart uploads are read as streams by their routes and have no parsed body here.
 * The check joins each route that takes input when it is registered, not every request.
 */
export default fp(
  async (app) => {
    const check: preValidationHookHandler = (request, _reply, done) => {
      const found =
        findNulCharacter(request.params, 'params') ??
        findNulCharacter(request.query, 'query') ??
        findNulCharacter(request.body, 'body');
      if (!found) return done();
      const [where = 'body', ...field] = found.split('.');
      done(
        new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE, [
          { field: field.join('.'), in: where, message: NUL_CHARACTER_MESSAGE },
        ]),
      );
    };
    app.addHook('onRoute', (route) => {
      if (!takesInput(route)) return;
      route.preValidation = [check, ...(route.preValidation ? [route.preValidation].flat() : [])];
    });
  },
  { name: 'text-hygiene' },
);
