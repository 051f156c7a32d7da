import { existsSync } from 'node:fs';
import path from 'node:path';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { type EmbeddedCluster, startEmbeddedCluster } from './embedded-cluster.ts';

/** The embedded cluster of a DATA_DIR, with this process's lock on that folder. */
export interface DataDirCluster {
  cluster: EmbeddedCluster;
  dataDirLock: DataDirLock;
}

/**
 * Locks DATA_DIR and starts its embedded cluster (created on the first start). Kept apart from
 * the rest of the database code, which loads Drizzle and the schema: the server starts the
 * cluster first and loads those while PostgreSQL starts.
 */
export async function startDataDirCluster(
  dataDir: string,
  log: (message: string) => void,
  options: { allowLegacyData?: boolean } = {},
): Promise<DataDirCluster> {
  // Before anything in DATA_DIR is looked at: a second server must leave the first one's cluster
  // alone. Only the embedded database is locked: with DATABASE_URL, instances may share a
  // DATA_DIR on purpose (a shared volume for uploads and exports behind a load balancer).
  const dataDirLock = lockDataDir(dataDir, log);
  try {
    if (!options.allowLegacyData) assertNoUnconvertedPgliteData(dataDir);
    const cluster = await startEmbeddedCluster({
      clusterDir: path.join(dataDir, 'postgres'),
      passwordFile: path.join(dataDir, 'postgres-password'),
      log,
    });
    return { cluster, dataDirLock };
  } catch (error) {
    dataDirLock.release();
    throw error;
  }
}

/**
 * Earlier versions kept the embedded database in DATA_DIR/db (PGlite). Its rows are moved into
 * the PostgreSQL cluster by `npm run upgrade:data` once; until then the server refuses to start
 * on an empty cluster rather than letting the data silently disappear.
 */
function assertNoUnconvertedPgliteData(dataDir: string): void {
  const legacyDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(legacyDir, 'PG_VERSION'))) return;
  if (existsSync(path.join(legacyDir, 'MOVED-TO-POSTGRES'))) return;
  throw new LegacyDataError(
    `${legacyDir} holds data of an earlier MedHire version (embedded PGlite). ` +
      'Move it into the embedded PostgreSQL database once with `npm run upgrade:data` ' +
      '(with the same DATA_DIR), then start again.',
  );
}

export class LegacyDataError extends Error {}
