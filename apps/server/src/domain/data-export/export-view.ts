import type { TDataExport } from '@medhire/contract/data-export';
import type { dataExports } from '../../db/schema/team.ts';

/** Builds an organisation's export (job data: `{ exportId }`). */
export const DATA_EXPORT_QUEUE = 'data-export';
/** Deletes the files of expired exports (scheduled). */
export const DATA_EXPORT_PURGE_QUEUE = 'data-export-purge';

export type TDataExportRow = typeof dataExports.$inferSelect;

export function downloadPath(exportId: string): string {
  return `/api/employer/data-export/download/${exportId}`;
}

export function toDataExport(row: TDataExportRow, requestedBy: string | null, now: Date): TDataExport {
  const isExpired = row.status === 'ready' && (!row.expiresAt || row.expiresAt.getTime() <= now.getTime());
  return {
    _id: row.id,
    status: row.status,
    requestedBy,
    sizeBytes: row.sizeBytes,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    isExpired,
    downloadUrl: row.status === 'ready' && !isExpired ? downloadPath(row.id) : null,
  };
}
