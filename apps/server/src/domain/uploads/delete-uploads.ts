import type { Db } from '../../db/index.ts';
import type { FileStorage } from './file-storage.ts';
import { deleteOwnedUploads } from './uploads-repository.ts';

export interface DeleteUploadsOptions {
  db: Db;
  storage: FileStorage;
  /** The signed-in caller; only uploads they sent are deleted. */
  ownerUserId: string;
  /** Storage keys as the upload calls answered them (the profile's `deletedImgskeys`). */
  keys: readonly string[];
}

export interface DeleteUploadsResult {
  /** Keys whose files (and thumbnails) were removed. */
  deletedKeys: string[];
  /** Keys left alone: another account's uploads, or keys that were never uploaded. */
  refusedKeys: string[];
}

/**
 * Removes uploads the caller owns, with their thumbnails. Keys the caller does not own are
 * refused without saying whether they exist, so nobody can probe or delete another
 * account's media. The records go first (one statement), then the files: a failure while
 * removing a file leaves an unreferenced file behind, never a record pointing at nothing.
 */
export async function deleteUploads({
  db,
  storage,
  ownerUserId,
  keys,
}: DeleteUploadsOptions): Promise<DeleteUploadsResult> {
  const uniqueKeys = [...new Set(keys)];
  const deleted = await deleteOwnedUploads(db, ownerUserId, uniqueKeys);
  const objectKeys = deleted.flatMap((row) => (row.thumbnailKey ? [row.key, row.thumbnailKey] : [row.key]));
  await Promise.all(objectKeys.map((key) => storage.delete(key)));
  const deletedKeys = new Set(deleted.map((row) => row.key));
  return {
    deletedKeys: uniqueKeys.filter((key) => deletedKeys.has(key)),
    refusedKeys: uniqueKeys.filter((key) => !deletedKeys.has(key)),
  };
}
