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
}

/** autocannon with CONNECTIONS connections against one URL for `duration` seconds. */
export async function load(url: string, duration: number, options: LoadOptions = {}): Promise<Load> {
  const { headersPerRequest } = options;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    headers: options.headers,
    requests: headersPerRequest
      ? [
          {
            setupRequest: (request) => ({
              ...request,
              headers: { ...request.headers, ...headersPerRequest() },
            }),
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
