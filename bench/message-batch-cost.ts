import postgres from 'postgres';
import { type Figure, reportFigures } from './lib/figures.ts';
import { createMessagingDatabase } from './lib/messaging-fixtures.ts';
import { cpuSnapshot, cpuUsedBetween } from './lib/process-cpu.ts';

/**
 * What group commit saves the database (migration 0040, send-batcher.ts): sends straight to
 * `medhire_send_messages` from 1,000 conversations, alone or several per statement, with the
 * PostgreSQL CPU per message of each. Each size runs `BENCH_BATCH_MESSAGES` sends, twice, in turn.
 */
const MESSAGES = Number(process.env.BENCH_BATCH_MESSAGES ?? 4000);
/** Sends per statement, and statements in flight at once (about eight sends in flight in all). */
const CASES = [
  { perStatement: 1, inFlight: 8 },
  { perStatement: 4, inFlight: 3 },
  { perStatement: 16, inFlight: 2 },
] as const;

const { url, drop } = await createMessagingDatabase('batch', 1000);
const client = postgres(url, { max: 10, onnotice: () => {} });
const figures: Figure[] = [];
try {
  const parties = await client<
    { id: string; organization_id: string; physician_id: string; employer_id: string }[]
  >`
    select c.id, c.organization_id, c.physician_id, u.id as employer_id
    from conversations c join users u on u.organization_id = c.organization_id and u.role = 'employer'`;
  let made = 0;
  const nextSend = () => {
    const party = parties[made % parties.length];
    if (!party) throw new Error('The bench database has no conversation.');
    const byEmployer = made % 2 === 0;
    made += 1;
    return {
      conversationId: party.id,
      sender: byEmployer ? 'employer' : 'employee',
      senderUserId: byEmployer ? party.employer_id : null,
      organizationId: byEmployer ? party.organization_id : null,
      physicianId: byEmployer ? null : party.physician_id,
      delegateUserId: null,
      body: `Batch bench message ${made}`,
      tempMsgId: `batch-bench-${made}`,
      now: new Date().toISOString(),
    };
  };
  for (const round of [1, 2]) {
    for (const { perStatement, inFlight } of CASES) {
      const start = await cpuSnapshot();
      const startedAt = performance.now();
      let sent = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (sent < MESSAGES) {
            const sends = Array.from({ length: perStatement }, nextSend);
            sent += perStatement;
            await client`select medhire_send_messages(${client.json(sends as never)})`;
          }
        }),
      );
      const seconds = (performance.now() - startedAt) / 1000;
      const end = await cpuSnapshot();
      const benchmark = 'message-batch-cost';
      const label = `${perStatement} per statement, round ${round}`;
      figures.push({
        benchmark,
        name: `${label}: messages/s`,
        value: Math.round(sent / seconds),
        unit: 'msg/s',
      });
      if (start && end) {
        const [database] = cpuUsedBetween(start, end, [
          { name: 'PostgreSQL', includes: (_pid, command) => command.startsWith('postgres') },
        ]);
        figures.push({
          benchmark,
          name: `${label}: PostgreSQL CPU per message`,
          value: Math.round(((database?.ms ?? 0) / sent) * 1000) / 1000,
          unit: 'ms',
        });
      }
    }
  }
} finally {
  await client.end();
  await drop();
}
await reportFigures(figures);
