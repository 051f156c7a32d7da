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
import { isKnownTimeZone } from './time-zone.ts';

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
 * Saves the member's working hours, days off and buffers. The zone must be a real IANA zone;
 * ranges of one weekday must not overlap (the schema has already checked their shape).
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
  if (!isKnownTimeZone(availability.timeZone)) {
    throw new AppError('VALIDATION_FAILED', INTERVIEW_MESSAGES.invalidTimeZone, { field: 'timeZone' });
  }
  const byDay = [...availability.weeklyHours].sort(
    (left, right) => left.weekday - right.weekday || left.start.localeCompare(right.start),
  );
  for (let index = 1; index < byDay.length; index += 1) {
    const previous = byDay[index - 1];
    const range = byDay[index];
    if (previous && range && previous.weekday === range.weekday && range.start < previous.end) {
      throw new AppError('VALIDATION_FAILED', 'Working hours of one day must not overlap.', {
        field: 'weeklyHours',
      });
    }
  }
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
