import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { createTestDatabase } from '../helper.ts';

// A transaction that starts while every connection of the pool is busy is queued behind their
// statements (postgres.js pipelines up to 100 per connection). postgres.js 3.4.9 sent the BEGIN
// that filled a pipeline without reserving its connection: the call failed with
// UNSAFE_TRANSACTION and the connection went back to the pool inside the open transaction, where
// later statements ran and were never committed. vendor/postgres carries the fix; these fail
// without it.

const CONNECTIONS = 2;
/** postgres.js's default max_pipeline: statements one connection takes before it stops taking more. */
const PIPELINE = 100;

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ max: CONNECTIONS });
});

/** Connections of this file's database (other than the asker's) idle inside an open transaction. */
async function connectionsLeftInTransaction(): Promise<number> {
  const [row] = await database.client<{ count: number }[]>`
    select count(*)::int as count from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`;
  return row?.count ?? -1;
}

/**
 * Holds every connection with a slow statement, queues `fill` statements behind each (round robin),
 * then starts one transaction per connection: with `fill` = PIPELINE − 1, each BEGIN is the
 * statement that fills its connection's pipeline.
 */
async function transactionsBehindFullPipelines(fill: number): Promise<PromiseSettledResult<unknown>[]> {
  const client = database.client;
  // Open every connection first, so the slow statements below take one each.
  await Promise.all(Array.from({ length: CONNECTIONS }, () => client`select pg_sleep(0.02)`));
  const statements: Promise<unknown>[] = [];
  for (let index = 0; index < CONNECTIONS; index += 1)
    statements.push(client`select pg_sleep(0.2)`.execute());
  for (let index = 0; index < fill * CONNECTIONS; index += 1) statements.push(client`select 1`.execute());
  const transactions = Array.from({ length: CONNECTIONS }, (_, index) =>
    database.db.transaction(async (tx) => {
      const rows = (await tx.execute(sql`select ${index}::int as n`)) as unknown as { n: number }[];
      return rows[0]?.n;
    }),
  );
  await Promise.allSettled(statements);
  return Promise.allSettled(transactions);
}

describe('transactions on a busy pool', () => {
  it('runs a transaction whose BEGIN fills a connection’s pipeline, and leaves no connection inside it', async () => {
    const results = await transactionsBehindFullPipelines(PIPELINE - 1);
    expect(results).toEqual(
      Array.from({ length: CONNECTIONS }, (_, index) => ({ status: 'fulfilled', value: index })),
    );
    expect(await connectionsLeftInTransaction()).toBe(0);
  });

  it('commits the statements that run after such transactions: each one is visible on every connection', async () => {
    await database.client`create table if not exists pipeline_marks (mark int not null)`;
    await transactionsBehindFullPipelines(PIPELINE - 1);
    const marks = Array.from({ length: CONNECTIONS * 4 }, (_, index) => index);
    // Spread over every connection: one left inside a transaction keeps its rows to itself.
    await Promise.all(
      marks.map((mark) => database.client`insert into pipeline_marks values (${mark})`.execute()),
    );
    const counts = await Promise.all(
      marks.map(() =>
        database.client<{ count: number }[]>`select count(*)::int as count from pipeline_marks`
          .execute()
          .then((rows) => rows[0]?.count),
      ),
    );
    expect(counts).toEqual(marks.map(() => marks.length));
  });

  it('runs transactions queued behind part-full pipelines as before', async () => {
    const results = await transactionsBehindFullPipelines(10);
    expect(results.every((result) => result.status === 'fulfilled')).toBe(true);
    expect(await connectionsLeftInTransaction()).toBe(0);
  });
});
