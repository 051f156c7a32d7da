import { and, count, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.ts';
import * as schema from '../../../src/db/schema/index.ts';
import { jobs } from '../../../src/db/schema/jobs.ts';
import { physicianPlaces } from '../../../src/db/schema/physicians.ts';
import { POOL_PER_LOCATION, rankPhysiciansForJob } from '../../../src/domain/matching/rank-physicians.ts';
import { type BenchJob, seedLargeDataSet } from '../../../src/seed/large-data-set.ts';
import { buildTestApp } from '../../helper.ts';

/**
 * The recommended list must cost the same whatever the number of physicians: its statement can
 * be answered by reading at most POOL_PER_LOCATION physicians of the job's specialty per job
 * location, nearest first from physician_places' index (a KNN scan under a LIMIT), and never a
 * whole table. On a test's twelve thousand physicians PostgreSQL rightly prefers to read the
 * specialty's few thousand rows at once, so the plan is taken with sequential and bitmap scans
 * off: what is checked is that the statement's shape allows the bounded plan, which is the plan
 * PostgreSQL chooses at a million (`BENCH_LARGE=1 npx tsx recommended.ts` in bench/ prints it).
 * A change that ordered the pool by something the index cannot give would read every row of
 * the specialty here, and fail.
 */

const PHYSICIANS = 12_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Order By'?: string;
  Plans?: PlanNode[];
}

function* walk(node: PlanNode): Generator<PlanNode> {
  yield node;
  for (const child of node.Plans ?? []) yield* walk(child);
}

let app: FastifyInstance;
let job: BenchJob;
const statements: { query: string; params: unknown[] }[] = [];
let db: Db;

beforeAll(async () => {
  app = await buildTestApp();
  const seeded = await seedLargeDataSet({ db: app.db, physicians: PHYSICIANS });
  job = seeded.job;
  await app.database.client.unsafe('analyze');
  db = drizzle({
    client: app.database.client,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (query, params) => statements.push({ query, params }) },
  }) as unknown as Db;
}, 120_000);
afterAll(async () => {
  await app.close();
});

describe('the ranking plan (recommended top 50)', () => {
  it('reads a bounded pool from the places index, never every physician of the specialty', async () => {
    const [bench] = await app.db.select().from(jobs).where(eq(jobs.id, job.jobId));
    const [ofSpecialty] = await app.db
      .select({ total: count() })
      .from(physicianPlaces)
      .where(and(eq(physicianPlaces.specialtyId, bench?.specialtyId ?? '')));
    const locations = bench?.locations.length ?? 0;
    // More candidates than the pool holds: a plan reading them all would read more than the bound.
    expect(ofSpecialty?.total ?? 0).toBeGreaterThan(POOL_PER_LOCATION * locations);

    const ranking = await rankPhysiciansForJob({
      db,
      jobId: job.jobId,
      organizationId: job.organizationId,
      limit: 50,
      offset: 0,
    });
    expect(ranking.physicians).toHaveLength(50);
    expect(statements).toHaveLength(1);
    const [statement] = statements;
    const [row] = await app.database.client.begin(async (sql) => {
      await sql.unsafe('set local enable_seqscan = off');
      await sql.unsafe('set local enable_bitmapscan = off');
      return sql.unsafe(`explain (analyze, format json) ${statement?.query}`, statement?.params as never);
    });
    const explained: { Plan: PlanNode }[] = row ? (row['QUERY PLAN'] as { Plan: PlanNode }[]) : [];
    const plan = explained[0]?.Plan;
    if (!plan) throw new Error('EXPLAIN gave no plan');
    const nodes = [...walk(plan)];

    const scans = nodes.filter(
      (node) => node['Relation Name'] === 'physicians' || node['Relation Name'] === 'physician_places',
    );
    expect(scans.length).toBeGreaterThan(0);
    for (const scan of scans)
      expect(scan['Node Type'], JSON.stringify(scan['Relation Name'])).not.toBe('Seq Scan');

    // The pool: nearest first from the places index, at most the bound per location.
    const pool = scans.filter((node) => node['Relation Name'] === 'physician_places' && node['Order By']);
    expect(pool.length).toBeGreaterThan(0);
    for (const scan of pool) expect(scan['Actual Rows']).toBeLessThanOrEqual(POOL_PER_LOCATION);
    // Every other read of either table is one row per pool member or per listed physician, never
    // the specialty's rows.
    for (const scan of scans) {
      expect(
        scan['Actual Rows'] * scan['Actual Loops'],
        JSON.stringify(scan['Index Name']),
      ).toBeLessThanOrEqual(POOL_PER_LOCATION * locations);
    }
  });
});
