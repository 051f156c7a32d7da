import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { ConfigError, loadDataLocation } from '../config.ts';
import { BackupError } from '../domain/backup/archive.ts';
import { createBackup } from '../domain/backup/create-backup.ts';
import { openBackupSource } from '../domain/backup/open-backup-source.ts';
import { APP_VERSION } from '../lib/version.ts';

/**
 * `npm run backup -- --out FILE`: one archive of the installation of DATA_DIR (or DATABASE_URL
 * and DATA_DIR) while its server keeps serving. See README, "Operations".
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) throw new BackupError('Name the archive to write: npm run backup -- --out FILE.tar.gz');
  const config = loadDataLocation();
  const log = (message: string) => process.stdout.write(`${message}\n`);
  const source = await openBackupSource(config, log);
  const sql = postgres(source.url, { max: 1, onnotice: () => {} });
  const startedAt = performance.now();
  try {
    const result = await createBackup({
      sql,
      dataDir: config.dataDir,
      outFile: values.out,
      appVersion: APP_VERSION,
    });
    const rows = result.manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
    const files = Object.keys(result.manifest.members).filter((name) => name.startsWith('files/')).length;
    process.stdout.write(
      `Backup of ${source.description} written to ${result.file}: ${result.manifest.database.tables.length} tables, ` +
        `${rows.toLocaleString('en-US')} rows, ${files} files, ${(result.bytes / 1_048_576).toFixed(1)} MiB, ` +
        `migration ${result.manifest.migration.tag}, PostgreSQL ${result.manifest.postgres.serverVersion}, ` +
        `${((performance.now() - startedAt) / 1000).toFixed(1)} s.\n`,
    );
  } finally {
    await sql.end({ timeout: 5 });
    await source.release();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
