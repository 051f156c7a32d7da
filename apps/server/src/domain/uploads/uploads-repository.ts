import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { type TNewUploadRow, type TUploadRow, uploads } from '../../db/schema/uploads.ts';

export async function insertUploads(db: Db, rows: TNewUploadRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(uploads).values(rows);
}

/** The caller's uploads among `keys`; keys of other owners and unknown keys are left out. */
export async function findOwnedUploads(
  db: Db,
  ownerUserId: string,
  keys: readonly string[],
): Promise<TUploadRow[]> {
  if (keys.length === 0) return [];
  return db
    .select()
    .from(uploads)
    .where(and(eq(uploads.ownerUserId, ownerUserId), inArray(uploads.key, [...keys])));
}

/** Deletes the caller's uploads among `keys` in one statement and answers what was deleted. */
export async function deleteOwnedUploads(
  db: Db,
  ownerUserId: string,
  keys: readonly string[],
): Promise<Pick<TUploadRow, 'key' | 'thumbnailKey'>[]> {
  if (keys.length === 0) return [];
  return db
    .delete(uploads)
    .where(and(eq(uploads.ownerUserId, ownerUserId), inArray(uploads.key, [...keys])))
    .returning({ key: uploads.key, thumbnailKey: uploads.thumbnailKey });
}
