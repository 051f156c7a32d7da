import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One bulk action on applications, kept so that its author can undo it for a few seconds:
 * `items` holds, for every application the action changed, what it was before (its stage, its
 * assignee, whether its physician was saved, or the message sent). Items are appended in the
 * transaction of the chunk that changed them, so the row never names a change that rolled back.
 */
export const bulkOperations = pgTable(
  'bulk_operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    items: jsonb('items').notNull().default([]),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When its last chunk committed: the undo window counts from the answer, not the start. */
    completedAt: timestamptz('completed_at'),
    undoneAt: timestamptz('undone_at'),
  },
  (table) => [index('bulk_operations_organization_created_idx').on(table.organizationId, table.createdAt)],
);
