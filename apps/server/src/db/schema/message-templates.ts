import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Message templates of an organisation. `owner_user_id` null: shared with the whole organisation
 * (written by owners and admins); set: the member's personal template, which nobody else reads.
 * A name is unique within its scope, compared without case: once among the shared templates of
 * the organisation, once among a member's own.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Null for a template shared with the organisation; the member's id for a personal one. */
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    body: text('body').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('message_templates_shared_name_unique')
      .on(table.organizationId, sql`lower(${table.name})`)
      .where(sql`${table.ownerUserId} is null`),
    uniqueIndex('message_templates_personal_name_unique')
      .on(table.ownerUserId, sql`lower(${table.name})`)
      .where(sql`${table.ownerUserId} is not null`),
    index('message_templates_organization_idx').on(table.organizationId),
    check('message_templates_body_length', sql`char_length(${table.body}) between 1 and 5000`),
    check('message_templates_name_length', sql`char_length(${table.name}) between 1 and 80`),
  ],
);

export type TMessageTemplateRow = typeof messageTemplates.$inferSelect;
