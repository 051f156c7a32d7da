import { JOB_STATUSES, PAY_TYPES, type TJobLocation } from '@medhire/contract/jobs';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';
import { specialties } from './reference.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobStatus = pgEnum('job_status', JOB_STATUSES);
export const payType = pgEnum('pay_type', PAY_TYPES);

/** Half-day sessions per week by kind of work; a kind left out counts as none. */
export type TJobHalfDays = {
  outpatient?: number;
  inpatient?: number;
  procedural?: number;
  administrative?: number;
  other?: number;
};

/**
 * Job postings of an organisation. Money columns are whole US dollars; the yes/no answers of the
 * posting are booleans (null = not answered). Reference values are stored by their stable ids,
 * except the benefits, which the posting lists by title (spec §3 "supportBenefitPerk (list of
 * titles)").
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The member who owns the job (its assignee); a delegate sees only the jobs assigned to them. */
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: jobStatus('status').notNull().default('open'),
    /** When the job's first hire happened (a trigger on application_events keeps it): the reports' time to fill. */
    filledAt: timestamptz('filled_at'),
    title: text('title').notNull(),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    subSpecialtyIds: text('sub_specialty_ids').array().notNull().default(sql`'{}'::text[]`),
    employmentType: text('employment_type').notNull(),
    reasonForJobOpp: text('reason_for_job_opp'),
    /** The posting's description, Markdown as the employer wrote it (rendered safely by clients). */
    description: text('description'),
    salaryMin: integer('salary_min'),
    salaryMax: integer('salary_max'),
    /** How salary_min/salary_max are counted; null on jobs saved before pay types, read as annual. */
    salaryPayType: payType('salary_pay_type'),
    signOnBonus: integer('sign_on_bonus'),
    productiveBonus: integer('productive_bonus'),
    stipendTraining: integer('stipend_training'),
    loanRepaymentAssistance: integer('loan_repayment_assistance'),
    vacationWeeks: integer('vacation_weeks'),
    callSchedule: text('call_schedule'),
    requiredTravel: boolean('required_travel'),
    additionalContext: text('additional_context'),
    halfDaysPerWeek: jsonb('half_days_per_week').$type<TJobHalfDays>(),
    advancedTech: boolean('advanced_tech'),
    electronicMedRecord: text('electronic_med_record'),
    scribeSupport: boolean('scribe_support'),
    supportBenefitPerks: text('support_benefit_perks').array().notNull().default(sql`'{}'::text[]`),
    partnershipOffered: boolean('partnership_offered'),
    /** The answers to the partnership questions (track length, buy-in) when partnership is offered. */
    partnershipAnswers: text('partnership_answers').array().notNull().default(sql`'{}'::text[]`),
    academicResearchOpportunity: boolean('academic_research_opportunity'),
    mentorship: boolean('mentorship'),
    speakerShip: boolean('speaker_ship'),
    globalMissions: boolean('global_missions'),
    locations: jsonb('locations').$type<TJobLocation[]>().notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    // The job list of an organisation, newest first; its filters (status, specialty, title
    // text) are applied to that organisation's rows only.
    index('jobs_organization_created_idx').on(table.organizationId, table.createdAt.desc(), table.id.desc()),
    // Candidate-side matching looks jobs up by specialty.
    index('jobs_specialty_status_idx').on(table.specialtyId, table.status),
    index('jobs_assignee_idx').on(table.assigneeUserId).where(sql`${table.assigneeUserId} is not null`),
    // The physician's job search: open jobs newest first.
    index('jobs_open_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.status} = 'open'`),
  ],
);

/**
 * One row per location of an open job, so the physician's job search reads a radius as a
 * bounding box on an index instead of unpacking every job's JSON. Kept by a database trigger
 * on jobs (jobs_locations_sync, custom migration job_locations_sync): every writer of jobs keeps
 * it right without doing anything, and a job that is not open has no rows.
 */
export const jobLocations = pgTable(
  'job_locations',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.position] }),
    // A radius search is a latitude band first (then longitude, then the exact distance).
    index('job_locations_latitude_longitude_idx').on(table.latitude, table.longitude, table.jobId),
    index('job_locations_state_idx').on(table.state, table.jobId),
  ],
);

export type TJobRow = typeof jobs.$inferSelect;
export type TNewJobRow = typeof jobs.$inferInsert;
