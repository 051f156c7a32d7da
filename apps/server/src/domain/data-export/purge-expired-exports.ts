import { rm } from 'node:fs/promises';
import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { dataExports } from '../../db/schema/team.ts';
import { exportFilePath, exportsDirOf } from './export-files.ts';

/**
 * Deletes the ZIPs of exports whose link has expired and forgets their file; the rows
 * stay, so the list still shows the export as expired and its link answers 410 Gone. Answers how
 * many files went.
 */
export async function purgeExpiredExports(db: Db, dataDir: string, now = new Date()): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(
      and(eq(dataExports.status, 'ready'), isNotNull(dataExports.fileKey), lte(dataExports.expiresAt, now)),
    );
  for (const { id, fileKey } of expired) {
    if (fileKey) await rm(exportFilePath(exportsDirOf(dataDir), fileKey), { force: true });
    await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, id));
  }
  return expired.length;
}
