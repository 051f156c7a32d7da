import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { idempotencyKeys } from '../../db/schema/billing.ts';
import { AppError } from '../../lib/app-error.ts';

const KEY_PATTERN = /^[A-Za-z0-9_.:-]{8,200}$/;

/** Checks the `Idempotency-Key` header: absent is allowed, malformed is a 400. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === '') return undefined;
  if (!KEY_PATTERN.test(value)) {
    throw new AppError(
      'VALIDATION_FAILED',
      'The Idempotency-Key header must be 8 to 200 letters, digits or - _ . : (a UUID works).',
    );
  }
  return value;
}

/**
 * Runs `operation` in one transaction at most once per organisation, operation name and key.
 * The transaction holds an advisory lock on the key, so a double submit waits for the first
 * and then gets its stored answer instead of charging again. A failure stores nothing: the
 * payment did not happen, and the same key may try again. Without a key it simply runs.
 */
export async function withIdempotency<T>(
  db: Db,
  scope: {
    organizationId: string;
    operation: string;
    key: string | undefined;
    /** The request the key stands for; a reuse of the key for another request is refused (422). */
    request: unknown;
    now: Date;
  },
  operation: (tx: Db) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { organizationId, key } = scope;
    if (key === undefined) return operation(tx);
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${organizationId}:${scope.operation}:${key}`}, 0))`,
    );
    const [stored] = await tx
      .select({ response: idempotencyKeys.response })
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.organizationId, organizationId),
          eq(idempotencyKeys.operation, scope.operation),
          eq(idempotencyKeys.key, key),
        ),
      )
      .limit(1);
    // Only a hash of the request is kept (a sandbox body holds a card number).
    const requestHash = createHash('sha256').update(JSON.stringify(scope.request)).digest('hex');
    if (stored) {
      const { requestHash: storedHash, result } = stored.response as { requestHash: string; result: T };
      if (storedHash !== requestHash) {
        throw new AppError('BUSINESS_RULE', 'This Idempotency-Key was already used for a different request.');
      }
      return result;
    }
    const result = await operation(tx);
    await tx.insert(idempotencyKeys).values({
      organizationId,
      operation: scope.operation,
      key,
      response: { requestHash, result },
      createdAt: scope.now,
    });
    return result;
  });
}
