import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Members who turned the weekly hiring summary e-mail off (Settings → Notifications, or the
 * e-mail's unsubscribe link). No row: the summary is on for owners and admins.
 */
export const weeklySummaryOptOuts = pgTable('weekly_summary_opt_outs', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  optedOutAt: timestamptz('opted_out_at').notNull().defaultNow(),
});

/**
 * One row per weekly summary sent: organisation, the week's Monday (UTC) and recipient. The row
 * is claimed before the mail goes out (and dropped again when sending fails), so a retried job
 * or a second instance never mails a member twice for the same week.
 */
export const weeklySummarySends = pgTable(
  'weekly_summary_sends',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    weekStart: text('week_start').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('weekly_summary_sends_unique').on(table.organizationId, table.weekStart, table.userId),
  ],
);
