import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Config } from '../../config.ts';
import { assertExportKey, writeZip } from './export-files.ts';
import type { ExportStore } from './export-store.ts';

// Exports in the S3 bucket of the uploads, in a module of its own so the AWS SDK is loaded only
// when S3_* is set (plugins/storage.ts imports it on demand).

/**
 * Exports live under this prefix, which the bucket's policy must leave private: uploads are
 * public objects under `employers/` and `physicians/`, exports are read only through links the
 * server signs after its checks.
 */
export const S3_EXPORTS_PREFIX = 'private/exports/';

/** How long a signed download link works: long enough to start the download, no more. */
export const EXPORT_LINK_SECONDS = 5 * 60;

export interface S3ExportStoreOptions {
  /** Lifetime of a signed link in seconds; EXPORT_LINK_SECONDS unless a test shortens it. */
  linkSeconds?: number;
}

function isNotFound(error: unknown): boolean {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NotFound' || name === 'NoSuchKey' || $metadata?.httpStatusCode === 404;
}

export function s3ExportKey(fileKey: string): string {
  assertExportKey(fileKey);
  return `${S3_EXPORTS_PREFIX}${fileKey}`;
}

export function createS3ExportStore(
  config: S3Config,
  client: S3Client,
  { linkSeconds = EXPORT_LINK_SECONDS }: S3ExportStoreOptions = {},
): ExportStore {
  const object = (fileKey: string) => ({ Bucket: config.bucket, Key: s3ExportKey(fileKey) });
  return {
    async save(fileKey, files) {
      const key = object(fileKey);
      // The ZIP is built in a scratch file and sent with its length (S3 needs it up front); the
      // scratch file goes once it is sent, so no instance keeps an export on its disk.
      const scratch = await mkdtemp(path.join(tmpdir(), 'medhire-export-'));
      try {
        const zipPath = path.join(scratch, 'export.zip');
        const size = await writeZip(zipPath, files);
        await client.send(
          new PutObjectCommand({
            ...key,
            Body: createReadStream(zipPath),
            ContentLength: size,
            ContentType: 'application/zip',
            CacheControl: 'private, no-store',
          }),
        );
        return size;
      } finally {
        await rm(scratch, { recursive: true, force: true });
      }
    },
    async exists(fileKey) {
      try {
        await client.send(new HeadObjectCommand(object(fileKey)));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
    async read(fileKey) {
      const { Body } = await client.send(new GetObjectCommand(object(fileKey)));
      if (!Body) throw new Error(`The export ${fileKey} has no body.`);
      return Body as Readable;
    },
    signedUrl({ fileKey, fileName }) {
      return getSignedUrl(
        client,
        new GetObjectCommand({
          ...object(fileKey),
          // The bucket answers with the download's name and never lets it be cached.
          ResponseContentType: 'application/zip',
          ResponseContentDisposition: `attachment; filename="${fileName}"`,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: linkSeconds },
      );
    },
    async delete(fileKey) {
      await client.send(new DeleteObjectCommand(object(fileKey)));
    },
  };
}
