import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.ts';
import { conversations, messages } from '../../../src/db/schema/hiring.ts';
import { activityLog } from '../../../src/db/schema/team.ts';
import {
  SendBatcher,
  type SendInput,
  type SendResultJson,
} from '../../../src/domain/conversations/send-batcher.ts';
import { buildTestApp } from '../../helper.ts';
import { callApi, employerAndPhysicianInConversation } from '../../routes/employee/physician-kit.ts';

/**
 * Group commit of messages (send-batcher.ts, migration 0040): sends that arrive while earlier
 * ones run share one statement, each answered as if it had gone alone.
 */
let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Party {
  conversationId: string;
  organizationId: string;
  physicianId: string;
  employerId: string;
}

async function conversationParties(count: number): Promise<Party[]> {
  const parties: Party[] = [];
  for (let index = 0; index < count; index += 1) {
    const { employer, conversationId } = await employerAndPhysicianInConversation(app);
    const [row] = await app.db
      .select({ organizationId: conversations.organizationId, physicianId: conversations.physicianId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!row) throw new Error('No conversation.');
    parties.push({ conversationId, ...row, employerId: employer.id });
  }
  return parties;
}

let sequence = 0;
function sendOf(party: Party, side: 'employer' | 'employee', body: string): SendInput {
  sequence += 1;
  return {
    conversationId: party.conversationId,
    sender: side,
    senderUserId: side === 'employer' ? party.employerId : null,
    organizationId: side === 'employer' ? party.organizationId : null,
    physicianId: side === 'employee' ? party.physicianId : null,
    delegateUserId: null,
    body,
    tempMsgId: `batch-${Date.now()}-${sequence}`,
    now: new Date().toISOString(),
  };
}

/** `app.db` with its statements counted. */
function countingDb(): { db: Db; statements: () => number } {
  let count = 0;
  const db = Object.create(app.db, {
    execute: {
      value: (query: Parameters<Db['execute']>[0]) => {
        count += 1;
        return app.db.execute(query);
      },
    },
  }) as Db;
  return { db, statements: () => count };
}

function stored(result: SendResultJson) {
  if (result.status !== 'stored') throw new Error(`Expected a stored message, got ${result.status}.`);
  return result;
}

describe('sending messages in batches', () => {
  it('sends what arrives while a statement runs in the next one, each answered with its own message in order', async () => {
    const parties = await conversationParties(3);
    const { db, statements } = countingDb();
    const batcher = new SendBatcher(db, { maxInFlight: 1 });
    const sends = parties.flatMap((party, index) => [
      sendOf(party, 'employer', `Hello ${index}`),
      sendOf(party, 'employee', `Hi back ${index}`),
      sendOf(party, 'employer', `When are you free ${index}?`),
    ]);
    const results = (await Promise.all(sends.map((send) => batcher.send(send)))).map(stored);
    // The first went alone; the eight that arrived meanwhile went together.
    expect(statements()).toBe(2);
    expect(results.map((result) => result.message.body)).toEqual(sends.map((send) => send.body));
    for (const party of parties) {
      const rows = await app.db
        .select({ seq: messages.seq, body: messages.body, sender: messages.sender })
        .from(messages)
        .where(eq(messages.conversationId, party.conversationId))
        .orderBy(asc(messages.seq));
      // Gap-free sequence numbers in the order the sends arrived.
      expect(rows.map((row) => row.seq)).toEqual(rows.map((_row, index) => (rows[0]?.seq ?? 0) + index));
      expect(rows.slice(-3).map((row) => row.sender)).toEqual(['employer', 'employee', 'employer']);
    }
    // A member's message is in the organisation's activity log; the physician's is not.
    const logged = await app.db
      .select({ subjectId: activityLog.subjectId, type: activityLog.type })
      .from(activityLog)
      .where(
        inArray(
          activityLog.organizationId,
          parties.map((party) => party.organizationId),
        ),
      );
    const messageLogs = logged.filter(
      (row) => row.type === 'message.sent' && parties.some((party) => party.conversationId === row.subjectId),
    );
    expect(messageLogs).toHaveLength(6);
    // The physician's message told the organisation; the members' did not.
    expect(results.filter((result) => result.recipients.length > 0)).toHaveLength(3);
  });

  it('answers a retry of a temp id with the first copy, in a batch as alone', async () => {
    const [party] = await conversationParties(1);
    if (!party) throw new Error('No conversation.');
    const batcher = new SendBatcher(app.db, { maxInFlight: 1 });
    const send = sendOf(party, 'employee', 'Only once');
    const [first, again, twice] = await Promise.all([
      batcher.send(send),
      batcher.send(send),
      batcher.send(send),
    ]);
    expect(first?.status).toBe('stored');
    expect([again?.status, twice?.status]).toEqual(['existing', 'existing']);
    const copies = await app.db.select().from(messages).where(eq(messages.tempMsgId, send.tempMsgId));
    expect(copies).toHaveLength(1);
  });

  it('sends at once on a quiet server, and while sends keep coming lets a send wait a moment for others', async () => {
    const [party] = await conversationParties(1);
    if (!party) throw new Error('No conversation.');
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const sendSpaced = async (batcher: SendBatcher, bodies: string[]) => {
      const sent: Promise<SendResultJson>[] = [];
      for (const body of bodies) {
        sent.push(batcher.send(sendOf(party, 'employer', body)));
        await pause(8);
      }
      return (await Promise.all(sent)).map(stored);
    };

    const gathering = countingDb();
    const batcher = new SendBatcher(gathering.db, { gatherMs: 60 });
    const first = batcher.send(sendOf(party, 'employer', 'First in a while'));
    // Nothing ran for a while: the statement started at once.
    expect(gathering.statements()).toBe(1);
    await first;
    // Three sends 8 ms apart right after it: the first of them waited, and the others joined it.
    const gathered = await sendSpaced(batcher, ['One', 'Two', 'Three']);
    expect(gathering.statements()).toBe(2);
    expect(gathered.map((result) => result.message.body)).toEqual(['One', 'Two', 'Three']);

    // The same sends without gathering: each goes as it arrives, in statements of their own.
    const alone = countingDb();
    const eager = new SendBatcher(alone.db, { gatherMs: 0 });
    await eager.send(sendOf(party, 'employer', 'First again'));
    await sendSpaced(eager, ['Four', 'Five', 'Six']);
    expect(alone.statements()).toBeGreaterThan(2);
  });

  it('fails only the send that fails: the rest of its batch is sent again one by one', async () => {
    const parties = await conversationParties(2);
    const failures: number[] = [];
    const batcher = new SendBatcher(app.db, {
      maxInFlight: 1,
      onBatchFailure: (_error, sends) => failures.push(sends),
    });
    const [a, b] = parties as [Party, Party];
    const broken: SendInput = { ...sendOf(a, 'employee', 'Nobody sends this'), physicianId: null };
    const outcomes = await Promise.allSettled([
      batcher.send(sendOf(a, 'employee', 'First alone')),
      batcher.send(sendOf(a, 'employee', 'Batched one')),
      batcher.send(broken),
      batcher.send(sendOf(b, 'employer', 'Batched two')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(failures).toEqual([3]);
    const bodies = await app.db
      .select({ body: messages.body })
      .from(messages)
      .where(
        inArray(
          messages.conversationId,
          parties.map((party) => party.conversationId),
        ),
      );
    expect(bodies.map((row) => row.body)).toEqual(
      expect.arrayContaining(['First alone', 'Batched one', 'Batched two']),
    );
    expect(bodies.map((row) => row.body)).not.toContain('Nobody sends this');
  });

  it('takes its locks in one order: two servers batching the same conversations in opposite orders never deadlock', {
    timeout: 60_000,
  }, async () => {
    const parties = await conversationParties(5);
    const failures: unknown[] = [];
    const onBatchFailure = (error: unknown) => failures.push(error);
    // One statement at a time each: after the first send (alone), the first server's batches
    // take the conversations forward (2, 3, 4, 5, 1) while the second's take them backward
    // (4, 3, 2, 1, 5). Locked one send after another, each would hold what the other wants next.
    const first = new SendBatcher(app.db, { maxInFlight: 1, maxBatch: 5, onBatchFailure });
    const second = new SendBatcher(app.db, { maxInFlight: 1, maxBatch: 5, onBatchFailure });
    const reversed = [...parties].reverse();
    const rounds = 12;
    const sent: Promise<SendResultJson>[] = [];
    for (let round = 0; round < rounds; round += 1) {
      for (const party of parties) sent.push(first.send(sendOf(party, 'employer', `Forward ${round}`)));
      for (const party of reversed) sent.push(second.send(sendOf(party, 'employee', `Backward ${round}`)));
    }
    const results = await Promise.all(sent);
    expect(results.every((result) => result.status === 'stored')).toBe(true);
    // A deadlock would have failed a batch whole (and sent its messages again one by one).
    expect(failures).toEqual([]);
    for (const party of parties) {
      const [row] = (await app.db.execute(
        sql`select count(*)::int as count, max(seq) - min(seq) + 1 as span from ${messages}
          where ${messages.conversationId} = ${party.conversationId}`,
      )) as unknown as { count: number; span: number }[];
      expect(Number(row?.span)).toBe(row?.count);
    }
  });

  it('is what the send routes use: a burst of physician messages all arrive, each once', async () => {
    const { employer, physician, conversationId } = await employerAndPhysicianInConversation(app);
    const bodies = Array.from({ length: 12 }, (_value, index) => `Burst ${index}`);
    const answers = await Promise.all(
      bodies.map((body, index) =>
        callApi(app, 'POST', `/api/employee/conversation/send-message/${conversationId}`, physician.token, {
          body,
          tempMsgId: `burst-${Date.now()}-${index}`,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(bodies.map(() => 200));
    const page = await callApi(
      app,
      'GET',
      `/api/employer/conversation/get-single-conversation/${conversationId}`,
      employer.token,
    );
    expect(page.statusCode, page.body).toBe(200);
    const shown = JSON.stringify(page.json());
    for (const body of bodies) expect(shown).toContain(body);
  });
});
