import type { TJobSearchCriteria } from '@medhire/contract/job-search';
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
import { jobs } from './jobs.ts';
import { physicians } from './physicians.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const jobAlertFrequency = pgEnum('job_alert_frequency', ['instant', 'daily']);

/**
 * A physician's saved job search that tells them about new jobs. `criteria` keeps the search as
 * the physician gave it (ZJobSearchCriteria); the columns beside it repeat each criterion in the
 * form the matching query (domain/physicians/alerts/match-job-alerts.ts) compares with a job,
 * so a published job finds its alerts in one statement.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    criteria: jsonb('criteria').$type<TJobSearchCriteria>().notNull(),
    specialtyId: text('specialty_id'),
    state: text('state'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    radiusMiles: integer('radius_miles'),
    employmentType: text('employment_type'),
    minSalary: integer('min_salary'),
    isPush: boolean('is_push').notNull().default(true),
    isEmail: boolean('is_email').notNull().default(true),
    frequency: jobAlertFrequency('frequency').notNull().default('instant'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('job_alerts_physician_idx').on(table.physicianId, table.createdAt.desc()),
    index('job_alerts_specialty_idx').on(table.specialtyId),
  ],
);

/**
 * Each job an alert matched, once: the key makes the matching job idempotent (a retried or
 * repeated run finds nothing new), and `digestedAt` marks what a daily digest already sent.
 */
export const jobAlertMatches = pgTable(
  'job_alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    digestedAt: timestamptz('digested_at'),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.jobId] }),
    index('job_alert_matches_undigested_idx').on(table.createdAt).where(sql`${table.digestedAt} is null`),
  ],
);

export type TJobAlertRow = typeof jobAlerts.$inferSelect;
