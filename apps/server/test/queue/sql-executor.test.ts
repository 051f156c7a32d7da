import { sql } from 'drizzle-orm';
import { failJobsByTimeout, locked } from 'pg-boss/src/plans.js';
import { describe, expect, it } from 'vitest';
import { QUEUE_SCHEMA } from '../../src/queue/enqueue-job.ts';
import { drizzleSqlExecutor } from '../../src/queue/sql-executor.ts';
import { getTestDatabase } from '../helper.ts';

describe('the queue over the app’s database client', () => {
  it('runs pg-boss maintenance, a BEGIN … COMMIT string, as one transaction without an error', async () => {
    const { db } = await getTestDatabase();
    const executor = drizzleSqlExecutor(db);
    await expect(executor.executeSql(locked(QUEUE_SCHEMA, failJobsByTimeout(QUEUE_SCHEMA)))).resolves.toEqual(
      {
        rows: expect.any(Array),
      },
    );
  });

  it('keeps the wrapped commands atomic: a failing one undoes the ones before it', async () => {
    const { db } = await getTestDatabase();
    await db.execute(sql`create table if not exists queue_atomicity (n int)`);
    const executor = drizzleSqlExecutor(db);
    await expect(
      executor.executeSql(locked(QUEUE_SCHEMA, ['insert into queue_atomicity values (1)', 'select 1 / 0'])),
    ).rejects.toThrow();
    const rows = (await db.execute(sql`select count(*)::int as n from queue_atomicity`)) as unknown as {
      n: number;
    }[];
    expect(rows[0]?.n).toBe(0);
  });
});
