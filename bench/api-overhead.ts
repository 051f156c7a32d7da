import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import type { Figure } from './lib/figures.ts';
import { reportFigures } from './lib/figures.ts';
import {
  combineRounds,
  type Load,
  measureInTurns,
  median,
  startBareServer,
  stopBareServer,
} from './lib/load.ts';

/**
 * What the framework, every plugin and hook cost per request: `GET /api/health/live` (no I/O) next
 * to a bare node:http server in the same run (target ≥ 0.80 of it), and the readiness check
 * `GET /api/health`, which also pings the database. The three are loaded in turns (ROUNDS rounds,
 * each URL for a slice of BENCH_DURATION), and each ratio is the median of the rounds' ratios: on
 * a shared machine one slow stretch then moves one round, not the figure.
 */
const LIVE_RATIO_TARGET = 0.8;
const ROUNDS = 5;

const medhire = await startTestServer({ requireWebBuild: false });
const bare = await startBareServer().catch(async (error: unknown) => {
  await medhire.stop();
  throw error;
});
try {
  // The liveness check and its floor back to back in each round: their ratio is the target.
  const [liveRounds = [], floorRounds = [], readyRounds = []] = await measureInTurns(
    [`${medhire.baseURL}/api/health/live`, bare.url, `${medhire.baseURL}/api/health`],
    ROUNDS,
  );
  const [live, ready, floor] = [liveRounds, readyRounds, floorRounds].map(combineRounds) as [
    Load,
    Load,
    Load,
  ];
  const benchmark = 'api-overhead';
  const describe = (label: string, result: Load): Figure[] => [
    { benchmark, name: `${label} requests/s`, value: Math.round(result.requestsPerSecond), unit: 'req/s' },
    { benchmark, name: `${label} latency p50`, value: result.p50, unit: 'ms' },
    { benchmark, name: `${label} latency p99`, value: result.p99, unit: 'ms' },
    { benchmark, name: `${label} failed responses`, value: result.failed, unit: 'count' },
  ];
  const ratio = (rounds: Load[]) =>
    Math.round(
      median(
        rounds.map(
          (round, index) => round.requestsPerSecond / (floorRounds[index]?.requestsPerSecond ?? Number.NaN),
        ),
      ) * 100,
    ) / 100;
  const figures: Figure[] = [
    ...describe('GET /api/health/live', live),
    ...describe('GET /api/health (database ping)', ready),
    ...describe('bare node:http', floor),
    {
      benchmark,
      name: 'health/live rps / bare rps',
      value: ratio(liveRounds),
      unit: 'ratio',
      target: { comparison: '>=', value: LIVE_RATIO_TARGET },
    },
    { benchmark, name: 'health (ready) rps / bare rps', value: ratio(readyRounds), unit: 'ratio' },
  ];
  await reportFigures(figures);
} finally {
  stopBareServer(bare);
  await medhire.stop();
}
