import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot, startTestServer } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';

/**
 * `npm run backup` and `npm run restore` on the demo data set and on the large one
 * (BENCH_BACKUP_PHYSICIANS physicians added by seed:large; 0 skips it): backup time with the
 * server running, restore time into an empty data directory, archive size. No targets.
 */
const LARGE_PHYSICIANS = Number(process.env.BENCH_BACKUP_PHYSICIANS ?? '100000');
const benchmark = 'backup';

function runServerScript(script: string, args: string[], env: Record<string, string>): Promise<number> {
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(repoRoot, 'apps/server/src', script), ...args],
      {
        cwd: repoRoot,
        env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0
        ? resolve((performance.now() - startedAt) / 1000)
        : reject(new Error(`${script} ${args.join(' ')} exited with code ${code}`)),
    );
  });
}

async function measure(label: string, sourceDir: string, workDir: string): Promise<Figure[]> {
  const archive = join(workDir, `${label.replace(/\W+/g, '-')}.tar.gz`);
  // The server keeps serving on the data directory while the backup reads it.
  const server = await startTestServer({ requireWebBuild: false, env: { DATA_DIR: sourceDir } });
  let backupSeconds: number;
  try {
    backupSeconds = await runServerScript('db/backup.ts', ['--out', archive], { DATA_DIR: sourceDir });
    const health = await fetch(`${server.baseURL}/api/health`);
    if (!health.ok) throw new Error(`the server stopped answering during the backup (${health.status})`);
  } finally {
    await server.stop();
  }
  const restoredDir = join(workDir, `${label.replace(/\W+/g, '-')}-restored`);
  const restoreSeconds = await runServerScript('db/restore.ts', [archive], { DATA_DIR: restoredDir });
  const restored = await startTestServer({ requireWebBuild: false, env: { DATA_DIR: restoredDir } });
  await restored.stop();
  await rm(restoredDir, { recursive: true, force: true });
  const { size } = await stat(archive);
  const round = (value: number) => Math.round(value * 100) / 100;
  return [
    { benchmark, name: `${label}: backup (server running)`, value: round(backupSeconds), unit: 's' },
    {
      benchmark,
      name: `${label}: restore into an empty data directory`,
      value: round(restoreSeconds),
      unit: 's',
    },
    { benchmark, name: `${label}: archive size`, value: round(size / 1_048_576), unit: 'MiB' },
  ];
}

const workDir = await mkdtemp(join(tmpdir(), 'medhire-bench-backup-'));
const sourceDir = join(workDir, 'source');
try {
  // First start seeds the demo data set.
  const seeding = await startTestServer({
    demoData: true,
    requireWebBuild: false,
    env: { DATA_DIR: sourceDir },
  });
  await seeding.stop();
  const figures = await measure('demo data', sourceDir, workDir);
  if (LARGE_PHYSICIANS > 0) {
    await runServerScript('seed/seed-large.ts', ['--physicians', String(LARGE_PHYSICIANS)], {
      DATA_DIR: sourceDir,
    });
    figures.push(
      ...(await measure(`demo + ${LARGE_PHYSICIANS.toLocaleString('en-US')} physicians`, sourceDir, workDir)),
    );
  }
  await reportFigures(figures);
} finally {
  await rm(workDir, { recursive: true, force: true });
}
