import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { startEmbeddedCluster } from '../apps/server/src/db/embedded-cluster.ts';
import { createPostgresDatabase, type Db } from '../apps/server/src/db/index.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { rankPhysiciansForJob } from '../apps/server/src/domain/matching/rank-physicians.ts';
import { syncReferenceData } from '../apps/server/src/domain/reference/sync-reference-data.ts';
import { type BenchJob, seedLargeDataSet } from '../apps/server/src/seed/large-data-set.ts';
import { type Figure, reportFigures } from './lib/figures.ts';

/**
 * Recommended applicants: the one ranking query (rankPhysiciansForJob, top 50) for the bench
 * job over 100,000 physicians on the default embedded PostgreSQL cluster and on the machine's
 * PostgreSQL server, and over 1,000,000 on the latter when BENCH_LARGE=1 (seeding a million takes
 * minutes the first time). The data sets live in their own databases (medhire_bench_100k,
 * medhire_bench_1m), created and seeded on first use and reused while they hold the expected
 * number of physicians; the embedded cluster lives in a folder of the machine's temporary
 * directory that later runs reuse (BENCH_EMBEDDED_DIR). After a warm-up, the query runs RANK_RUNS times one after another; p50, p99 and mean
 * are reported, and the plan of the query (EXPLAIN ANALYZE, BUFFERS) is printed.
 */

const LIMIT = 50;
const WARM_UP_RUNS = 20;
const RANK_RUNS = Number(process.env.BENCH_RANK_RUNS ?? 200);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The requirement on the default (embedded) database at 100,000 physicians. */
const EMBEDDED_P99_TARGET_MS = 40;
/** The requirement on a PostgreSQL server, up to a million physicians. */
const SERVER_P99_TARGET_MS = 50;
const EMBEDDED_DIR = process.env.BENCH_EMBEDDED_DIR ?? join(tmpdir(), 'medhire-bench-embedded');

interface CapturedQuery {
  query: string;
  params: unknown[];
}

/** Drizzle logger that keeps the statements of one call, to EXPLAIN them afterwards. */
class QueryCapture implements Logger {
  isCapturing = false;
  queries: CapturedQuery[] = [];
  logQuery(query: string, params: unknown[]): void {
    if (this.isCapturing) this.queries.push({ query, params });
  }
}

interface BenchTarget {
  label: string;
  db: Db;
  capture: QueryCapture;
  explain(query: CapturedQuery): Promise<string[]>;
  close(): Promise<void>;
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function ensurePostgresDatabase(adminUrl: string, name: string): Promise<void> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    const [found] = await admin`select 1 from pg_database where datname = ${name}`;
    if (!found) await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
}

async function openPostgres(
  name: string,
  label: string,
  adminUrl = ADMIN_URL,
  onClose: () => Promise<void> = async () => {},
): Promise<BenchTarget> {
  await ensurePostgresDatabase(adminUrl, name);
  const url = databaseUrl(adminUrl, name);
  const migrator = createPostgresDatabase(url);
  try {
    await migrator.migrate();
  } finally {
    await migrator.close();
  }
  const client = postgres(url, { max: 4, onnotice: () => {} });
  const capture = new QueryCapture();
  const db = drizzlePostgres({ client, schema, casing: 'snake_case', logger: capture });
  return {
    label,
    db,
    capture,
    explain: async ({ query, params }) => {
      const rows = await client.unsafe(
        `explain (analyze, buffers) ${query}`,
        params as Parameters<typeof client.unsafe>[1],
      );
      return rows.map((row) => String(row['QUERY PLAN']));
    },
    close: async () => {
      await client.end({ timeout: 5 });
      await onClose();
    },
  };
}

/** The default database of `npm start`: an embedded cluster, kept between bench runs. */
async function openEmbedded(name: string, label: string): Promise<BenchTarget> {
  const cluster = await startEmbeddedCluster({
    clusterDir: join(EMBEDDED_DIR, 'postgres'),
    passwordFile: join(EMBEDDED_DIR, 'postgres-password'),
  });
  return openPostgres(name, label, cluster.adminUrl, cluster.stop);
}

function percentile(sorted: readonly number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

const round = (ms: number) => Math.round(ms * 100) / 100;

function resultCount(result: unknown): number {
  if (Array.isArray(result)) return result.length;
  if (result && typeof result === 'object') {
    for (const value of Object.values(result)) if (Array.isArray(value)) return value.length;
  }
  return 0;
}

async function benchOne(target: BenchTarget, physicians: number): Promise<Figure[]> {
  const { db, label, capture } = target;
  await syncReferenceData(db);
  const seedStartedAt = performance.now();
  const seeded = await seedLargeDataSet({
    db,
    physicians,
    onProgress: (written) => {
      if (written % 100_000 === 0) console.log(`  ${label}: ${written.toLocaleString('en-US')} physicians`);
    },
  });
  const seedSeconds = (performance.now() - seedStartedAt) / 1000;
  console.log(
    `${label}: ${seeded.after.toLocaleString('en-US')} physicians (${(seeded.after - seeded.before).toLocaleString('en-US')} added in ${seedSeconds.toFixed(1)} s)`,
  );
  const job: BenchJob = seeded.job;
  const rank = () =>
    rankPhysiciansForJob({
      db,
      jobId: job.jobId,
      organizationId: job.organizationId,
      limit: LIMIT,
      offset: 0,
    });

  for (let run = 0; run < WARM_UP_RUNS; run += 1) await rank();
  const timings: number[] = [];
  let returned = 0;
  for (let run = 0; run < RANK_RUNS; run += 1) {
    const startedAt = performance.now();
    const result = await rank();
    timings.push(performance.now() - startedAt);
    returned = resultCount(result);
  }
  timings.sort((a, b) => a - b);
  const mean = timings.reduce((sum, ms) => sum + ms, 0) / timings.length;

  capture.queries = [];
  capture.isCapturing = true;
  await rank();
  capture.isCapturing = false;
  for (const [index, query] of capture.queries.entries()) {
    const plan = await target.explain(query);
    console.log(
      `\n-- ${label}: plan of statement ${index + 1} of ${capture.queries.length}\n${plan.join('\n')}`,
    );
  }

  // ≤ 40 ms on the default embedded cluster at 100,000; ≤ 50 ms on a server, and at 1,000,000
  // on either (issue 29 puts the million on the embedded cluster).
  const p99Target =
    label.startsWith('embedded') && physicians < 1_000_000 ? EMBEDDED_P99_TARGET_MS : SERVER_P99_TARGET_MS;
  const name = `top ${LIMIT}, ${label}`;
  const benchmark = 'recommended';
  return [
    { benchmark, name: `${name} p50`, value: round(percentile(timings, 0.5)), unit: 'ms' },
    {
      benchmark,
      name: `${name} p99`,
      value: round(percentile(timings, 0.99)),
      unit: 'ms',
      target: { comparison: '<=' as const, value: p99Target },
    },
    { benchmark, name: `${name} mean`, value: round(mean), unit: 'ms' },
    { benchmark, name: `${name} results`, value: returned, unit: 'count' },
  ];
}

const allCases: { physicians: number; open: () => Promise<BenchTarget>; label: string }[] = [
  {
    physicians: 100_000,
    label: 'embedded PostgreSQL 100k physicians',
    open: () => openEmbedded('medhire_bench_100k', 'embedded PostgreSQL 100k physicians'),
  },
  {
    physicians: 100_000,
    label: 'PostgreSQL server 100k physicians',
    open: () => openPostgres('medhire_bench_100k', 'PostgreSQL server 100k physicians'),
  },
];
if (process.env.BENCH_LARGE === '1') {
  allCases.push(
    {
      physicians: 1_000_000,
      label: 'embedded PostgreSQL 1M physicians',
      open: () => openEmbedded('medhire_bench_1m', 'embedded PostgreSQL 1M physicians'),
    },
    {
      physicians: 1_000_000,
      label: 'PostgreSQL server 1M physicians',
      open: () => openPostgres('medhire_bench_1m', 'PostgreSQL server 1M physicians'),
    },
  );
}
/** `BENCH_RANK_ONLY=embedded` (any part of a case's label) runs only the cases it names. */
const only = process.env.BENCH_RANK_ONLY;
const cases = only ? allCases.filter((one) => one.label.includes(only)) : allCases;

/** The machine's load beside the figures: timings on a busy machine are not the query's alone. */
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');

const figures: Figure[] = [];
console.log(`load average (1, 5, 15 min) at start: ${loadAverage()}`);
for (const { physicians, open } of cases) {
  const target = await open();
  try {
    figures.push(...(await benchOne(target, physicians)));
  } finally {
    await target.close();
  }
}
console.log(`\nload average (1, 5, 15 min) at end: ${loadAverage()}`);
await reportFigures(figures);
