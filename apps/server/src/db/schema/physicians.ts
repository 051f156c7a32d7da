import type { TPlace } from '@medhire/contract/account';
import type { TTraining } from '@medhire/contract/physicians';
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  point,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';
import { jobs } from './jobs.ts';
import { specialties } from './reference.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Physician (candidate) profiles, one per physician account. Reference values are stored by
 * their stable ids. A profile is complete once specialty, board status, experience, start year
 * and home are known; only complete, discoverable profiles are recommended or explored.
 */
export const physicians = pgTable(
  'physicians',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    photo: text('photo'),
    npiNumber: text('npi_number'),
    specialtyId: text('specialty_id').references(() => specialties.id),
    subSpecialtyIds: text('sub_specialty_ids').array().notNull().default(sql`'{}'::text[]`),
    boardStatus: text('board_status'),
    yearsOfExperience: integer('years_of_experience'),
    yearAvailable: integer('year_available'),
    /** "Austin, TX"; the state code and coordinates beside it for filters and distance. */
    homeDescription: text('home_description'),
    homeState: text('home_state'),
    homeLatitude: doublePrecision('home_latitude'),
    homeLongitude: doublePrecision('home_longitude'),
    statesOfInterest: text('states_of_interest').array().notNull().default(sql`'{}'::text[]`),
    citiesOfInterest: jsonb('cities_of_interest').$type<TPlace[]>().notNull().default([]),
    employmentTypes: text('employment_types').array().notNull().default(sql`'{}'::text[]`),
    needsVisa: boolean('needs_visa').notNull().default(false),
    isDiscoverable: boolean('is_discoverable').notNull().default(true),
    cvUrl: text('cv_url'),
    /** Residency and fellowships, in the order the physician listed them. */
    training: jsonb('training').$type<TTraining[]>().notNull().default([]),
    /**
     * `<specialty id>:<state code>` for the home state and every state of interest, kept by
     * domain/physicians whenever specialty or states change. One GIN index on it finds the
     * physicians of a specialty who live in or want to work in any of a job's states, which is
     * the candidate pool the recommendation score ranks (domain/matching).
     */
    matchKeys: text('match_keys').array().notNull().default(sql`'{}'::text[]`),
    /** Lower-cased "first last" for name search. */
    searchName: text('search_name').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('physicians_user_id_unique').on(table.userId),
    index('physicians_match_keys_idx').using('gin', table.matchKeys),
    index('physicians_specialty_created_idx').on(table.specialtyId, table.createdAt.desc()),
    index('physicians_home_state_idx').on(table.homeState),
    /**
     * /explore lists complete, discoverable profiles newest first: this index holds exactly
     * those, in that order, so a page is read from its front and the total is counted from
     * the index alone. The predicate is the one domain/applicants/physician-visibility.ts
     * queries with (isPubliclyDiscoverable); keep the two identical or the index goes unused.
     */
    index('physicians_explore_created_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(
        sql`${table.isDiscoverable} and ${table.specialtyId} is not null and ${table.boardStatus} is not null and ${table.yearsOfExperience} is not null and ${table.yearAvailable} is not null and ${table.homeState} is not null`,
      ),
  ],
);

/**
 * Where each complete, discoverable physician lives or wants to work: one row for the home and
 * one per city of interest, with the physician's specialty beside it. The recommendation pool is
 * read from it nearest-first (a GiST index on (specialty_id, location), created with the
 * btree_gist extension in migration 0009). The rows are kept by a database trigger on physicians
 * (physicians_places_sync, same migration), so every writer of physicians keeps them right
 * without doing anything; a profile that is incomplete or not discoverable has no rows.
 */
export const physicianPlaces = pgTable(
  'physician_places',
  {
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    specialtyId: text('specialty_id').notNull(),
    kind: text('kind').$type<'home' | 'city_of_interest'>().notNull(),
    /** x = longitude, y = latitude. */
    location: point('location', { mode: 'xy' }).notNull(),
  },
  (table) => [index('physician_places_physician_idx').on(table.physicianId)],
);

/** A physician's state medical licenses; one per state and number. */
export const physicianLicenses = pgTable(
  'physician_licenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    number: text('number').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('physician_licenses_unique').on(table.physicianId, table.state, table.number)],
);

/**
 * Organisations a physician hides from: such an organisation never sees the physician in any
 * list or view (domain/applicants/physician-visibility.ts), whatever they did before.
 */
export const physicianHiddenOrganizations = pgTable(
  'physician_hidden_organizations',
  {
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.physicianId, table.organizationId] }),
    // Employer lists ask "is this physician hidden from us?" by organisation.
    index('physician_hidden_organizations_organization_idx').on(table.organizationId, table.physicianId),
  ],
);

/** Jobs a physician saved to come back to. */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.physicianId, table.jobId] }),
    index('saved_jobs_physician_created_idx').on(table.physicianId, table.createdAt.desc()),
  ],
);

export type TLicenseRow = typeof physicianLicenses.$inferSelect;
export type TPhysicianRow = typeof physicians.$inferSelect;
export type TNewPhysicianRow = typeof physicians.$inferInsert;
