import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { MAX_VIDEO_BYTES, UPLOAD_MESSAGES } from '@medhire/contract/uploads';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/db/index.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { createLocalStorage } from '../../../src/domain/uploads/file-storage.ts';
import {
  type IncomingFile,
  uploadMedia,
  uploadSingleImage,
} from '../../../src/domain/uploads/store-uploads.ts';
import { getTestDatabase } from '../../helper.ts';
import { filesUnder, minimalMp4 } from './upload-fixtures.ts';

let database: Database;
let ownerUserId: string;
let root: string;

beforeAll(async () => {
  database = await getTestDatabase();
  const owner = await createEmployerAccount({
    db: database.db,
    email: 'store-uploads@clinic.example',
    accountStatus: 'approved',
    isEmailVerified: true,
  });
  ownerUserId = owner.id;
  root = await mkdtemp(path.join(tmpdir(), 'medhire-store-uploads-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const uploadsDir = () => path.join(root, 'uploads');
const stagingDir = () => path.join(root, 'staging');

async function* filesOf(...files: IncomingFile[]): AsyncGenerator<IncomingFile> {
  yield* files;
}

async function* chunksOf(...buffers: Uint8Array[]): AsyncGenerator<Uint8Array> {
  yield* buffers;
}

function options(files: AsyncIterable<IncomingFile>) {
  return {
    db: database.db,
    storage: createLocalStorage(uploadsDir()),
    ownerUserId,
    files,
    stagingDir: stagingDir(),
  };
}

/** A PNG whose header claims `width`×`height` pixels, with no real pixel data behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typeAndData = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typeAndData));
    return Buffer.concat([length, typeAndData, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('storeUploads', () => {
  it('stops reading a video at the first byte over 100 MB and keeps nothing', async () => {
    let produced = 0;
    async function* endlessVideo(): AsyncGenerator<Uint8Array> {
      const block = Buffer.alloc(1024 * 1024);
      yield minimalMp4(16);
      while (produced <= 2 * MAX_VIDEO_BYTES) {
        produced += block.length;
        yield block;
      }
    }
    await expect(
      uploadMedia(options(filesOf({ fieldName: 'media', stream: endlessVideo() }))),
    ).rejects.toMatchObject({
      statusCode: 413,
      message: UPLOAD_MESSAGES.videoTooLarge,
    });
    expect(produced).toBeLessThanOrEqual(MAX_VIDEO_BYTES + 1024 * 1024);
    expect(await filesUnder(stagingDir())).toEqual([]);
    expect(await filesUnder(uploadsDir())).toEqual([]);
  });

  it('keeps the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 30, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
    const gif = await sharp([await frame('#cc3333'), await frame('#3333cc')], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);

    const image = await uploadSingleImage(options(filesOf({ fieldName: 'image', stream: chunksOf(gif) })));
    expect(image).toMatchObject({ mimeType: 'image/webp', width: 30, height: 60 });
    const stored = sharp(path.join(uploadsDir(), image.key));
    expect((await stored.metadata()).pages).toBeUndefined();
    const { dominant } = await stored.stats();
    expect(dominant.r).toBeGreaterThan(150);
    expect(dominant.b).toBeLessThan(100);
  });

  it('refuses a decompression bomb before decoding it', async () => {
    await expect(
      uploadSingleImage(
        options(filesOf({ fieldName: 'image', stream: chunksOf(pngClaiming(20_000, 20_000)) })),
      ),
    ).rejects.toMatchObject({ statusCode: 413, message: expect.stringContaining('megapixels') });
  });

  it('answers 422 for an image that is damaged past its signature', async () => {
    const damaged = Buffer.concat([pngClaiming(10, 10).subarray(0, 20), Buffer.alloc(200, 7)]);
    await expect(
      uploadSingleImage(options(filesOf({ fieldName: 'image', stream: chunksOf(damaged) }))),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'That image could not be read. The file may be damaged.',
    });
  });

  it('judges the type from bytes split across many small chunks', async () => {
    const jpeg = await sharp({ create: { width: 50, height: 40, channels: 3, background: '#227744' } })
      .jpeg()
      .toBuffer();
    const pieces = Array.from({ length: Math.ceil(jpeg.length / 7) }, (_, index) =>
      jpeg.subarray(index * 7, index * 7 + 7),
    );
    const image = await uploadSingleImage(
      options(filesOf({ fieldName: 'image', stream: chunksOf(...pieces) })),
    );
    expect(image).toMatchObject({ width: 50, height: 40 });
  });
});
