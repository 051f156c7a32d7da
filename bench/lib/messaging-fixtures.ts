import postgres from 'postgres';
import { io as connect, type Socket } from 'socket.io-client';
import { createPostgresDatabase } from '../../apps/server/src/db/index.ts';
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
