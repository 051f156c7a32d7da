import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../../config.ts';
import { lockDataDir } from '../../db/data-dir-lock.ts';
import { isRunning, startEmbeddedCluster } from '../../db/embedded-cluster.ts';
import { BackupError } from './archive.ts';

export interface BackupSource {
  url: string;
  /** How it was reached, for the command's output. */
  description: string;
  /** Stops a cluster started only for the backup; nothing otherwise. */
  release(): Promise<void>;
}

/**
 * The database `npm run backup` reads: DATABASE_URL's, or the embedded cluster of DATA_DIR.
 * A cluster the server is running is reached on the port its `postmaster.pid` names (the
 * server keeps serving); a stopped one is started for the backup and stopped after it.
 */
export async function openBackupSource(
  config: Pick<AppConfig, 'dataDir' | 'databaseUrl'>,
  log: (message: string) => void = () => {},
): Promise<BackupSource> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, description: 'the database of DATABASE_URL', release: async () => {} };
  }
  const clusterDir = path.join(config.dataDir, 'postgres');
  const passwordFile = path.join(config.dataDir, 'postgres-password');
  if (!existsSync(path.join(clusterDir, 'PG_VERSION')) || !existsSync(passwordFile)) {
    throw new BackupError(
      `${config.dataDir} holds no MedHire database (no ${clusterDir}). Set DATA_DIR to the installation's data directory, or DATABASE_URL.`,
    );
  }
  const password = readFileSync(passwordFile, 'utf8').trim();
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    // postmaster.pid: pid, data directory, start time, port, … (one per line).
    const lines = readFileSync(pidFile, 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (Number.isInteger(pid) && pid > 0 && isRunning(pid) && Number.isInteger(port) && port > 0) {
      return {
        url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medhire`,
        description: `the running embedded database (port ${port})`,
        release: async () => {},
      };
    }
  }
  // No server runs on DATA_DIR: hold its lock while the cluster runs for the backup, so a server
  // starting meanwhile exits with a message instead of taking the cluster over.
  const lock = lockDataDir(config.dataDir, log);
  log('The embedded database is not running; starting it for the backup.');
  try {
    const cluster = await startEmbeddedCluster({ clusterDir, passwordFile, log });
    return {
      url: cluster.url,
      description: 'the embedded database (started for the backup)',
      release: async () => {
        try {
          await cluster.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (error) {
    lock.release();
    throw error;
  }
}
