import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { createPostgresDatabase, type Db } from '../../apps/server/src/db/index.ts';
import { organizations } from '../../apps/server/src/db/schema/accounts.ts';
import { conversations } from '../../apps/server/src/db/schema/hiring.ts';
import { createEmployerAccount } from '../../apps/server/src/domain/auth/create-employer-account.ts';
import { createSession } from '../../apps/server/src/domain/auth/sessions.ts';
import { createPhysicianAccounts } from '../../apps/server/src/domain/physicians/create-physician-accounts.ts';

/** Shared by the messaging benchmarks: their database, their people and their sockets. */

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface BenchConversation {
  conversationId: string;
  employerToken: string;
  physicianToken: string;
}

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Messages each conversation already holds before the run, as in a database in service. */
const HISTORY_MESSAGES = 20;
/** The temp ids of the messages a conversation held before the run start with this. */
export const HISTORY_TEMP_ID_PREFIX = 'history-';
/** Read notifications each employer already has. */
const HISTORY_NOTIFICATIONS = 10;

/**
 * Gives the conversations a past, then analyzes: a database in service has rows and planner
 * statistics. On empty tables PostgreSQL plans a sequential scan (of the temp-id check, the
 * foreign-key checks, the unread count) and each connection keeps that plan until autovacuum
 * analyzes the table; filling empty tables with 500 messages a second for a minute would measure
 * those plans, not the ones a database in service runs.
 */
async function addHistory(db: Db): Promise<void> {
  await db.execute(sql`
    insert into messages (conversation_id, sender, body, temp_msg_id, created_at, seq)
    select c.id, (case when g % 2 = 0 then 'employer' else 'employee' end)::message_sender,
      'Earlier message ' || g, ${HISTORY_TEMP_ID_PREFIX}::text || g, now() - interval '1 minute' * (${HISTORY_MESSAGES} + 10 - g), g
    from conversations c, generate_series(1, ${HISTORY_MESSAGES}) g`);
  await db.execute(sql`
    update conversations set last_seq = ${HISTORY_MESSAGES}, last_message_at = now() - interval '10 minutes'`);
  await db.execute(sql`
    insert into conversation_changes (conversation_id, organization_id, physician_id, kind, message_id, created_at)
    select m.conversation_id, c.organization_id, c.physician_id, 'message', m.id, m.created_at
    from messages m join conversations c on c.id = m.conversation_id
    order by m.created_at, m.id`);
  await db.execute(sql`
    insert into notifications (user_id, type, title, body, data, created_at, read_at, delivered_at)
    select u.id, 'SEND_MSG_TO_EMPLOYER', 'New message', 'An earlier message', '{}'::jsonb,
      now() - interval '2 hours', now() - interval '1 hour', now() - interval '2 hours'
    from users u, generate_series(1, ${HISTORY_NOTIFICATIONS}) g
    where u.role = 'employer'`);
  await db.execute(sql`analyze`);
}

/** A fresh, migrated database holding `count` conversations and a session for each side. */
export async function createMessagingDatabase(
  label: string,
  count: number,
): Promise<{ url: string; conversations: BenchConversation[]; drop: () => Promise<void> }> {
  const name = `medhire_bench_${label}_${Date.now().toString(36)}`;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const url = databaseUrl(name);
  const database = createPostgresDatabase(url, { max: 4 });
  const created: BenchConversation[] = [];
  try {
    await database.migrate();
    const { db } = database;
    const stamp = Date.now().toString(36);
    const physicians = await createPhysicianAccounts({
      db,
      passwordHash: null,
      physicians: Array.from({ length: count }, (_, index) => ({
        email: `bench-physician-${stamp}-${index}@physicians.example`,
        firstName: 'Bench',
        lastName: `Physician ${index}`,
      })),
    });
    const orgs = await db
      .insert(organizations)
      .values(
        Array.from({ length: count }, (_, index) => ({
          name: `Bench practice ${index}`,
          status: 'active' as const,
        })),
      )
      .returning({ id: organizations.id });
    for (let index = 0; index < count; index += 1) {
      const organizationId = orgs[index]?.id ?? '';
      const physician = physicians[index];
      if (!physician) throw new Error('A bench physician is missing.');
      const employer = await createEmployerAccount({
        db,
        email: `bench-employer-${stamp}-${index}@medhire.example`,
        accountStatus: 'approved',
        organizationId,
        isEmailVerified: true,
      });
      const [conversation] = await db
        .insert(conversations)
        .values({ organizationId, physicianId: physician.physicianId })
        .returning({ id: conversations.id });
      created.push({
        conversationId: conversation?.id ?? '',
        employerToken: await createSession(db, employer.id, 'bench'),
        physicianToken: await createSession(db, physician.userId, 'bench'),
      });
    }
    await addHistory(db);
  } finally {
    await database.close();
  }
  return {
    url,
    conversations: created,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

export function percentile(sorted: number[], share: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1);
  return Number((sorted[Math.max(0, index)] ?? 0).toFixed(1));
}

export function openSocket(baseURL: string, token: string, reconnection = false): Promise<Socket> {
  const socket = connect(baseURL, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection,
    reconnectionDelay: 200,
    reconnectionDelayMax: 1000,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      if (!reconnection) reject(error);
    });
  });
}

/** Opens many sockets a few at a time (a burst of 2,000 handshakes would time out on 2 cores). */
export async function openSockets(jobs: (() => Promise<Socket>)[], parallel = 50): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let start = 0; start < jobs.length; start += parallel) {
    sockets.push(...(await Promise.all(jobs.slice(start, start + parallel).map((job) => job()))));
  }
  return sockets;
}
