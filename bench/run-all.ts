import { spawn } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchDurationSeconds, type Figure, formatTable, meetsTarget } from './lib/figures.ts';
import { waitForQuietMachine } from './lib/process-cpu.ts';

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const scripts = [
  'api-overhead.ts',
  'jobs.ts',
  'routes.ts',
  'serialization.ts',
  'physician-job-search.ts',
  'recommended.ts',
  'startup.ts',
  'notifications.ts',
  'bulk-actions.ts',
  'backup.ts',
  'messaging.ts',
  'messaging-chaos.ts',
  'lighthouse.ts',
  'physician-lighthouse.ts',
];

function runScript(script: string, resultFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(benchDir, script)], {
      cwd: benchDir,
      env: { ...process.env, BENCH_RESULT_FILE: resultFile },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

const workDir = await mkdtemp(join(tmpdir(), 'medhire-bench-'));
const figures: Figure[] = [];
const crashed: string[] = [];
const startedAt = Date.now();
try {
  for (const script of scripts) {
    console.log(`\n== ${script}`);
    // Each benchmark starts on a quiet machine: the previous one's servers and clusters have
    // finished shutting down, and its seeds' autovacuum has run.
    const quiet = await waitForQuietMachine();
    console.log(
      quiet.isQuiet
        ? `machine quiet after ${(quiet.waitedMs / 1000).toFixed(0)} s`
        : `machine still busy after ${(quiet.waitedMs / 1000).toFixed(0)} s: its figures may be slower`,
    );
    const resultFile = join(workDir, `${script}.json`);
    const exitCode = await runScript(script, resultFile);
    if (exitCode !== 0) {
      crashed.push(`${script} exited with code ${exitCode}`);
      continue;
    }
    figures.push(...(JSON.parse(await readFile(resultFile, 'utf8')) as Figure[]));
  }
} finally {
  await rm(workDir, { recursive: true, force: true });
}

const failed = figures.filter((figure) => meetsTarget(figure) === false);
console.log(`\n== MedHire benchmarks (${Math.round((Date.now() - startedAt) / 1000)} s)\n`);
console.log(formatTable(figures));
for (const problem of crashed) console.log(`ERROR: ${problem}`);

const resultsDir = join(benchDir, 'results');
await mkdir(resultsDir, { recursive: true });
await writeFile(
  join(resultsDir, 'latest.json'),
  `${JSON.stringify(
    {
      date: new Date().toISOString(),
      node: process.version,
      benchDurationSeconds: benchDurationSeconds(),
      figures: figures.map((figure) => ({ ...figure, pass: meetsTarget(figure) })),
      errors: crashed,
    },
    null,
    2,
  )}\n`,
);

if (crashed.length > 0 || failed.length > 0) process.exitCode = 1;
