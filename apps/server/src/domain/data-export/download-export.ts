import { timingSafeEqual } from 'node:crypto';
import { DATA_EXPORT_MESSAGES } from '@medhire/contract/data-export';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { dataExports } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { hashToken } from '../auth/secret-token.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';
import type { ExportStore } from './export-store.ts';

export interface DownloadExportOptions {
  db: Db;
  exportStore: ExportStore;
  exportId: string;
  /** The token of the e-mailed link; without it the caller must be the signed-in owner. */
  token?: string | undefined;
  /** The signed-in caller, when the link's token is not given. */
  member?: TeamMember | null | undefined;
  now?: Date;
}

export interface ExportDownload {
  /** The file in the export store. */
  fileKey: string;
  fileName: string;
  sizeBytes: number | null;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', DATA_EXPORT_MESSAGES.notFound);
}

function sameHash(a: string | null, b: string): boolean {
  if (!a || a.length !== b.length) return false;
  return timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The file of a ready export. With the e-mailed link's token, whoever holds the link downloads
 * it (a wrong token: 403). Without one, the signed-in owner of the same organisation does;
 * another organisation's export answers 404 as if it did not exist. After the seven days the
 * link worked, 410.
 */
export async function downloadExport({
  db,
  exportStore,
  exportId,
  token,
  member: caller,
  now = new Date(),
}: DownloadExportOptions): Promise<ExportDownload> {
  if (!isUuid(exportId)) throw notFound();
  const [row] = await db.select().from(dataExports).where(eq(dataExports.id, exportId)).limit(1);
  if (token) {
    if (!row) throw notFound();
    if (!sameHash(row.downloadTokenHash, hashToken(token))) {
      throw new AppError('FORBIDDEN', DATA_EXPORT_MESSAGES.invalidToken);
    }
  } else {
    if (!caller) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
    const member = requireMemberRight(caller, 'data.export', DATA_EXPORT_MESSAGES.forbidden);
    if (!row || row.organizationId !== member.organizationId) throw notFound();
  }
  if (row.status !== 'ready' || !row.completedAt)
    throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.notReady);
  if (!row.expiresAt || row.expiresAt.getTime() <= now.getTime() || !row.fileKey) {
    throw new AppError('GONE', DATA_EXPORT_MESSAGES.expired);
  }
  if (!(await exportStore.exists(row.fileKey))) throw new AppError('GONE', DATA_EXPORT_MESSAGES.expired);
  return {
    fileKey: row.fileKey,
    fileName: `medhire-export-${row.completedAt.toISOString().slice(0, 10)}.zip`,
    sizeBytes: row.sizeBytes,
  };
}
