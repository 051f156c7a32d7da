import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/index.ts';
import { users } from '../../src/db/schema/accounts.ts';
import { createTestDatabase } from '../helper.ts';

// Drizzle's statements run as prepared statements (db/index.ts preparedStatements): parsed and
// described once per connection, then one bind and execute per call. One connection, so the
// session's own pg_prepared_statements shows what it holds.

let database: Database;

beforeAll(async () => {
  database = await createTestDatabase({ max: 1 });
});

async function preparedTexts(): Promise<string[]> {
  const rows = (await database.db.execute(sql`select statement from pg_prepared_statements`)) as unknown as {
    statement: string;
  }[];
  return rows.map((row) => row.statement);
}

describe('prepared statements', () => {
  it('prepares a statement with parameters once and runs it again from the prepared copy', async () => {
    for (const email of ['a@example.com', 'b@example.com', 'c@example.com']) {
      const found = await database.db
        .select({ id: users.id })
        .from(users)
        .where(sql`${users.email} = ${email}`);
      expect(found).toEqual([]);
    }
    const texts = await preparedTexts();
    const matching = texts.filter((text) => text.includes('from "users"') && text.includes('$1'));
    expect(matching).toHaveLength(1);
  });

  it('prepares inside a transaction and inside a savepoint too', async () => {
    const answers = await database.db.transaction(async (tx) => {
      const outer = await tx.execute(sql`select ${'outer'}::text as prepared_in_transaction`);
      const inner = await tx.transaction((savepoint) =>
        savepoint.execute(sql`select ${'inner'}::text as prepared_in_savepoint`),
      );
      return [outer, inner].map((rows) => Object.values((rows as unknown as object[])[0] ?? {})[0]);
    });
    expect(answers).toEqual(['outer', 'inner']);
    const texts = await preparedTexts();
    expect(texts).toContain('select $1::text as prepared_in_transaction');
    expect(texts).toContain('select $1::text as prepared_in_savepoint');
  });

  it('keeps a statement without parameters unprepared (the simple protocol)', async () => {
    await database.db.execute(sql`select 'no parameters' as unprepared_marker`);
    expect((await preparedTexts()).some((text) => text.includes('unprepared_marker'))).toBe(false);
  });

  it('keeps a statement with very many parameters unprepared (a bulk insert, a long id list)', async () => {
    const many = Array.from({ length: 65 }, (_, index) => sql`${index}::int`);
    const few = Array.from({ length: 64 }, (_, index) => sql`${index}::int`);
    await database.db.execute(sql`select 'many' as many_marker where 1 in (${sql.join(many, sql`, `)})`);
    await database.db.execute(sql`select 'few' as few_marker where 1 in (${sql.join(few, sql`, `)})`);
    const texts = await preparedTexts();
    expect(texts.some((text) => text.includes('many_marker'))).toBe(false);
    expect(texts.some((text) => text.includes('few_marker'))).toBe(true);
  });

  it('answers with the new columns after a table changes under a prepared statement', async () => {
    await database.db.execute(sql`create table prepared_probe (id int primary key, label text)`);
    await database.db.execute(sql`insert into prepared_probe values (1, 'one')`);
    const read = async () =>
      (await database.db.execute(sql`select * from prepared_probe where id = ${1}`)) as unknown as object[];
    expect(await read()).toEqual([{ id: 1, label: 'one' }]);
    await database.db.execute(sql`alter table prepared_probe add column note text default 'added'`);
    // PostgreSQL refuses the cached plan ("cached plan must not change result type"); the
    // statement is prepared again and answers the table as it is now.
    expect(await read()).toEqual([{ id: 1, label: 'one', note: 'added' }]);
  });
});
