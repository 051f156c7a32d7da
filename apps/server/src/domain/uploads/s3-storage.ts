import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { DeleteObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../../config.ts';
import { assertStorageKey, type FileStorage, IMMUTABLE_CACHE, s3ObjectUrl } from './file-storage.ts';

// S3-compatible storage, in a module of its own so the AWS SDK is loaded only when S3_* is set
// (plugins/storage.ts imports it on demand).

/** The slice of the S3 client the storage uses. */
export interface S3Sender {
  send(command: PutObjectCommand | DeleteObjectCommand): Promise<unknown>;
  destroy?(): void;
}

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Custom endpoints are addressed path-style; many S3-compatible services lack bucket subdomains.
    forcePathStyle: Boolean(config.endpoint),
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // Checksums only where S3 demands them: several S3-compatible services reject the
    // trailing checksums the SDK would otherwise add to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(config: S3Config, client: S3Sender = createS3Client(config)): FileStorage {
  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      const common = {
        Bucket: config.bucket,
        Key: key,
        ContentType: contentType,
        CacheControl: IMMUTABLE_CACHE,
      };
      if (body instanceof Uint8Array) {
        await client.send(new PutObjectCommand({ ...common, Body: body, ContentLength: body.byteLength }));
        return;
      }
      const { size } = await stat(body.filePath);
      await client.send(
        new PutObjectCommand({ ...common, Body: createReadStream(body.filePath), ContentLength: size }),
      );
    },
    async delete(key) {
      assertStorageKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    url(key) {
      return s3ObjectUrl(config, key);
    },
  };
}
