import net from 'node:net';
import { loadavg } from 'node:os';
import postgres from 'postgres';
import type { Socket } from 'socket.io-client';
import { startTestServer, type TestServer } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';
import {
  createMessagingDatabase,
  HISTORY_TEMP_ID_PREFIX,
  openSocket,
  openSockets,
} from './lib/messaging-fixtures.ts';

/**
 * Messaging under faults: two server instances (PostgreSQL + Redis) behind a small round-robin
 * TCP proxy on loopback; every KILL_EVERY seconds one of them, in turn, is killed with SIGKILL
 * and started again, for SECONDS, while messages go out at RATE per second (alternating sides,
 * through the proxy). A sender whose call fails sends again with the same tempMsgId, as the web
 * app's Retry does, until it is acknowledged (or the run ends). Both sides of every
 * conversation keep a socket open through the proxy (reconnecting after each kill).
 *
 * Afterwards each receiving side asks `sync` for everything and adds it to what arrived live.
 * Reported: messages acknowledged, stored, and delivered to the other party; acknowledged but not
 * stored (lost), stored twice (duplicates), conversations whose sequence has a gap. Targets: 0
 * lost, 0 duplicates, 0 gaps, every acknowledged message delivered.
 */

const CONVERSATIONS = Number(process.env.BENCH_CHAOS_CONVERSATIONS ?? 100);
const RATE = Number(process.env.BENCH_CHAOS_RATE ?? 100);
const SECONDS = Number(process.env.BENCH_CHAOS_SECONDS ?? 120);
const KILL_EVERY_SECONDS = Number(process.env.BENCH_CHAOS_KILL_EVERY ?? 10);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** How long a sender keeps retrying one message after the load phase ended. */
const RETRY_GRACE_MS = 30_000;

/** A round-robin TCP proxy over whichever backends are listed now; a refused backend is skipped. */
function startProxy(backends: () => number[]): Promise<{ port: number; close: () => void }> {
  let next = 0;
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    const ports = backends();
    const attempt = (tries: number) => {
      const port = ports[next++ % Math.max(1, ports.length)];
      if (port === undefined || tries >= ports.length * 2) {
        client.destroy();
        return;
      }
      const upstream = net.connect(port, '127.0.0.1');
      upstream.once('connect', () => {
        open.add(upstream);
        upstream.on('close', () => open.delete(upstream));
        client.pipe(upstream).pipe(client);
        upstream.on('error', () => client.destroy());
        client.on('error', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.on('close', () => upstream.destroy());
      });
      upstream.once('error', () => {
        if (!upstream.readyState || upstream.connecting) attempt(tries + 1);
      });
    };
    attempt(0);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address() as net.AddressInfo;
      resolve({
        port: address.port,
        close: () => {
          for (const socket of open) socket.destroy();
          server.close();
        },
      });
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface SyncPage {
  data: {
    changes: { type: string; message?: { _id: string; tempMsgId?: string } }[];
    nextCursor: string;
    hasMore: boolean;
  };
}

async function main() {
  console.log(
    `messaging chaos: ${CONVERSATIONS} conversations, ${RATE} messages/s for ${SECONDS} s, one of two instances killed every ${KILL_EVERY_SECONDS} s; load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  const fixtures = await createMessagingDatabase('messaging_chaos', CONVERSATIONS);
  const env: Record<string, string> = { DATABASE_URL: fixtures.url, REDIS_URL, TRUST_PROXY: 'loopback' };
  const servers: (TestServer | null)[] = [null, null];
  const start = async (slot: number) => {
    servers[slot] = await startTestServer({ requireWebBuild: false, env });
  };
  await Promise.all([start(0), start(1)]);
  const proxy = await startProxy(() => servers.flatMap((server) => (server ? [server.port] : [])));
  const baseURL = `http://127.0.0.1:${proxy.port}`;
  const sockets: Socket[] = [];
  let kills = 0;
  try {
    // What each side received live, by tempMsgId (each conversation's receiver is its own person).
    const receivedLive = new Map<string, number>();
    const onMessage = (payload: { message: { tempMsgId?: string } }) => {
      const key = payload.message.tempMsgId ?? '';
      receivedLive.set(key, (receivedLive.get(key) ?? 0) + 1);
    };
    sockets.push(
      ...(await openSockets(
        fixtures.conversations.flatMap((fixture) => [
          () => openSocket(baseURL, fixture.employerToken, true),
          () => openSocket(baseURL, fixture.physicianToken, true),
        ]),
        20,
      )),
    );
    for (const socket of sockets) socket.on('onMessage', onMessage);

    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    let retries = 0;
    let isRunning = true;
    const sendUntilAcknowledged = async (index: number) => {
      const fixture = fixtures.conversations[index % fixtures.conversations.length];
      if (!fixture) return;
      const fromPhysician = index % 2 === 0;
      const tempMsgId = `chaos-${index}`;
      attempted.add(tempMsgId);
      const giveUpAt = Date.now() + SECONDS * 1000 + RETRY_GRACE_MS;
      for (let attempt = 0; Date.now() < giveUpAt; attempt += 1) {
        if (attempt > 0) retries += 1;
        try {
          const response = await fetch(
            `${baseURL}/api/${fromPhysician ? 'employee' : 'employer'}/conversation/send-message/${fixture.conversationId}`,
            {
              method: 'POST',
              headers: {
                authorization: fromPhysician ? fixture.physicianToken : fixture.employerToken,
                'content-type': 'application/json',
              },
              body: JSON.stringify({ body: `chaos ${index}`, tempMsgId }),
              signal: AbortSignal.timeout(5_000),
            },
          );
          await response.arrayBuffer();
          if (response.status === 200) {
            acknowledged.add(tempMsgId);
            return;
          }
        } catch {
          // The instance died under the call: send again, same tempMsgId.
        }
        await sleep(Math.min(2_000, 100 * 2 ** attempt));
      }
    };

    // Every KILL_EVERY seconds of the clock, the next instance in turn dies; it starts again in
    // the background (an instance still starting when its turn comes is left alone).
    const restarts: Promise<void>[] = [];
    const killer = (async () => {
      let slot = 0;
      const firstAt = Date.now();
      for (let tick = 1; isRunning; tick += 1) {
        await sleep(Math.max(0, firstAt + tick * KILL_EVERY_SECONDS * 1000 - Date.now()));
        if (!isRunning) break;
        const victim = servers[slot];
        if (victim) {
          const victimSlot = slot;
          servers[victimSlot] = null;
          process.kill(victim.pid, 'SIGKILL');
          kills += 1;
          restarts.push(victim.stop().then(() => start(victimSlot)));
        }
        slot = 1 - slot;
      }
    })();

    const sends: Promise<void>[] = [];
    const total = Math.round(RATE * SECONDS);
    const startedAt = performance.now();
    for (let index = 0; index < total; index += 1) {
      const wait = startedAt + (index * 1000) / RATE - performance.now();
      if (wait > 1) await sleep(wait);
      sends.push(sendUntilAcknowledged(index));
    }
    isRunning = false;
    await killer;
    await Promise.all(restarts);
    await Promise.all(sends);
    await sleep(2_000);

    // Each receiver's sync adds what it did not get live.
    const delivered = new Set<string>();
    for (const key of receivedLive.keys()) delivered.add(key);
    for (const fixture of fixtures.conversations) {
      for (const [side, token] of [
        ['employer', fixture.employerToken],
        ['employee', fixture.physicianToken],
      ] as const) {
        let cursor = '0';
        for (;;) {
          const response = await fetch(
            `${baseURL}/api/${side}/conversation/sync?since=${cursor}&pageSize=500`,
            {
              headers: { authorization: token },
            },
          );
          const page = (await response.json()) as SyncPage;
          for (const change of page.data.changes) {
            // Only the other party's messages count as delivered to this side.
            const tempMsgId = change.message?.tempMsgId ?? '';
            const index = Number(tempMsgId.replace('chaos-', ''));
            const sentByPhysician = index % 2 === 0;
            if (change.type === 'message' && sentByPhysician === (side === 'employer'))
              delivered.add(tempMsgId);
          }
          cursor = page.data.nextCursor;
          if (!page.data.hasMore) break;
        }
      }
    }

    const sql = postgres(fixtures.url, { max: 1, onnotice: () => {} });
    const stored = await sql<{ temp_msg_id: string; copies: number }[]>`
      select temp_msg_id, count(*)::int as copies from messages
      where temp_msg_id not like ${`${HISTORY_TEMP_ID_PREFIX}%`} group by temp_msg_id`;
    const gaps = await sql<{ conversation_id: string }[]>`
      select conversation_id from messages group by conversation_id
      having count(*) <> max(seq) or min(seq) <> 1 or count(distinct seq) <> count(*)`;
    await sql.end();
    const storedIds = new Set(stored.map((row) => row.temp_msg_id));
    const duplicates = stored.reduce((sum, row) => sum + row.copies - 1, 0);
    const lost = [...acknowledged].filter((id) => !storedIds.has(id)).length;
    const undelivered = [...acknowledged].filter((id) => !delivered.has(id)).length;

    console.log(
      `load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}; kills: ${kills}\n`,
    );
    const benchmark = 'messaging-chaos';
    const zero = { comparison: '<=' as const, value: 0 };
    const figures: Figure[] = [
      { benchmark, name: 'instances killed (SIGKILL)', value: kills, unit: 'kills' },
      { benchmark, name: 'messages sent', value: attempted.size, unit: 'messages' },
      { benchmark, name: 'retries after a failed call', value: retries, unit: 'calls' },
      { benchmark, name: 'messages acknowledged', value: acknowledged.size, unit: 'messages' },
      { benchmark, name: 'messages stored', value: storedIds.size, unit: 'messages' },
      {
        benchmark,
        name: 'delivered to the other party (live + sync)',
        value: acknowledged.size - undelivered,
        unit: 'messages',
      },
      { benchmark, name: 'acknowledged but lost', value: lost, unit: 'messages', target: zero },
      {
        benchmark,
        name: 'acknowledged but not delivered',
        value: undelivered,
        unit: 'messages',
        target: zero,
      },
      { benchmark, name: 'stored twice (duplicates)', value: duplicates, unit: 'messages', target: zero },
      {
        benchmark,
        name: 'conversations with a sequence gap',
        value: gaps.length,
        unit: 'conversations',
        target: zero,
      },
    ];
    await reportFigures(figures);
  } finally {
    for (const socket of sockets) socket.disconnect();
    proxy.close();
    for (const server of servers) await server?.stop();
    await fixtures.drop();
  }
}

await main();
