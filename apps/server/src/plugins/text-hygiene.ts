import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';

export const NUL_CHARACTER_MESSAGE = 'Text cannot contain the character U+0000.';

/** Deeper input is refused by the body limit and the contract long before this matters. */
const MAX_DEPTH = 20;

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
    app.addHook('preValidation', async (request) => {
      const found =
        findNulCharacter(request.params, 'params') ??
        findNulCharacter(request.query, 'query') ??
        findNulCharacter(request.body, 'body');
      if (found) {
        const [where = 'body', ...field] = found.split('.');
        throw new AppError('VALIDATION_FAILED', NUL_CHARACTER_MESSAGE, [
          { field: field.join('.'), in: where, message: NUL_CHARACTER_MESSAGE },
        ]);
      }
    });
  },
  { name: 'text-hygiene' },
);
