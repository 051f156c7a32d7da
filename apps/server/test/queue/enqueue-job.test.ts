import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enqueueJob, QUEUE_SCHEMA } from '../../src/queue/enqueue-job.ts';
import { getTestDatabase } from '../helper.ts';

describe('enqueueJob with an id of its own', () => {
  it('adds the job once: a second enqueue with the same id adds nothing', async () => {
    const { db } = await getTestDatabase();
    const name = `enqueue-id-${randomUUID().slice(0, 8)}`;
    await db.execute(
      sql`select ${sql.raw(QUEUE_SCHEMA)}.create_queue(${name}, '{"policy":"standard"}'::json)`,
    );
    const id = randomUUID();
    expect(await enqueueJob(db, name, { n: 1 }, { id })).toBe(id);
    expect(await enqueueJob(db, name, { n: 2 }, { id })).toBe('');
    const rows = (await db.execute(
      sql`select id, data from ${sql.identifier(QUEUE_SCHEMA)}.job where name = ${name}`,
    )) as unknown as { id: string; data: { n: number } }[];
    expect(rows).toEqual([{ id, data: { n: 1 } }]);
  });

  it('still refuses a queue that does not exist', async () => {
    const { db } = await getTestDatabase();
    await expect(enqueueJob(db, 'no-such-queue', {}, { id: randomUUID() })).rejects.toThrow(
      'The job queue "no-such-queue" does not exist',
    );
  });
});
