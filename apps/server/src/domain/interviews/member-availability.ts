import {
  INTERVIEW_MESSAGES,
  type TAvailability,
  type TUpdateAvailabilityBody,
} from '@medhire/contract/interviews';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { memberAvailability } from '../../db/schema/interviews.ts';
import { AppError } from '../../lib/app-error.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { availabilityProblems, isValidTimeZone } from './availability.ts';

/** What a member who never saved availability sees: no hours yet, in the zone of most US teams. */
const NO_AVAILABILITY: TAvailability = {
  timeZone: 'America/New_York',
  weeklyHours: [],
  exceptions: [],
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
};

function notInOrganization(): AppError {
  return new AppError('FORBIDDEN', 'Join an organization before setting your interview availability.');
}

export async function getMyAvailability({ db, owner }: { db: Db; owner: JobOwner }): Promise<TAvailability> {
  if (!owner.organizationId) throw notInOrganization();
  const [row] = await db.select().from(memberAvailability).where(eq(memberAvailability.userId, owner.userId));
  if (!row) return NO_AVAILABILITY;
  return {
    timeZone: row.timeZone,
    weeklyHours: row.weeklyHours,
    exceptions: row.exceptions,
    bufferBeforeMinutes: row.bufferBeforeMinutes,
    bufferAfterMinutes: row.bufferAfterMinutes,
  };
}

/**
 * Saves the member's working hours, days off and buffers. The zone must be a real IANA zone
 * (not an abbreviation or offset, which know no daylight saving); ranges of one weekday must not
 * overlap; days off must be real dates.
 */
export async function updateMyAvailability({
  db,
  owner,
  availability,
  now = new Date(),
}: {
  db: Db;
  owner: JobOwner;
  availability: TUpdateAvailabilityBody;
  now?: Date;
}): Promise<TAvailability> {
  const organizationId = owner.organizationId;
  if (!organizationId) throw notInOrganization();
  if (!isValidTimeZone(availability.timeZone)) {
    throw new AppError('VALIDATION_FAILED', INTERVIEW_MESSAGES.invalidTimeZone, { field: 'timeZone' });
  }
  // The shape is the schema's; what needs the calendar (the zone, overlapping ranges, real dates)
  // is checked here, with every problem listed for the settings form.
  const problems = availabilityProblems(availability);
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', problems[0] ?? 'Check your availability.', { problems });
  }
  const byDay = [...availability.weeklyHours].sort(
    (left, right) => left.weekday - right.weekday || left.start.localeCompare(right.start),
  );
  const values = {
    timeZone: availability.timeZone,
    weeklyHours: byDay,
    exceptions: [...new Set(availability.exceptions)].sort(),
    bufferBeforeMinutes: availability.bufferBeforeMinutes,
    bufferAfterMinutes: availability.bufferAfterMinutes,
    updatedAt: now,
  };
  await db
    .insert(memberAvailability)
    .values({ userId: owner.userId, organizationId, ...values })
    .onConflictDoUpdate({ target: memberAvailability.userId, set: { organizationId, ...values } });
  return getMyAvailability({ db, owner });
}
