import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDurationSeconds } from './figures.ts';
import type { Load } from './load.ts';

/**
 * The connection string of the embedded cluster a test server runs in its DATA_DIR: the
 * generated password beside it and the port its postmaster.pid records (line 4).
 */
export function embeddedDatabaseUrl(dataDir: string): string {
  const password = readFileSync(join(dataDir, 'postgres-password'), 'utf8').trim();
  const port = readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
    .split('\n')[3]
    ?.trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/medhire`;
}

/**
 * `concurrency` callers each run `operation` back to back for `seconds` (after a warm-up of the
 * same length as autocannon's), like autocannon's connections do against a URL, and the same
 * figures come out: operations per second and latency p50/p99.
 */
export async function measureDirect(
  operation: () => Promise<unknown>,
  concurrency: number,
  seconds = benchDurationSeconds(),
): Promise<Load> {
  const run = async (duration: number) => {
    const timings: number[] = [];
    let failed = 0;
    const deadline = performance.now() + duration * 1000;
    const caller = async () => {
      while (performance.now() < deadline) {
        const startedAt = performance.now();
        try {
          await operation();
          timings.push(performance.now() - startedAt);
        } catch {
          failed += 1;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, caller));
    timings.sort((a, b) => a - b);
    const at = (share: number) =>
      timings[Math.min(timings.length - 1, Math.ceil(share * timings.length) - 1)] ?? 0;
    return {
      requestsPerSecond: timings.length / duration,
      p50: Math.round(at(0.5) * 100) / 100,
      p99: Math.round(at(0.99) * 100) / 100,
      failed,
    };
  };
  await run(2);
  return run(seconds);
}
