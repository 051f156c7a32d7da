import { type ChildProcess, spawn } from 'node:child_process';
import type { IncomingHttpHeaders } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchDurationSeconds } from './figures.ts';

export const CONNECTIONS = 50;
const WARM_UP_SECONDS = 2;

export interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

export interface LoadOptions {
  headers?: IncomingHttpHeaders;
  /** Headers computed per request (e.g. a distinct client address each time). */
  headersPerRequest?: () => IncomingHttpHeaders;
  /**
   * Each request a POST of its own: the path (from the server's root) and the JSON body, e.g. a
   * message with its own temp id to one conversation after another.
   */
  postPerRequest?: () => { path: string; body: unknown };
}

/** autocannon with CONNECTIONS connections against one URL for `duration` seconds. */
export async function load(url: string, duration: number, options: LoadOptions = {}): Promise<Load> {
  const { headersPerRequest, postPerRequest } = options;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: postPerRequest ? { ...options.headers, 'content-type': 'application/json' } : options.headers,
    ...(postPerRequest ? { method: 'POST' as const } : {}),
    requests:
      headersPerRequest || postPerRequest
        ? [
            {
              setupRequest: (request) => {
                const post = postPerRequest?.();
                return {
                  ...request,
                  headers: { ...request.headers, ...headersPerRequest?.() },
                  ...(post ? { path: post.path, body: JSON.stringify(post.body) } : {}),
                };
              },
            },
          ]
        : undefined,
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

/** Steady-state figures: the first seconds include JIT compilation and connection setup. */
export async function measure(url: string, options: LoadOptions = {}): Promise<Load> {
  await load(url, WARM_UP_SECONDS, options);
  return load(url, benchDurationSeconds(), options);
}

/** Median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * The rounds of one URL as one figure: mean requests/s, median p50, the worst round's p99 and
 * every failure.
 */
export function combineRounds(rounds: Load[]): Load {
  return {
    requestsPerSecond: rounds.reduce((sum, round) => sum + round.requestsPerSecond, 0) / rounds.length,
    p50: median(rounds.map((round) => round.p50)),
    p99: Math.max(...rounds.map((round) => round.p99)),
    failed: rounds.reduce((sum, round) => sum + round.failed, 0),
  };
}

/**
 * Several URLs measured in turns instead of one after the other: after a warm-up of each, every
 * round loads each URL for `benchDurationSeconds() / rounds` seconds in the same order. On a
 * shared machine whose speed drifts by tens of percent over a minute, two URLs compared within
 * one round saw the same machine; a ratio of URLs measured a minute apart did not.
 */
export async function measureInTurns(
  urls: string[],
  rounds: number,
  options: LoadOptions = {},
): Promise<Load[][]> {
  for (const url of urls) await load(url, WARM_UP_SECONDS, options);
  const slice = Math.max(1, benchDurationSeconds() / rounds);
  const results: Load[][] = urls.map(() => []);
  for (let round = 0; round < rounds; round += 1) {
    for (const [index, url] of urls.entries()) results[index]?.push(await load(url, slice, options));
  }
  return results;
}

/** The floor every figure is compared with: node:http answering a fixed body, in its own process. */
export function startBareServer(): Promise<{ url: string; process: ChildProcess }> {
  const script = fileURLToPath(new URL('./bare-http-server.mjs', import.meta.url));
  const child = spawn(process.execPath, [script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bare http server exited early (code ${code})`)));
    child.stdout?.once('data', (chunk: Buffer) => {
      const port = /listening (\d+)/.exec(chunk.toString())?.[1];
      if (port) resolve({ url: `http://127.0.0.1:${port}/`, process: child });
      else reject(new Error(`bare http server printed "${chunk.toString()}" instead of its port`));
    });
  });
}

export function stopBareServer(bare: { process: ChildProcess }): void {
  bare.process.removeAllListeners('exit');
  bare.process.kill('SIGTERM');
}
