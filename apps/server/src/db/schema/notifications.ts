import { boolean, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { notificationType } from './hiring.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A user's channel choices for one notification type. No row means the defaults (push and the
 * e-mail digest on); in-app is always on and so is not stored.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    push: boolean('push').notNull().default(true),
    email: boolean('email').notNull().default(true),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.type] })],
);

/**
 * When each user last got the notification digest e-mail (one a day at most) and up to which
 * creation time it summarised, so the next digest lists only what came after.
 */
export const notificationDigests = pgTable('notification_digests', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSentAt: timestamptz('last_sent_at').notNull(),
  coveredUntil: timestamptz('covered_until').notNull(),
});

export type TNotificationPreferenceRow = typeof notificationPreferences.$inferSelect;
