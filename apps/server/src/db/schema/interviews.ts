import {
  INTERVIEW_PARTICIPANT_ROLES,
  INTERVIEW_STATUSES,
  INTERVIEW_TYPES,
  NO_SHOW_PARTIES,
  type TWeeklyHours,
} from '@medhire/contract/interviews';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';
import { applications } from './hiring.ts';
import { jobs } from './jobs.ts';
import { physicians } from './physicians.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const interviewType = pgEnum('interview_type', INTERVIEW_TYPES);
export const interviewStatus = pgEnum('interview_status', INTERVIEW_STATUSES);
export const interviewParticipantRole = pgEnum('interview_participant_role', INTERVIEW_PARTICIPANT_ROLES);
export const interviewNoShowParty = pgEnum('interview_no_show_party', NO_SHOW_PARTIES);

/**
 * A team member's working hours for interviews: per weekday in their own IANA zone, days off
 * (local dates), and buffers kept free before and after each interview. One row per member; a
 * member without a row has no availability yet (no proposals are computed for them).
 */
export const memberAvailability = pgTable(
  'member_availability',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    timeZone: text('time_zone').notNull(),
    weeklyHours: jsonb('weekly_hours').$type<TWeeklyHours>().notNull().default([]),
    /** Days off, as local dates 'YYYY-MM-DD' in the member's zone. */
    exceptions: text('exceptions').array().notNull().default(sql`'{}'::text[]`),
    bufferBeforeMinutes: integer('buffer_before_minutes').notNull().default(0),
    bufferAfterMinutes: integer('buffer_after_minutes').notNull().default(0),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('member_availability_organization_idx').on(table.organizationId),
    check(
      'member_availability_buffers_check',
      sql`${table.bufferBeforeMinutes} between 0 and 120 and ${table.bufferAfterMinutes} between 0 and 120`,
    ),
  ],
);

/**
 * An interview of an applicant (an application: one physician, one job). Statuses
 * (contract/interviews.ts): proposed → scheduled (the physician picked a slot, or the recruiter
 * fixed the time) → completed | no_show; proposed → other_times_requested → proposed | scheduled;
 * declined (by the physician) and cancelled (by the team, with a reason) end it. starts_at and
 * ends_at are null until a time is set; time_zone is the IANA zone the time was chosen in, so
 * the invite and the screens show it as it was meant. ics_sequence is the iCalendar SEQUENCE of
 * the invites sent: each reschedule or cancellation raises it, the UID stays the interview id.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    type: interviewType('type').notNull(),
    status: interviewStatus('status').notNull(),
    meetingUrl: text('meeting_url'),
    /** The room or address of an on-site interview, the dial-in of a phone one. */
    location: text('location'),
    notes: text('notes'),
    travelNotes: text('travel_notes'),
    durationMinutes: integer('duration_minutes').notNull(),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    timeZone: text('time_zone').notNull(),
    icsSequence: integer('ics_sequence').notNull().default(0),
    cancelReason: text('cancel_reason'),
    /** The physician's last word: why they ask for other times, or decline. */
    physicianMessage: text('physician_message'),
    noShowParty: interviewNoShowParty('no_show_party'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('interviews_organization_starts_idx').on(table.organizationId, table.startsAt),
    index('interviews_application_idx').on(table.applicationId),
    index('interviews_physician_idx').on(table.physicianId, table.createdAt.desc()),
    check(
      'interviews_time_check',
      sql`(${table.startsAt} is null) = (${table.endsAt} is null) and (${table.endsAt} is null or ${table.endsAt} > ${table.startsAt})`,
    ),
    check('interviews_duration_check', sql`${table.durationMinutes} between 5 and 720`),
  ],
);

/** The 3–10 times offered to the physician of a proposed interview. */
export const interviewProposedSlots = pgTable(
  'interview_proposed_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
  },
  (table) => [uniqueIndex('interview_proposed_slots_unique').on(table.interviewId, table.startsAt)],
);

/**
 * Who takes part in an interview: each interviewer (a member's user) and the physician (their
 * user), one row each. A row holds the participant's time while active; an exclusion constraint
 * (migration 0022) keeps any two active rows of one person from overlapping, so the database
 * itself refuses a double booking, and a cancelled or declined interview (rows inactive) frees
 * the time. Rows of a proposed interview are inactive until a time is picked.
 */
export const interviewParticipants = pgTable(
  'interview_participants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    participantUserId: uuid('participant_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: interviewParticipantRole('role').notNull(),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    isActive: boolean('is_active').notNull().default(false),
  },
  (table) => [
    uniqueIndex('interview_participants_unique').on(table.interviewId, table.participantUserId),
    index('interview_participants_user_idx').on(table.participantUserId, table.startsAt),
    check(
      'interview_participants_active_time_check',
      sql`not ${table.isActive} or (${table.startsAt} is not null and ${table.endsAt} > ${table.startsAt})`,
    ),
  ],
);
