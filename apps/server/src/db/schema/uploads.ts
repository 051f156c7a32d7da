import { MEDIA_KINDS } from '@medhire/contract/organization';
import { index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

export const uploadKind = pgEnum('upload_kind', MEDIA_KINDS);

/**
 * Every stored upload and who sent it, so that removing media can check the caller owns the
 * file. Keys are the storage object names; a thumbnail lives under its own key.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: uuid('owner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    kind: uploadKind('kind').notNull(),
    mimeType: text('mime_type').notNull(),
    /** Bytes of the stored file (the re-encoded image, or the video as sent). */
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploads_key_unique').on(table.key),
    index('uploads_owner_user_id_idx').on(table.ownerUserId),
  ],
);

export type TUploadRow = typeof uploads.$inferSelect;
export type TNewUploadRow = typeof uploads.$inferInsert;
