import { DATA_EXPORT_VALID_DAYS } from '@medhire/contract/data-export';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { dataExports } from '../../db/schema/team.ts';
import { generateToken, hashToken } from '../auth/secret-token.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { collectExportData } from './collect-export-data.ts';
import { renderDataExportReadyMail } from './export-mail.ts';
import type { ExportStore } from './export-store.ts';
import { downloadPath } from './export-view.ts';

export interface RunExportJobOptions {
  db: Db;
  exportId: string;
  /** Where the ZIP goes: DATA_DIR/exports, or the S3 bucket's private prefix. */
  exportStore: ExportStore;
  publicUrl: string;
  sendMail: (mail: MailMessage) => Promise<void>;
  /** The queue's last try: a failure then marks the export failed instead of retrying. */
  isLastAttempt: boolean;
  now?: () => Date;
}

export type ExportJobOutcome = 'ready' | 'failed' | 'skipped';

/**
 * The queue's job for one export: builds the ZIP, marks it ready with a download token valid for
 * seven days, then e-mails the owner who asked. A failure is thrown back so the queue retries it;
 * on the last try the export is marked failed instead. An export already finished (a job run
 * twice) or gone (the organisation deleted) is skipped.
 */
export async function runExportJob(options: RunExportJobOptions): Promise<ExportJobOutcome> {
  const { db, exportId } = options;
  const now = options.now ?? (() => new Date());
  const [started] = await db
    .update(dataExports)
    .set({ status: 'running' })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'running'])))
    .returning();
  if (!started) return 'skipped';

  let token: string;
  try {
    const fileKey = `${started.organizationId}/${started.id}.zip`;
    const files = await db.transaction((tx) => collectExportData(tx, started.organizationId, now()), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const sizeBytes = await options.exportStore.save(fileKey, files);
    token = generateToken();
    const completedAt = now();
    const expiresAt = new Date(completedAt.getTime() + DATA_EXPORT_VALID_DAYS * 24 * 3600_000);
    await db
      .update(dataExports)
      .set({
        status: 'ready',
        fileKey,
        sizeBytes,
        downloadTokenHash: hashToken(token),
        completedAt,
        expiresAt,
        error: null,
      })
      .where(eq(dataExports.id, exportId));
  } catch (error) {
    if (!options.isLastAttempt) throw error;
    await db
      .update(dataExports)
      .set({
        status: 'failed',
        completedAt: now(),
        error: error instanceof Error ? error.message.slice(0, 500) : 'Failed',
      })
      .where(eq(dataExports.id, exportId));
    return 'failed';
  }

  // After the commit: the export stays ready even if the e-mail cannot go out (the list has it).
  const [recipient] = await db
    .select({ email: users.email, organizationName: organizations.name })
    .from(dataExports)
    .innerJoin(organizations, eq(organizations.id, dataExports.organizationId))
    .innerJoin(users, eq(users.id, dataExports.requestedByUserId))
    .where(eq(dataExports.id, exportId));
  if (recipient) {
    const link = `${options.publicUrl.replace(/\/+$/, '')}${downloadPath(exportId)}?token=${token}`;
    await options.sendMail({
      to: recipient.email,
      ...renderDataExportReadyMail(
        recipient.organizationName ?? 'your organization',
        link,
        DATA_EXPORT_VALID_DAYS,
      ),
    });
  }
  return 'ready';
}
