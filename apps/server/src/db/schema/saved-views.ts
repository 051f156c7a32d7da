import type { TSavedViewFilters } from '@medhire/contract/saved-views';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Saved views of the applicant list and of a job's board. `owner_user_id` null: shared with the
 * organisation (written by owners and admins); set: the member's personal view. `filters` holds
 * the list's query as the contract parsed it (ZSavedViewFilters), and is parsed again when read,
 * so a view never reaches the list's query unchecked. A name is unique within its scope, without case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind').$type<'list' | 'board'>().notNull().default('list'),
    filters: jsonb('filters').$type<TSavedViewFilters>().notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('saved_views_shared_name_unique')
      .on(table.organizationId, sql`lower(${table.name})`)
      .where(sql`${table.ownerUserId} is null`),
    uniqueIndex('saved_views_personal_name_unique')
      .on(table.ownerUserId, sql`lower(${table.name})`)
      .where(sql`${table.ownerUserId} is not null`),
    index('saved_views_organization_idx').on(table.organizationId),
    check('saved_views_name_length', sql`char_length(${table.name}) between 1 and 60`),
    check('saved_views_kind', sql`${table.kind} in ('list', 'board')`),
  ],
);

export type TSavedViewRow = typeof savedViews.$inferSelect;
