import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { dataExports } from '../../db/schema/team.ts';
import type { ExportStore } from './export-store.ts';

/**
 * Deletes the ZIPs (from local disk or the bucket, wherever the store keeps them) of exports whose link has expired and forgets their file; the rows
 * stay, so the list still shows the export as expired and its link answers 410 Gone. Answers how
 * many files went.
 */
export async function purgeExpiredExports(
  db: Db,
  exportStore: ExportStore,
  now = new Date(),
): Promise<number> {
  const expired = await db
    .select({ id: dataExports.id, fileKey: dataExports.fileKey })
    .from(dataExports)
    .where(
      and(eq(dataExports.status, 'ready'), isNotNull(dataExports.fileKey), lte(dataExports.expiresAt, now)),
    );
  for (const { id, fileKey } of expired) {
    if (fileKey) await exportStore.delete(fileKey);
    await db.update(dataExports).set({ fileKey: null }).where(eq(dataExports.id, id));
  }
  return expired.length;
}
