import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the character U+0000.';

/** Deeper input is refused by the body limit and the contract long before this matters. */
const MAX_DEPTH = 20;

/** Whether any string (or key) holds U+0000: the check of every request, building no paths. */
function holdsNulCharacter(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return false;
  for (const key in value) {
    if (key.includes('\u0000') || holdsNulCharacter((value as Record<string, unknown>)[key], depth + 1)) {
      return true;
    }
  }
  return false;
}

/** Where the first string holding U+0000 is (e.g. "body.homeLocation.description"), if any. */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path;
    const found = findNulCharacter(item, `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * PostgreSQL stores no U+0000 in text, so a query, path or JSON body carrying it would fail deep
 * in a query as a 500. It is refused up front as a validation failure naming the field.
 * Multipart uploads are read as streams by their routes and have no parsed body here.
 */
export default fp(
  async (app) => {
    // Callback style: it runs on every request, and an async hook costs a promise each time.
    app.addHook('preValidation', (request, _reply, done) => {
      const { params, query, body } = request;
      if (!holdsNulCharacter(params) && !holdsNulCharacter(query) && !holdsNulCharacter(body)) {
        return done();
      }
      const found =
        findNulCharacter(params, 'params') ??
        findNulCharacter(query, 'query') ??
        findNulCharacter(body, 'body');
      const [where = 'body', ...field] = (found ?? 'body').split('.');
      done(
        new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE, [
          { field: field.join('.'), in: where, message: NUL_CHARACTER_MESSAGE },
        ]),
      );
    });
  },
  { name: 'text-hygiene' },
);
