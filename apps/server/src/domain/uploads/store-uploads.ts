import { randomUUID } from 'node:crypto';
import type { TMediaKind } from '@medhire/contract/organization';
import {
  IMAGE_UPLOAD_FIELD,
  MAX_IMAGE_BYTES,
  MAX_MEDIA_FILES,
  MAX_VIDEO_BYTES,
  MEDIA_UPLOAD_FIELD,
  type TUploadedImage,
  type TUploadedMedia,
  type TUploadedMediaList,
  UPLOAD_MESSAGES,
} from '@medhire/contract/uploads';
import type { Db } from '../../db/index.ts';
import type { TNewUploadRow } from '../../db/schema/uploads.ts';
import { AppError } from '../../lib/app-error.ts';
import { detectUploadType, SNIFF_BYTES, type UploadType } from './detect-upload-type.ts';
import type { FileStorage } from './file-storage.ts';
import { type ProcessedImage, processImage, STORED_IMAGE_TYPE } from './process-image.ts';
import { createStaging, type StagedFile, type Staging } from './staging.ts';
import { insertUploads } from './uploads-repository.ts';

/** One file part of a multipart request, as it arrives. */
export interface IncomingFile {
  fieldName: string;
  stream: AsyncIterable<Uint8Array>;
}

/** What one upload call accepts. */
export interface UploadRules {
  fieldName: string;
  kinds: readonly TMediaKind[];
  maxFiles: number;
  /** How the call names what it wants, in messages: "an image", "a photo or video". */
  wanted: string;
  unsupportedMessage: string;
  tooManyMessage: string;
}

export const SINGLE_IMAGE_RULES: UploadRules = {
  fieldName: IMAGE_UPLOAD_FIELD,
  kinds: ['image'],
  maxFiles: 1,
  wanted: 'an image',
  unsupportedMessage: UPLOAD_MESSAGES.unsupportedImageType,
  tooManyMessage: UPLOAD_MESSAGES.oneImageOnly,
};

export const MEDIA_RULES: UploadRules = {
  fieldName: MEDIA_UPLOAD_FIELD,
  kinds: ['image', 'video'],
  maxFiles: MAX_MEDIA_FILES,
  wanted: 'a photo or video',
  unsupportedMessage: UPLOAD_MESSAGES.unsupportedType,
  tooManyMessage: UPLOAD_MESSAGES.tooManyMedia,
};

const SIZE_LIMITS: Record<TMediaKind, { bytes: number; message: string }> = {
  image: { bytes: MAX_IMAGE_BYTES, message: UPLOAD_MESSAGES.imageTooLarge },
  video: { bytes: MAX_VIDEO_BYTES, message: UPLOAD_MESSAGES.videoTooLarge },
};

/** The largest single file the rules can accept; the multipart parser stops reading past it. */
export function largestAcceptedBytes(rules: UploadRules): number {
  return Math.max(...rules.kinds.map((kind) => SIZE_LIMITS[kind].bytes));
}

function fieldProblem(rules: UploadRules, message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field: rules.fieldName, in: 'body', message }]);
}

async function writeAll(file: StagedFile, chunk: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < chunk.byteLength) {
    const { bytesWritten } = await file.handle.write(chunk, offset, chunk.byteLength - offset);
    offset += bytesWritten;
  }
}

type ReceivedFile =
  | { kind: 'image'; processed: ProcessedImage }
  | { kind: 'video'; type: UploadType; staged: StagedFile; size: number };

/**
 * Reads one file while it arrives. Its type is decided from the first bytes, which also
 * fixes its size limit; reading stops at the first byte over the limit, so an oversized
 * file is never held whole. Images are collected in memory (at most 10 MB) and re-encoded;
 * videos are written to a staged file.
 */
async function receiveFile(
  stream: AsyncIterable<Uint8Array>,
  rules: UploadRules,
  staging: Staging,
): Promise<ReceivedFile> {
  const head: Uint8Array[] = [];
  const imageChunks: Uint8Array[] = [];
  let type: UploadType | undefined;
  let staged: StagedFile | undefined;
  let received = 0;

  const decideType = async () => {
    const detected = await detectUploadType(Buffer.concat(head));
    if (!detected || !rules.kinds.includes(detected.kind)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.unsupportedMessage);
    }
    return detected;
  };
  const keep = async (decided: UploadType, chunks: Uint8Array[]) => {
    const limit = SIZE_LIMITS[decided.kind];
    if (received > limit.bytes) throw new AppError('PAYLOAD_TOO_LARGE', limit.message);
    if (decided.kind === 'image') {
      imageChunks.push(...chunks);
      return;
    }
    staged ??= await staging.create(decided.extension);
    for (const chunk of chunks) await writeAll(staged, chunk);
  };

  for await (const chunk of stream) {
    received += chunk.byteLength;
    if (type) {
      await keep(type, [chunk]);
      continue;
    }
    head.push(chunk);
    if (received >= SNIFF_BYTES) {
      type = await decideType();
      await keep(type, head);
    }
  }
  if (received === 0) throw fieldProblem(rules, 'That file is empty. Choose another one.');
  if (!type) {
    type = await decideType();
    await keep(type, head);
  }

  if (type.kind === 'image') {
    return {
      kind: 'image',
      processed: await processImage(Buffer.concat(imageChunks), rules.unsupportedMessage),
    };
  }
  if (!staged) throw new Error('A received video has no staged file.');
  await staged.handle.close();
  return { kind: 'video', type, staged, size: received };
}

export interface StoreUploadsOptions {
  db: Db;
  storage: FileStorage;
  ownerUserId: string;
  files: AsyncIterable<IncomingFile>;
  rules: UploadRules;
  /** Where arriving videos are written before they are stored; not a served folder. */
  stagingDir: string;
}

/**
 * Receives every file of an upload call, then stores them and records who owns them. All
 * or nothing: a file that fails (type, size, too many files) fails the call, and nothing of
 * it is kept in storage.
 */
export async function storeUploads({
  db,
  storage,
  ownerUserId,
  files,
  rules,
  stagingDir,
}: StoreUploadsOptions): Promise<TUploadedMedia[]> {
  const staging = createStaging(stagingDir);
  try {
    const received: ReceivedFile[] = [];
    for await (const file of files) {
      if (file.fieldName !== rules.fieldName) {
        throw fieldProblem(rules, `Send ${rules.wanted} in the form field "${rules.fieldName}".`);
      }
      if (received.length === rules.maxFiles) throw fieldProblem(rules, rules.tooManyMessage);
      received.push(await receiveFile(file.stream, rules, staging));
    }
    if (received.length === 0) {
      throw fieldProblem(rules, `Choose ${rules.wanted} to upload in the form field "${rules.fieldName}".`);
    }
    return await persist({ db, storage, ownerUserId, received });
  } finally {
    await staging.dispose();
  }
}

/**
 * Keys are random and sit under the owner's prefix; the client's file name never reaches
 * storage, so it can neither collide with nor overwrite anything.
 */
function newObjectKey(ownerUserId: string, id: string, suffix: string): string {
  return `employers/${ownerUserId}/${id}${suffix}`;
}

async function persist({
  db,
  storage,
  ownerUserId,
  received,
}: {
  db: Db;
  storage: FileStorage;
  ownerUserId: string;
  received: ReceivedFile[];
}): Promise<TUploadedMedia[]> {
  const written: string[] = [];
  const put = async (key: string, body: Parameters<FileStorage['put']>[1], contentType: string) => {
    written.push(key);
    await storage.put(key, body, contentType);
  };
  try {
    const rows: TNewUploadRow[] = [];
    const results: TUploadedMedia[] = [];
    for (const file of received) {
      const id = randomUUID();
      if (file.kind === 'image') {
        const { image, thumbnail } = file.processed;
        const { mimeType, extension } = STORED_IMAGE_TYPE;
        const key = newObjectKey(ownerUserId, id, `.${extension}`);
        const thumbnailKey = newObjectKey(ownerUserId, id, `-thumb.${extension}`);
        await put(key, image.data, mimeType);
        await put(thumbnailKey, thumbnail.data, mimeType);
        const row = {
          ownerUserId,
          key,
          thumbnailKey,
          kind: 'image',
          mimeType,
          size: image.data.byteLength,
          width: image.width,
          height: image.height,
        } as const;
        rows.push(row);
        results.push({
          key,
          url: storage.url(key),
          thumbnailUrl: storage.url(thumbnailKey),
          mimeType,
          kind: 'image',
          size: row.size,
          width: row.width,
          height: row.height,
        });
        continue;
      }
      const { mimeType, extension } = file.type;
      const key = newObjectKey(ownerUserId, id, `.${extension}`);
      await put(key, { filePath: file.staged.filePath }, mimeType);
      rows.push({ ownerUserId, key, kind: 'video', mimeType, size: file.size });
      results.push({ key, url: storage.url(key), mimeType, kind: 'video', size: file.size });
    }
    await insertUploads(db, rows);
    return results;
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

type StoreOneCallOptions = Omit<StoreUploadsOptions, 'rules'>;

/** upload-single-image: one image, re-encoded, with its thumbnail. */
export async function uploadSingleImage(options: StoreOneCallOptions): Promise<TUploadedImage> {
  const [image] = await storeUploads({ ...options, rules: SINGLE_IMAGE_RULES });
  if (!image?.thumbnailUrl || image.width === undefined || image.height === undefined) {
    throw new Error('An uploaded image was stored without its thumbnail or dimensions.');
  }
  return {
    key: image.key,
    url: image.url,
    thumbnailUrl: image.thumbnailUrl,
    mimeType: image.mimeType,
    size: image.size,
    width: image.width,
    height: image.height,
  };
}

/** upload-multiple-imgs-videos: up to ten photos and videos, in the order they were sent. */
export async function uploadMedia(options: StoreOneCallOptions): Promise<TUploadedMediaList> {
  return { media: await storeUploads({ ...options, rules: MEDIA_RULES }) };
}
