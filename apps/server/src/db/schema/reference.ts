import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Reference data shipped with the product (domain/reference), mirrored into the database so
 * other tables and database-side scoring can join on it. Ids are the stable slugs of the data
 * files. A value removed from the data is retired (`retired_at`), never deleted, so rows that
 * still point at it stay valid.
 */
const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const specialties = pgTable('specialties', {
  id: text('id').primaryKey(),
  title: text('title').notNull(),
  /** The ABMS member board that certifies it. */
  board: text('board').notNull(),
  sortOrder: integer('sort_order').notNull(),
  retiredAt: timestamptz('retired_at'),
});

export const subSpecialties = pgTable(
  'sub_specialties',
  {
    id: text('id').primaryKey(),
    specialtyId: text('specialty_id')
      .notNull()
      .references(() => specialties.id),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull(),
    retiredAt: timestamptz('retired_at'),
  },
  (table) => [index('sub_specialties_specialty_id_idx').on(table.specialtyId)],
);

/** The simple lists of the enums (employmentType, bonus …), one row per value. */
export const enumValues = pgTable(
  'enum_values',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    sortOrder: integer('sort_order').notNull(),
    retiredAt: timestamptz('retired_at'),
  },
  (table) => [primaryKey({ columns: [table.kind, table.id] })],
);

/** One row per data set: which version and content hash the tables hold, so start-up sync is a no-op when unchanged. */
export const referenceDataVersions = pgTable('reference_data_versions', {
  dataSet: text('data_set').primaryKey(),
  version: text('version').notNull(),
  contentHash: text('content_hash').notNull(),
  syncedAt: timestamptz('synced_at').notNull().defaultNow(),
});
