import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { TMessageRow, TNotificationData, TNotificationRow } from '../../db/schema/hiring.ts';

/** One send as `medhire_send_messages` (migrations 0040, 0041) takes it. */
export interface SendInput {
  conversationId: string;
  sender: TMessageRow['sender'];
  /** The member who writes (employer side); the physician's user is found from the conversation. */
  senderUserId: string | null;
  /** The sender's organisation (employer side) or physician (physician side): never neither. */
  organizationId: string | null;
  physicianId: string | null;
  /** A delegate's own user id: the conversation must be of a job assigned to them. */
  delegateUserId: string | null;
  body: string;
  tempMsgId: string;
  /** ISO 8601. */
  now: string;
}

export interface MessageJson {
  id: string;
  conversation_id: string;
  sender: TMessageRow['sender'];
  sender_user_id: string | null;
  body: string;
  temp_msg_id: string | null;
  is_deleted: boolean;
  created_at_ms: number;
  seq: number;
}

export interface NotificationJson {
  id: string;
  user_id: string;
  type: TNotificationRow['type'];
  title: string;
  body: string;
  data: TNotificationData;
  delivered_at: string | null;
  unread_count: number;
}

/** What one send answers (`medhire_send_message`, with `waiting` for a member's new message). */
export type SendResultJson =
  | { status: 'not_found' }
  | { status: 'hidden' }
  | {
      status: 'stored' | 'existing';
      message: MessageJson;
      senderName: string | null;
      physicianUserId: string;
      unarchived?: boolean;
      recipients: NotificationJson[];
      /** A member's new message: the physician's last notification of it still waits unread. */
      waiting?: boolean;
      /**
       * A member's new message while none waited: the physician's EMPLOYER_MESSAGE notification
       * the statement stored, undelivered (migration 0041).
       */
      physicianNotificationId?: string | null;
    };

/** Runs sends in one statement (one transaction): all are stored, or none and it throws. */
export async function runSends(db: Db, sends: readonly SendInput[]): Promise<SendResultJson[]> {
  const rows = await db.execute(
    sql`select medhire_send_messages(${JSON.stringify(sends)}::jsonb) as results`,
  );
  // postgres.js answers the rows as an array.
  const results = (rows as unknown as { results: SendResultJson[] | null }[])[0]?.results;
  if (!results || results.length !== sends.length) {
    throw new Error(
      `medhire_send_messages answered ${results?.length ?? 'nothing'} of ${sends.length} sends.`,
    );
  }
  return results;
}

interface PendingSend {
  input: SendInput;
  resolve: (result: SendResultJson) => void;
  reject: (error: unknown) => void;
}

export interface SendBatcherOptions {
  /** Sends in one statement at most. */
  maxBatch?: number;
  /** Statements in flight at once; the sends that arrive meanwhile wait and go together. */
  maxInFlight?: number;
  /** Told of a batch that failed whole before its sends go again one by one (the server logs it). */
  onBatchFailure?: (error: unknown, sends: number) => void;
  /** While sends keep coming, how long the first of a batch waits for others (0: never). */
  gatherMs?: number;
}

/** Sends one statement carries at most: a burst is split into statements of this many. */
export const MAX_SENDS_PER_BATCH = 32;
/**
 * Send statements one server runs at once. Fewer means larger batches under load (bench README
 * "messaging": at 500 a second one lane spent 13 % less of PostgreSQL per message than sends
 * alone, two lanes 6 %); two keep sends moving past a batch that waits on a lock.
 */
export const MAX_SEND_STATEMENTS_IN_FLIGHT = 2;
/**
 * While sends keep coming (a statement started within the last BUSY_WINDOW_MS), the first send
 * of the next batch waits up to this long for others to join it: at 500 messages a second, a few
 * milliseconds gather several sends per statement, each of which then costs PostgreSQL less (bench
 * README "Group commit"). A send on a quiet server goes at once.
 */
export const SEND_GATHER_MS = 6;
const BUSY_WINDOW_MS = 100;

/**
 * Group commit of messages. A send on a quiet server goes at once, alone. While sends keep coming
 * (a statement started in the last BUSY_WINDOW_MS), the first send of the next batch waits up to
 * `gatherMs` for others; and a send that arrives while `maxInFlight` statements run waits for the
 * first of them to finish. Either way every send that waited goes together, in one statement, one
 * transaction and one commit (`medhire_send_messages`): a quiet server adds nothing to a send's
 * time, and a busy one spends less of the database per message the busier it is. A batch that
 * fails is sent again one by one, so a send's failure (or a deadlock the batch met) fails that
 * send only.
 */
export class SendBatcher {
  readonly #db: Db;
  readonly #maxBatch: number;
  readonly #maxInFlight: number;
  readonly #onBatchFailure: SendBatcherOptions['onBatchFailure'];
  readonly #gatherMs: number;
  #waiting: PendingSend[] = [];
  #inFlight = 0;
  /** When the last statement started, and when the oldest waiting send arrived (performance.now()). */
  #lastStart = Number.NEGATIVE_INFINITY;
  #oldestWaiting = 0;
  #gatherTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    db: Db,
    {
      maxBatch = MAX_SENDS_PER_BATCH,
      maxInFlight = MAX_SEND_STATEMENTS_IN_FLIGHT,
      onBatchFailure,
      gatherMs = SEND_GATHER_MS,
    }: SendBatcherOptions = {},
  ) {
    this.#gatherMs = gatherMs;
    this.#db = db;
    this.#maxBatch = maxBatch;
    this.#maxInFlight = maxInFlight;
    this.#onBatchFailure = onBatchFailure;
  }

  send(input: SendInput): Promise<SendResultJson> {
    return new Promise<SendResultJson>((resolve, reject) => {
      if (this.#waiting.length === 0) this.#oldestWaiting = performance.now();
      this.#waiting.push({ input, resolve, reject });
      this.#pump();
    });
  }

  /** How much longer the waiting sends should wait for company before their statement starts. */
  #gatherLeft(now: number): number {
    if (this.#gatherMs <= 0 || this.#waiting.length >= this.#maxBatch) return 0;
    if (now - this.#lastStart > BUSY_WINDOW_MS) return 0;
    return this.#gatherMs - (now - this.#oldestWaiting);
  }

  #pump(): void {
    while (this.#inFlight < this.#maxInFlight && this.#waiting.length > 0) {
      const now = performance.now();
      const left = this.#gatherLeft(now);
      if (left > 0) {
        this.#gatherTimer ??= setTimeout(() => {
          this.#gatherTimer = undefined;
          this.#pump();
        }, Math.ceil(left));
        return;
      }
      const batch = this.#waiting.splice(0, this.#maxBatch);
      this.#lastStart = now;
      this.#oldestWaiting = now;
      this.#inFlight += 1;
      void this.#run(batch).finally(() => {
        this.#inFlight -= 1;
        this.#pump();
      });
    }
  }

  async #run(batch: PendingSend[]): Promise<void> {
    try {
      const results = await runSends(
        this.#db,
        batch.map((pending) => pending.input),
      );
      for (const [index, pending] of batch.entries()) pending.resolve(results[index] as SendResultJson);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      this.#onBatchFailure?.(error, batch.length);
      await Promise.all(
        batch.map(async (pending) => {
          try {
            const [result] = await runSends(this.#db, [pending.input]);
            pending.resolve(result as SendResultJson);
          } catch (single) {
            pending.reject(single);
          }
        }),
      );
    }
  }
}
