import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { ZUploadedImage, ZUploadedMediaList } from '@medhire/contract/uploads';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../src/config.ts';
import { createS3Client } from '../../src/domain/uploads/s3-storage.ts';
import { afterFile } from '../cleanups.ts';
import {
  type FormFile,
  filesUnder,
  jpegWithExif,
  minimalMp4,
  multipartBody,
  pngImage,
} from '../domain/uploads/upload-fixtures.ts';
import { buildTestApp } from '../helper.ts';
import { startS3Server } from '../s3-server.ts';
import { signedInEmployer, uniqueIp } from './employer/auth-kit.ts';
import { profileBody } from './employer/organization-kit.ts';

// The same journey of a file on both storages: uploaded, fetched from the URL the API answered,
// and deleted when the organisation removes it from its profile. The S3 storage is a real
// S3-compatible server on loopback, reached over HTTP by the AWS SDK.

const SINGLE = '/api/uploader/upload-single-image';
const MULTIPLE = '/api/uploader/upload-multiple-imgs-videos';

interface Backend {
  name: string;
  app: FastifyInstance;
  /** The object's bytes as the storage holds them, or null when it holds none. */
  readStored(key: string): Promise<Buffer | null>;
  /** Every object the storage holds below the prefix. */
  keysUnder(prefix: string): Promise<string[]>;
}

let s3Config: S3Config;
let s3Client: S3Client;
const backends = new Map<string, Backend>();

beforeAll(async () => {
  s3Config = await startS3Server();
  s3Client = createS3Client(s3Config);
  const localApp = await buildTestApp();
  const s3DataDir = await mkdtemp(path.join(tmpdir(), 'medhire-s3-instance-'));
  afterFile(() => rm(s3DataDir, { recursive: true, force: true }));
  backends.set('local disk', {
    name: 'local disk',
    app: localApp,
    readStored: (key) => readFile(path.join(localApp.config.uploadsDir, key)).catch(() => null),
    keysUnder: async (prefix) =>
      (await filesUnder(path.join(localApp.config.uploadsDir, prefix))).map((file) => `${prefix}${file}`),
  });
  backends.set('S3', {
    name: 'S3',
    // A DATA_DIR of its own, so what it leaves on disk is its own.
    app: await buildTestApp({
      s3: s3Config,
      dataDir: s3DataDir,
      uploadsDir: path.join(s3DataDir, 'uploads'),
    }),
    async readStored(key) {
      try {
        const object = await s3Client.send(new GetObjectCommand({ Bucket: s3Config.bucket, Key: key }));
        return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
      } catch (error) {
        if ((error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async keysUnder(prefix) {
      const listed = await s3Client.send(
        new ListObjectsV2Command({ Bucket: s3Config.bucket, Prefix: prefix }),
      );
      return (listed.Contents ?? []).map((object) => object.Key ?? '');
    },
  });
});
afterAll(async () => {
  for (const { app } of backends.values()) await app.close();
  s3Client?.destroy();
});

describe.each(['local disk', 'S3'])('uploads on %s', (name) => {
  let backend: Backend;
  beforeAll(() => {
    const found = backends.get(name);
    if (!found) throw new Error(`No ${name} backend.`);
    backend = found;
  });

  async function upload(url: string, token: string, files: FormFile[]) {
    const { payload, headers } = await multipartBody(files);
    return backend.app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, authorization: token },
      remoteAddress: uniqueIp(),
    });
  }

  /**
   * Fetches a stored file the way the browser would, from the URL the upload answered: a
   * same-origin path through the server (local disk) or the bucket's public URL (S3).
   */
  async function fetchStored(url: string) {
    if (url.startsWith('/')) {
      const response = await backend.app.inject({ method: 'GET', url });
      return {
        status: response.statusCode,
        type: response.headers['content-type'],
        bytes: response.rawPayload,
      };
    }
    expect(url.startsWith(`${s3Config.endpoint}/${s3Config.bucket}/`), url).toBe(true);
    const response = await fetch(url);
    return {
      status: response.status,
      type: response.headers.get('content-type') ?? undefined,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  const employer = () => signedInEmployer(backend.app, { accountStatus: 'pending' });

  it('stores an image and its thumbnail and serves the same bytes from the URL it answers', async () => {
    const owner = await employer();
    const response = await upload(SINGLE, owner.token, [
      { field: 'image', bytes: await jpegWithExif(), filename: 'IMG_0042.jpg', type: 'image/jpeg' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const image = ZUploadedImage.parse(response.json().data);
    expect(image.key).toMatch(new RegExp(`^employers/${owner.id}/[0-9a-f-]{36}\\.webp$`));

    const stored = await backend.readStored(image.key);
    expect(stored?.byteLength).toBe(image.size);
    const served = await fetchStored(image.url);
    expect(served.status).toBe(200);
    expect(served.type).toBe('image/webp');
    expect(served.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);
    expect(await sharp(served.bytes).metadata()).toMatchObject({ format: 'webp', width: 200, height: 400 });

    const thumbnail = await fetchStored(image.thumbnailUrl);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.type).toBe('image/webp');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({ width: 160, height: 320 });
  });

  it('stores a batch of an image and a video; the video is served exactly as it was sent', async () => {
    const owner = await employer();
    const video = minimalMp4(4096);
    const response = await upload(MULTIPLE, owner.token, [
      { field: 'media', bytes: await pngImage(64, 48), filename: 'front-desk.png', type: 'image/png' },
      { field: 'media', bytes: video, filename: 'tour.mp4', type: 'video/mp4' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const [image, clip] = ZUploadedMediaList.parse(response.json().data).media;
    expect(image).toMatchObject({ kind: 'image', mimeType: 'image/webp' });
    expect(clip).toMatchObject({ kind: 'video', mimeType: 'video/mp4', size: video.byteLength });

    const servedVideo = await fetchStored(clip?.url ?? '');
    expect(servedVideo.status).toBe(200);
    expect(servedVideo.type).toBe('video/mp4');
    expect(servedVideo.bytes.equals(video)).toBe(true);
    const servedImage = await fetchStored(image?.url ?? '');
    expect(servedImage.status).toBe(200);
    expect(servedImage.bytes.equals((await backend.readStored(image?.key ?? '')) ?? Buffer.alloc(0))).toBe(
      true,
    );
  });

  it('keeps nothing of a refused upload (400 for the wrong field)', async () => {
    const owner = await employer();
    const response = await upload(SINGLE, owner.token, [
      { field: 'media', bytes: await pngImage(), filename: 'logo.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'VALIDATION_FAILED' } });
    expect(await backend.keysUnder(`employers/${owner.id}/`)).toEqual([]);
  });

  it("deletes the organisation's removed media and their thumbnails, never another account's", async () => {
    const owner = await employer();
    const other = await employer();
    const uploadImage = async (token: string) => {
      const response = await upload(SINGLE, token, [
        { field: 'image', bytes: await pngImage(80, 60), filename: 'lobby.png', type: 'image/png' },
      ]);
      expect(response.statusCode, response.body).toBe(200);
      return ZUploadedImage.parse(response.json().data);
    };
    const kept = await uploadImage(owner.token);
    const removed = await uploadImage(owner.token);
    const foreign = await uploadImage(other.token);
    const media = [kept, removed].map(({ key, url }) => ({ key, url, kind: 'image' }));
    const save = (body: Record<string, unknown>) =>
      backend.app.inject({
        method: 'PATCH',
        url: `/api/employer/auth/v1/update-profile/${owner.id}`,
        payload: profileBody(body),
        headers: { authorization: owner.token },
        remoteAddress: uniqueIp(),
      });
    const saved = await save({ media, deletedImgskeys: [removed.key, foreign.key] });
    expect(saved.statusCode, saved.body).toBe(200);

    for (const url of [removed.url, removed.thumbnailUrl]) {
      expect((await fetchStored(url)).status, url).toBe(404);
    }
    expect(await backend.readStored(removed.key)).toBeNull();
    for (const url of [kept.url, foreign.url, foreign.thumbnailUrl]) {
      expect((await fetchStored(url)).status, url).toBe(200);
    }
    expect((await backend.keysUnder(`employers/${owner.id}/`)).sort()).toEqual(
      [kept.key, kept.key.replace(/\.webp$/, '-thumb.webp')].sort(),
    );
  });
});

describe('with S3 storage', () => {
  it('keeps no uploaded file on the instance’s disk', async () => {
    const app = backends.get('S3')?.app;
    expect(app).toBeDefined();
    expect(await filesUnder(app?.config.uploadsDir ?? '')).toEqual([]);
    expect(await filesUnder(path.join(app?.config.dataDir ?? '', 'upload-staging'))).toEqual([]);
  });
});
