import { readFileSync } from 'node:fs';
import postgres from 'postgres';
import { createPostgresDatabase } from '../apps/server/src/db/index.ts';
import { sendEmployerMessage } from '../apps/server/src/domain/conversations/send-employer-message.ts';
import { sendPhysicianMessage } from '../apps/server/src/domain/conversations/send-physician-message.ts';
import { createMessagingDatabase } from './lib/messaging-fixtures.ts';

/**
 * What one message costs to store, without HTTP or sockets: MESSAGES sends, one at a time on one
 * connection, alternating physician and employer over CONVERSATIONS conversations, through the
 * same domain functions as the routes. Prints per message the wall time, the CPU of the
 * PostgreSQL backend (from /proc; PostgreSQL on this machine), the CPU of this process and the
 * WAL written. Each round is run with the current indexes ("current") and with the index
 * migration 0038 dropped put back ("before 0038"), alternating in one database, so the two
 * layouts are compared on the same machine in the same minute. A diagnostic: no target.
 */

const MESSAGES = Number(process.env.BENCH_WRITE_MESSAGES ?? 2000);
const CONVERSATIONS = Number(process.env.BENCH_WRITE_CONVERSATIONS ?? 300);
const ROUNDS = (process.env.BENCH_WRITE_ROUNDS ?? 'current,before,current,before').split(',');
/** Clock ticks of /proc/<pid>/stat (USER_HZ). */
const TICK_MS = 10;

const BEFORE_0038 =
  'create index if not exists messages_conversation_created_idx on messages (conversation_id, created_at)';
const CURRENT = 'drop index if exists messages_conversation_created_idx';

const fixtures = await createMessagingDatabase('write', CONVERSATIONS);
const sql = postgres(fixtures.url, { max: 1, onnotice: () => {} });
const database = createPostgresDatabase(fixtures.url, { max: 1 });
try {
  const { db } = database;
  const conversations = await sql<{ id: string; physician_id: string; organization_id: string }[]>`
    select id, physician_id, organization_id from conversations`;
  const members = await sql<{ id: string; organization_id: string }[]>`
    select id, organization_id from users where organization_id is not null`;
  const memberOf = new Map(members.map((member) => [member.organization_id, member.id]));
  // The pool's one connection: its backend does every send.
  const [backend] = await database.client<{ pid: number }[]>`select pg_backend_pid() as pid`;
  const backendTicks = () => {
    const fields = readFileSync(`/proc/${backend?.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return Number(fields[11]) + Number(fields[12]);
  };

  let sent = 0;
  const rows: string[][] = [];
  /** `count` sends, alternating physician and employer, over the conversations in turn. */
  const sendMessages = async (count: number) => {
    for (let index = 0; index < count; index += 1) {
      const conversation = conversations[index % conversations.length];
      if (!conversation) throw new Error('No conversation to write to.');
      sent += 1;
      if (index % 2 === 0) {
        await sendPhysicianMessage({
          db,
          physicianId: conversation.physician_id,
          conversationId: conversation.id,
          body: `Message ${sent}`,
          tempMsgId: `write-${sent}`,
        });
      } else {
        await sendEmployerMessage({
          db,
          owner: {
            userId: memberOf.get(conversation.organization_id) ?? '',
            organizationId: conversation.organization_id,
          },
          conversationId: conversation.id,
          body: `Message ${sent}`,
          tempMsgId: `write-${sent}`,
        });
      }
    }
  };
  // Warm-up, not counted: the first few hundred sends pay for plans, caches and the JIT.
  await sendMessages(Math.min(500, MESSAGES));

  for (const round of ROUNDS) {
    await sql.unsafe(round === 'before' ? BEFORE_0038 : CURRENT);
    await sql`vacuum analyze conversations`;
    const [lsn] = await sql<{ at: string }[]>`select pg_current_wal_lsn()::text as at`;
    const ticksBefore = backendTicks();
    const cpuBefore = process.cpuUsage();
    const startedAt = performance.now();
    await sendMessages(MESSAGES);
    const wallMs = performance.now() - startedAt;
    const cpu = process.cpuUsage(cpuBefore);
    const ticks = backendTicks() - ticksBefore;
    const [wal] = await sql<{ bytes: number }[]>`
      select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn?.at ?? '0/0'}::pg_lsn)::float8 as bytes`;
    rows.push([
      round === 'before' ? 'before 0038' : 'current',
      (wallMs / MESSAGES).toFixed(3),
      ((ticks * TICK_MS) / MESSAGES).toFixed(3),
      ((cpu.user + cpu.system) / 1000 / MESSAGES).toFixed(3),
      ((wal?.bytes ?? 0) / MESSAGES).toFixed(0),
    ]);
  }
  console.log(`message write cost: ${MESSAGES} sends per round over ${CONVERSATIONS} conversations\n`);
  const header = ['indexes', 'wall ms/msg', 'PostgreSQL CPU ms/msg', 'Node CPU ms/msg', 'WAL bytes/msg'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of [header, ...rows])
    console.log(row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  '));
} finally {
  await sql.end();
  await database.close();
  await fixtures.drop();
}
