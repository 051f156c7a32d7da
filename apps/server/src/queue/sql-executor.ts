import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';

/** What pg-boss calls to run its SQL (its `db` option): `$1 … $n` placeholders and their values. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * pg-boss hands jsonb values over as objects and leaves optional ones undefined (node-postgres
 * style). Our postgres.js client leaves JSON serialisation to Drizzle and refuses undefined, so
 * objects become JSON text and undefined becomes null. Arrays (uuid[] job ids) stay arrays.
 */
function toDriverValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && !(value instanceof Date)) {
    return JSON.stringify(value);
  }
  return value;
}

/** Turns `$n` placeholders into Drizzle parameters, so any Drizzle handle (a transaction too) runs pg-boss SQL. */
function toDrizzleSql(text: string, values: readonly unknown[]): SQL {
  if (values.length === 0) return sql.raw(text);
  const chunks: SQL[] = [];
  let last = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const index = Number(match[1]) - 1;
    chunks.push(sql.raw(text.slice(last, match.index)));
    // sql.param keeps an array one parameter (a uuid[]); interpolating it would spread it.
    chunks.push(sql`${sql.param(toDriverValue(values[index]))}`);
    last = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(last)));
  return sql.join(chunks, sql.raw(''));
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  if (Array.isArray(result)) return [...result] as Record<string, unknown>[];
  const rows = (result as { rows?: unknown } | undefined)?.rows;
  return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
}

/**
 * pg-boss sends its maintenance (expiring, archiving, dropping jobs) as one string wrapped in
 * `BEGIN; … COMMIT;`. Over a pool a transaction cannot span a plain query's statements (postgres.js
 * refuses with UNSAFE_TRANSACTION, which the queue logged at every maintenance run), so the body
 * runs inside a real transaction instead.
 */
const WRAPPED_IN_TRANSACTION = /^\s*BEGIN;([\s\S]*?)COMMIT;\s*$/i;

/**
 * pg-boss's `db` over a Drizzle handle. With the app's handle it is the queue's own connection
 * (the postgres.js pool); with a transaction's handle a job is inserted in that transaction,
 * so it exists exactly when the transaction commits (transactional outbox).
 */
export function drizzleSqlExecutor(db: Db): SqlExecutor {
  return {
    async executeSql(text, values = []) {
      const wrapped = WRAPPED_IN_TRANSACTION.exec(text);
      if (wrapped?.[1]) {
        const body = wrapped[1];
        return { rows: rowsOf(await db.transaction((tx) => tx.execute(toDrizzleSql(body, values)))) };
      }
      return { rows: rowsOf(await db.execute(toDrizzleSql(text, values))) };
    },
  };
}
