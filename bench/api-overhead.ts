import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { benchDurationSeconds, type Figure, reportFigures } from './lib/figures.ts';

const connections = 50;
const warmUpSeconds = 2;

interface Load {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function load(url: string, duration: number): Promise<Load> {
  const result = await autocannon({ url, connections, duration });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed: result.non2xx + result.errors,
  };
}

async function measure(url: string): Promise<Load> {
  // The first seconds include JIT compilation and connection setup; they are not the steady state.
  await load(url, warmUpSeconds);
  return load(url, benchDurationSeconds());
}

function startBareServer(): Promise<{ url: string; process: ChildProcess }> {
  const script = fileURLToPath(new URL('./lib/bare-http-server.mjs', import.meta.url));
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

const medhire = await startTestServer({ requireWebBuild: false });
const bare = await startBareServer().catch(async (error: unknown) => {
  await medhire.stop();
  throw error;
});
try {
  const health = await measure(`${medhire.baseURL}/api/health`);
  const floor = await measure(bare.url);
  const benchmark = 'api-overhead';
  const figures: Figure[] = [
    {
      benchmark,
      name: 'GET /api/health requests/s',
      value: Math.round(health.requestsPerSecond),
      unit: 'req/s',
    },
    { benchmark, name: 'GET /api/health latency p50', value: health.p50, unit: 'ms' },
    { benchmark, name: 'GET /api/health latency p99', value: health.p99, unit: 'ms' },
    { benchmark, name: 'GET /api/health failed responses', value: health.failed, unit: 'count' },
    {
      benchmark,
      name: 'bare node:http requests/s',
      value: Math.round(floor.requestsPerSecond),
      unit: 'req/s',
    },
    { benchmark, name: 'bare node:http latency p50', value: floor.p50, unit: 'ms' },
    { benchmark, name: 'bare node:http latency p99', value: floor.p99, unit: 'ms' },
    {
      benchmark,
      name: 'MedHire health rps / bare rps',
      value: Math.round((health.requestsPerSecond / floor.requestsPerSecond) * 100) / 100,
      unit: 'ratio',
    },
  ];
  await reportFigures(figures);
} finally {
  bare.process.removeAllListeners('exit');
  bare.process.kill('SIGTERM');
  await medhire.stop();
}
