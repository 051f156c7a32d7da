import { parseArgs } from 'node:util';
import { ConfigError, loadDataLocation } from '../config.ts';
import { BackupError } from '../domain/backup/archive.ts';
import { restoreBackup } from '../domain/backup/restore-backup.ts';

/**
 * `npm run restore -- FILE`: the archive into an empty DATA_DIR (and an empty DATABASE_URL
 * database when set). Refuses, changing nothing, a damaged archive, one from a newer version
 * and a target that holds data. See README, "Operations".
 */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const archive = positionals[0];
  if (!archive || positionals.length > 1)
    throw new BackupError('Name one archive to restore: npm run restore -- FILE.tar.gz');
  const config = loadDataLocation();
  const startedAt = performance.now();
  const manifest = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    log: (message) => process.stdout.write(`${message}\n`),
  });
  const rows = manifest.database.tables.reduce((sum, table) => sum + table.rows, 0);
  process.stdout.write(
    `Restored ${archive} (made ${manifest.createdAt} by MedHire ${manifest.appVersion}) into ${config.dataDir}` +
      `${config.databaseUrl ? ' and the database of DATABASE_URL' : ''}: ${rows.toLocaleString('en-US')} rows in ` +
      `${((performance.now() - startedAt) / 1000).toFixed(1)} s. Start the server on it (npm start); it applies any newer migrations.\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof ConfigError || error instanceof BackupError ? error.message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
