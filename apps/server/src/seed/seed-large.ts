import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from '../db/index.ts';
import { syncReferenceData } from '../domain/reference/sync-reference-data.ts';
import { BENCH_EMPLOYER_EMAIL, BENCH_EMPLOYER_PASSWORD, seedLargeDataSet } from './large-data-set.ts';

/**
 * `npm run seed:large -w apps/server -- --physicians 100000`: fills the configured database
 * (DATABASE_URL, else the embedded PostgreSQL cluster in DATA_DIR) with the bench employer, its job and that many
 * physicians. Running it again with a bigger number adds the missing physicians only.
 */
async function main() {
  const { values } = parseArgs({ options: { physicians: { type: 'string', default: '100000' } } });
  const wanted = Number((values.physicians ?? '').replaceAll('_', ''));
  if (!Number.isInteger(wanted) || wanted < 0) {
    throw new Error(
      `--physicians takes a whole number, e.g. --physicians 100000 (got "${values.physicians}").`,
    );
  }
  const config = loadConfig();
  const database = await createDatabase(config);
  const startedAt = performance.now();
  const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(1);
  try {
    await database.migrate();
    await syncReferenceData(database.db);
    let reported = 0;
    const result = await seedLargeDataSet({
      db: database.db,
      physicians: wanted,
      onProgress: (written) => {
        if (written - reported >= 50_000 || written === wanted) {
          reported = written;
          process.stdout.write(`  ${written.toLocaleString('en-US')} physicians (${seconds()} s)\n`);
        }
      },
    });
    process.stdout.write(
      `${database.engine}: ${result.after.toLocaleString('en-US')} bench physicians (${(result.after - result.before).toLocaleString('en-US')} added) in ${seconds()} s.\n` +
        `Bench job ${result.job.jobId}; employer login ${BENCH_EMPLOYER_EMAIL} / ${BENCH_EMPLOYER_PASSWORD}\n`,
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
