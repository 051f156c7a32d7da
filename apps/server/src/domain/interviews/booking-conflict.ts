import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';

/** SQLSTATE of an exclusion-constraint violation: a participant's active times would overlap. */
const EXCLUSION_VIOLATION = '23P01';
/** SQLSTATE of a deadlock: two bookings waited on each other; one of them may simply run again. */
const DEADLOCK_DETECTED = '40P01';
const ATTEMPTS = 3;

interface PostgresError {
  code?: string;
  detail?: string;
  constraint_name?: string;
}

function postgresErrorOf(error: unknown): PostgresError | undefined {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as PostgresError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return cause as PostgresError;
  }
  return undefined;
}

/**
 * The user the exclusion constraint found busy: its detail reads
 * `Key (participant_user_id, tstzrange(…))=(<uuid>, [...)) conflicts with existing key …`.
 */
function busyUserIdOf(detail: string | undefined): string | undefined {
  return detail ? /=\(([0-9a-f-]{36}),/i.exec(detail)?.[1] : undefined;
}

/**
 * What the 409 says. An interviewer is named as busy with an interview; the physician only as not
 * available, since their other interview may be with another organisation, which is not this
 * one's business.
 */
async function conflictOf(db: Db, userId: string | undefined): Promise<AppError> {
  const ending = 'Choose another time.';
  if (!userId)
    return new AppError('CONFLICT', `Someone taking part already has an interview at that time. ${ending}`);
  const [physician] = await db
    .select({ firstName: physicians.firstName, lastName: physicians.lastName })
    .from(physicians)
    .where(eq(physicians.userId, userId))
    .limit(1);
  if (physician) {
    return new AppError(
      'CONFLICT',
      `Dr. ${physician.firstName} ${physician.lastName} is not available at that time. ${ending}`,
    );
  }
  const [member] = await db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const name = member ? (member.fullName ?? member.email) : 'Someone taking part';
  // The member's id lets a screen mark who is busy among the interviewers it shows.
  return new AppError('CONFLICT', `${name} already has an interview at that time. ${ending}`, {
    busyUserId: userId,
  });
}

/**
 * Runs a booking transaction and turns the database's refusal of a double booking into a 409
 * that names who is busy. Participant rows are written in a fixed order (by user id), so two
 * bookings of the same people wait for each other instead of deadlocking; should PostgreSQL
 * still report a deadlock, the transaction ran to no effect and is tried again.
 */
export async function withBookingConflicts<T>(db: Db, booking: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await booking();
    } catch (error) {
      const failure = postgresErrorOf(error);
      if (failure?.code === DEADLOCK_DETECTED && attempt < ATTEMPTS) continue;
      if (failure?.code !== EXCLUSION_VIOLATION) throw error;
      const userId = busyUserIdOf(failure.detail);
      throw await conflictOf(db, userId);
    }
  }
}
