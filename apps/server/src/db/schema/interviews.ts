import {
  INTERVIEW_PARTICIPANT_ROLES,
  INTERVIEW_STATUSES,
  INTERVIEW_TYPES,
  NO_SHOW_PARTIES,
  SCORECARD_RECOMMENDATIONS,
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
  unique,
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
 *
 * An on-site visit is an on-site interview with sessions (interview_sessions): its starts_at and
 * ends_at are the first session's start and the last one's end, and duration_minutes is the time
 * spent in sessions (their minutes added up), so it can exceed one interview's 720 minutes: a
 * visit covers at most two local days, hence the upper bound of 2 days and a DST hour (2940).
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
    check('interviews_duration_check', sql`${table.durationMinutes} between 5 and 2940`),
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
 * The itinerary of an on-site visit: its sessions in time order (position 0 first), each with its
 * own time, room and interviewers (their participant rows name the session). The physician sits
 * in every session, so a visit's sessions never overlap one another.
 */
export const interviewSessions = pgTable(
  'interview_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    /** The room or place of the session. */
    location: text('location'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('interview_sessions_interview_idx').on(table.interviewId, table.position),
    check('interview_sessions_time_check', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/**
 * Who takes part in an interview: each interviewer (a member's user) and the physician (their
 * user), one row each. A row holds the participant's time while active; an exclusion constraint
 * (migration 0022) keeps any two active rows of one person from overlapping, so the database
 * itself refuses a double booking, and a cancelled or declined interview (rows inactive) frees
 * the time. Rows of a proposed interview are inactive until a time is picked.
 *
 * In an on-site visit the rows without a session (session_id null) only say who takes part and
 * hold no time; each session has a row per interviewer sitting in it and one for the physician,
 * holding the session's time under the same constraint, so an interviewer is busy only during
 * their sessions and nobody can be booked twice, within the visit or across the organisation.
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
    /** The visit session this row holds the time of; null for the interview-wide row. */
    sessionId: uuid('session_id').references(() => interviewSessions.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    isActive: boolean('is_active').notNull().default(false),
  },
  (table) => [
    unique('interview_participants_unique')
      .on(table.interviewId, table.sessionId, table.participantUserId)
      .nullsNotDistinct(),
    index('interview_participants_user_idx').on(table.participantUserId, table.startsAt),
    check(
      'interview_participants_active_time_check',
      sql`not ${table.isActive} or (${table.startsAt} is not null and ${table.endsAt} > ${table.startsAt})`,
    ),
  ],
);

/**
 * The interview reminders that went out (24 h and 2 h before), one row per interview, recipient,
 * kind and start time. The reminder worker inserts the row and sends the mail in one transaction:
 * a second run of the same job (a retry, a restart after the claim, a duplicate job for a time set
 * again) finds the row and sends nothing; a crash before the send rolls the row back, so the next
 * run sends it. The start time is part of the key: a moved interview is reminded of its new time.
 */
export const interviewRemindersSent = pgTable(
  'interview_reminders_sent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    recipientUserId: uuid('recipient_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'24h' | '2h'>().notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('interview_reminders_sent_unique').on(
      table.interviewId,
      table.recipientUserId,
      table.kind,
      table.startsAt,
    ),
    check('interview_reminders_sent_kind_check', sql`${table.kind} in ('24h', '2h')`),
  ],
);

/**
 * A member's personal calendar feed. The secret token of its URL is an HMAC, with the server's
 * secret, of the member and a random nonce: the row keeps the nonce (so the member's link can be
 * shown again) and the SHA-256 of the token (to find the member from a URL), never the token.
 * One per member; resetting it replaces the nonce and hash, so the old URL stops working at once.
 */
export const calendarFeedTokens = pgTable('calendar_feed_tokens', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  nonce: text('nonce').notNull(),
  tokenHash: text('token_hash').notNull().unique('calendar_feed_tokens_token_hash_unique'),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** The scorecard criteria of a job, in order. A job without a row uses the defaults (contract). */
export const jobScorecardCriteria = pgTable('job_scorecard_criteria', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  criteria: jsonb('criteria').$type<string[]>().notNull(),
  updatedAt: timestamptz('updated_at').notNull().defaultNow(),
});

export const scorecardRecommendation = pgEnum('scorecard_recommendation', SCORECARD_RECOMMENDATIONS);

/**
 * An interviewer's scorecard of an interview: a 1–5 rating per criterion (the job's criteria when
 * it was submitted), an overall recommendation and notes. One per interviewer and interview,
 * submitted once.
 */
export const interviewScorecards = pgTable(
  'interview_scorecards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    interviewId: uuid('interview_id')
      .notNull()
      .references(() => interviews.id, { onDelete: 'cascade' }),
    interviewerUserId: uuid('interviewer_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratings: jsonb('ratings').$type<{ criterion: string; rating: number }[]>().notNull(),
    recommendation: scorecardRecommendation('recommendation').notNull(),
    notes: text('notes'),
    submittedAt: timestamptz('submitted_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('interview_scorecards_unique').on(table.interviewId, table.interviewerUserId)],
);
