import { availableParallelism, loadavg } from 'node:os';
import { startTestServer, type TestServer } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';
import {
  type BenchConversation,
  createMessagingDatabase,
  openSocket,
  openSockets,
  percentile,
} from './lib/messaging-fixtures.ts';
import { postJson } from './lib/post-json.ts';
import { type CpuSnapshot, type CpuUse, cpuSnapshot, cpuUsedBetween } from './lib/process-cpu.ts';

/**
 * Messaging under load: CONVERSATIONS conversations, each between its own organisation's
 * employer and its own physician, both sides connected by Socket.IO (2 × CONVERSATIONS sockets).
 * Messages go out at RATE per second for SECONDS, alternating sides (the physician through
 * POST /api/employee/conversation/send-message, the employer through
 * POST /api/employer/conversation/send-message); each one's send→delivery time runs from just
 * before the POST to the other side's socket receiving `onMessage`. Run on one server process,
 * then on two behind Redis (REDIS_URL, the Redis Streams adapter) with every conversation's two
 * sockets on different instances and the sends spread over both. Target: p99 ≤ 100 ms.
 * Everything (load generator included) runs on this machine.
 */

const CONVERSATIONS = Number(process.env.BENCH_MSG_CONVERSATIONS ?? 1000);
const RATE = Number(process.env.BENCH_MSG_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_MSG_SECONDS ?? 60);
/**
 * Seconds of sending before the measured phase (JIT, pools and caches warm up); not counted. A
 * server started a moment before and loaded at once with 500 messages a second falls behind for
 * its first six or seven seconds (BENCH_MSG_TIMELINE=1 shows it) and then holds; after 5 s of
 * warm-up that start was most of the p99, so the default leaves it out.
 */
const WARM_UP_SECONDS = Number(process.env.BENCH_MSG_WARMUP ?? 15);
/** Extra Node.js flags for the servers, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p` to profile a run. */
const NODE_ARGS = (process.env.BENCH_MSG_NODE_ARGS ?? '').split(' ').filter(Boolean);
const MODES = (process.env.BENCH_MSG_MODES ?? 'one,two').split(',').map((mode) => mode.trim());
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const P99_TARGET_MS = 100;
/** How long a message may take to arrive before it counts as not delivered. */
const DELIVERY_TIMEOUT_MS = 10_000;
/** `BENCH_MSG_TIMELINE=1` prints each measured second's message count, p50 and max (by send time). */
const TIMELINE = process.env.BENCH_MSG_TIMELINE === '1';

interface RunResult {
  sent: number;
  failedSends: number;
  delivered: number;
  p50: number;
  p99: number;
  max: number;
  /** CPU time used in the measured phase per group of processes (empty without /proc). */
  cpu: CpuUse[];
  /** Share of the machine's CPU time busy in the measured phase (0..1; NaN without /proc). */
  machineBusy: number;
}

async function runLoad(servers: TestServer[], fixtures: BenchConversation[]): Promise<RunResult> {
  const pending = new Map<string, number>();
  const latencies: number[] = [];
  /** Per measured second (by send time): the latencies of the messages sent in it. */
  const timeline: number[][] = [];
  let measuredFrom = Number.POSITIVE_INFINITY;
  const onMessage = (payload: { message: { body: string } }) => {
    const startedAt = pending.get(payload.message.body);
    if (startedAt === undefined) return;
    pending.delete(payload.message.body);
    if (payload.message.body.startsWith('bench warm-up')) return;
    const latency = performance.now() - startedAt;
    latencies.push(latency);
    if (TIMELINE) {
      const second = Math.floor((startedAt - measuredFrom) / 1000);
      const bucket = timeline[second] ?? [];
      bucket.push(latency);
      timeline[second] = bucket;
    }
  };
  const server = (index: number) => servers[index % servers.length]?.baseURL ?? '';
  // A conversation's two sockets sit on different instances when there are two.
  const sockets = await openSockets(
    fixtures.flatMap((fixture, index) => [
      () => openSocket(server(index), fixture.employerToken),
      () => openSocket(server(index + 1), fixture.physicianToken),
    ]),
  );
  for (const socket of sockets) socket.on('onMessage', onMessage);
  console.log(`  ${sockets.length} sockets connected; sending ${RATE}/s for ${SECONDS} s`);

  let sent = 0;
  let failedSends = 0;
  const inFlight = new Set<Promise<void>>();
  const warmUp = Math.round(RATE * WARM_UP_SECONDS);
  const total = warmUp + Math.round(RATE * SECONDS);
  const startedAt = performance.now();
  measuredFrom = startedAt + WARM_UP_SECONDS * 1000;
  let cpuAtStart: CpuSnapshot | undefined;
  for (let index = 0; index < total; index += 1) {
    // The schedule is absolute, so the few milliseconds of the snapshot are caught up at once.
    if (index === warmUp) cpuAtStart = await cpuSnapshot();
    const due = startedAt + (index * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const fixture = fixtures[index % fixtures.length] as BenchConversation;
    const fromPhysician = Math.floor(index / fixtures.length) % 2 === 0;
    const isWarmUp = index < warmUp;
    const body = isWarmUp ? `bench warm-up ${index}` : `bench ${index}`;
    const path = fromPhysician ? 'employee' : 'employer';
    const token = fromPhysician ? fixture.physicianToken : fixture.employerToken;
    pending.set(body, performance.now());
    const call = postJson(
      `${server(index)}/api/${path}/conversation/send-message/${fixture.conversationId}`,
      token,
      { body, tempMsgId: `bench-${index}` },
    )
      .then((response) => {
        if (response.status !== 200) throw new Error(`status ${response.status}`);
        if (!isWarmUp) sent += 1;
      })
      .catch(() => {
        if (!isWarmUp) failedSends += 1;
        pending.delete(body);
      });
    inFlight.add(call);
    void call.finally(() => inFlight.delete(call));
  }
  await Promise.all(inFlight);
  const cpuAtEnd = await cpuSnapshot();
  const serverPids = new Set(servers.map((server) => server.pid));
  const cpu =
    cpuAtStart && cpuAtEnd
      ? cpuUsedBetween(cpuAtStart, cpuAtEnd, [
          { name: servers.length === 1 ? 'server' : 'servers', includes: (pid) => serverPids.has(pid) },
          { name: 'PostgreSQL', includes: (_pid, command) => command.startsWith('postgres') },
          ...(servers.length > 1
            ? [
                {
                  name: 'Redis',
                  includes: (_pid: number, command: string) => command.startsWith('redis-server'),
                },
              ]
            : []),
          { name: 'load generator', includes: (pid) => pid === process.pid },
        ])
      : [];
  const machineBusy =
    cpuAtStart && cpuAtEnd
      ? (cpuAtEnd.machineBusy - cpuAtStart.machineBusy) / (cpuAtEnd.machineTotal - cpuAtStart.machineTotal)
      : Number.NaN;
  const deadline = Date.now() + DELIVERY_TIMEOUT_MS;
  while (pending.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  for (const socket of sockets) socket.disconnect();
  if (TIMELINE) {
    for (const [second, values] of timeline.entries()) {
      const sorted = (values ?? []).sort((a, b) => a - b);
      console.log(
        `  second ${second}: ${sorted.length} delivered, p50 ${percentile(sorted, 0.5).toFixed(1)} ms, max ${percentile(sorted, 1).toFixed(1)} ms`,
      );
    }
  }
  latencies.sort((a, b) => a - b);
  return {
    sent,
    failedSends,
    // Warm-up messages not yet delivered are dropped from the count: only measured ones count.
    delivered: latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: percentile(latencies, 1),
    cpu,
    machineBusy,
  };
}

async function main() {
  console.log(
    `messaging: ${CONVERSATIONS} conversations (${CONVERSATIONS * 2} sockets), ${RATE} messages/s for ${SECONDS} s; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const figures: Figure[] = [];
  const cpus = availableParallelism();
  const target = { comparison: '<=' as const, value: P99_TARGET_MS };
  for (const mode of MODES) {
    const fixtures = await createMessagingDatabase(`messaging_${mode}`, CONVERSATIONS);
    const instances = mode === 'two' ? 2 : 1;
    const env: Record<string, string> = { DATABASE_URL: fixtures.url, TRUST_PROXY: 'loopback' };
    if (instances === 2) env.REDIS_URL = REDIS_URL;
    const servers: TestServer[] = [];
    try {
      for (let index = 0; index < instances; index += 1) {
        servers.push(await startTestServer({ requireWebBuild: false, env, nodeArgs: NODE_ARGS }));
      }
      console.log(`\n${mode === 'two' ? 'two instances with Redis' : 'one instance'}:`);
      const result = await runLoad(servers, fixtures.conversations);
      const label = mode === 'two' ? 'two instances + Redis' : 'one instance';
      const benchmark = 'messaging';
      figures.push(
        { benchmark, name: `${label}: send→delivery p50`, value: result.p50, unit: 'ms' },
        { benchmark, name: `${label}: send→delivery p99`, value: result.p99, unit: 'ms', target },
        { benchmark, name: `${label}: send→delivery max`, value: result.max, unit: 'ms' },
        { benchmark, name: `${label}: messages acknowledged`, value: result.sent, unit: 'messages' },
        { benchmark, name: `${label}: sends refused or failed`, value: result.failedSends, unit: 'messages' },
        {
          benchmark,
          name: `${label}: acknowledged but not delivered`,
          value: result.sent - result.delivered,
          unit: 'messages',
          target: { comparison: '<=', value: 0 },
        },
      );
      if (result.cpu.length > 0 && result.sent > 0) {
        figures.push({
          benchmark,
          name: `${label}: machine CPU busy (${cpus} cores)`,
          value: Math.round(result.machineBusy * 1000) / 10,
          unit: '%',
        });
        for (const use of result.cpu) {
          figures.push({
            benchmark,
            name: `${label}: CPU per message, ${use.name}`,
            value: Math.round((use.ms / result.sent) * 100) / 100,
            unit: 'ms',
          });
        }
      }
    } finally {
      for (const server of servers) await server.stop();
      await fixtures.drop();
    }
  }
  console.log(
    `load average after: ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}\n`,
  );
  await reportFigures(figures);
}

await main();
