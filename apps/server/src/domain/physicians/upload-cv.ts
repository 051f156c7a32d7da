import { randomUUID } from 'node:crypto';
import {
  CV_UPLOAD_FIELD,
  PHYSICIAN_LIMITS,
  PHYSICIAN_MESSAGES,
  type TPhysicianProfile,
} from '@medhire/contract/physicians';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../uploads/file-storage.ts';
import type { IncomingFile } from '../uploads/store-uploads.ts';
import { findPhysicianWithEmail, loadPhysicianProfile } from './physician-profile.ts';

/** Every PDF starts with these bytes; the declared type and file name prove nothing. */
const PDF_SIGNATURE = Buffer.from('%PDF-', 'latin1');

function fieldProblem(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field: CV_UPLOAD_FIELD, in: 'body', message }]);
}

/**
 * Reads the CV while it arrives: the first bytes must be a PDF's (415 otherwise) and reading
 * stops at the first byte over the limit (413), so an oversized file is never held whole.
 */
async function receivePdf(stream: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  let isChecked = false;
  for await (const chunk of stream) {
    received += chunk.byteLength;
    if (received > PHYSICIAN_LIMITS.cvMaxBytes) {
      throw new AppError('PAYLOAD_TOO_LARGE', PHYSICIAN_MESSAGES.cvTooLarge);
    }
    chunks.push(chunk);
    if (!isChecked && received >= PDF_SIGNATURE.byteLength) {
      const head = Buffer.concat(chunks).subarray(0, PDF_SIGNATURE.byteLength);
      if (!head.equals(PDF_SIGNATURE))
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHYSICIAN_MESSAGES.cvNotPdf);
      isChecked = true;
    }
  }
  if (received === 0) throw fieldProblem(PHYSICIAN_MESSAGES.cvEmpty);
  if (!isChecked) throw new AppError('UNSUPPORTED_MEDIA_TYPE', PHYSICIAN_MESSAGES.cvNotPdf);
  return Buffer.concat(chunks);
}

export interface UploadPhysicianCvOptions {
  db: Db;
  storage: FileStorage;
  physicianId: string;
  files: AsyncIterable<IncomingFile>;
  now?: Date;
}

/**
 * Stores the physician's CV (one PDF in the field "cv") under a random key of their own and
 * points the profile at it. The previous CV file is removed once the profile no longer uses it.
 */
export async function uploadPhysicianCv({
  db,
  storage,
  physicianId,
  files,
  now = new Date(),
}: UploadPhysicianCvOptions): Promise<TPhysicianProfile> {
  const { physician, email } = await findPhysicianWithEmail(db, physicianId);
  let pdf: Buffer | undefined;
  for await (const file of files) {
    if (file.fieldName !== CV_UPLOAD_FIELD || pdf) throw fieldProblem(PHYSICIAN_MESSAGES.cvMissing);
    pdf = await receivePdf(file.stream);
  }
  if (!pdf) throw fieldProblem(PHYSICIAN_MESSAGES.cvMissing);

  const key = `physicians/${physician.userId}/cv-${randomUUID()}.pdf`;
  await storage.put(key, pdf, 'application/pdf');
  const [updated] = await db
    .update(physicians)
    .set({ cvUrl: storage.url(key), updatedAt: now })
    .where(eq(physicians.id, physicianId))
    .returning();
  if (!updated) {
    await storage.delete(key);
    throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  }
  const previousKey = storedCvKey(physician.cvUrl, physician.userId, storage);
  if (previousKey) await storage.delete(previousKey).catch(() => undefined);
  return loadPhysicianProfile(db, updated, email, now);
}

/** The storage key behind a CV URL this server stored for the user; undefined for anything else. */
export function storedCvKey(cvUrl: string | null, userId: string, storage: FileStorage): string | undefined {
  const match = cvUrl?.match(/physicians\/[0-9a-f-]+\/cv-[0-9a-f-]+\.pdf$/);
  if (!match) return undefined;
  const key = match[0];
  return key.startsWith(`physicians/${userId}/`) && storage.url(key) === cvUrl ? key : undefined;
}
