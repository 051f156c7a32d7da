import { ConfigError, loadConfig } from '../config.ts';
import { createDatabase } from './index.ts';

/** `npm run migrate`: applies pending migrations to the configured database and exits. */
async function main() {
  const config = loadConfig();
  const database = await createDatabase(config);
  try {
    await database.migrate();
    process.stdout.write(`Migrations applied (${database.engine}).\n`);
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
