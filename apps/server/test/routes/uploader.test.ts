import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ZUploadedImage, ZUploadedMediaList } from '@medhire/contract/uploads';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../../src/db/schema/uploads.ts';
import { deleteUploads } from '../../src/domain/uploads/delete-uploads.ts';
import {
  employerSession,
  type FormFile,
  filesUnder,
  jpegWithExif,
  minimalMp4,
  multipartBody,
  oversizedPng,
  pngImage,
} from '../domain/uploads/upload-fixtures.ts';
import { buildTestApp } from '../helper.ts';

const SINGLE = '/api/uploader/upload-single-image';
const MULTIPLE = '/api/uploader/upload-multiple-imgs-videos';
const MEGABYTE = 1024 * 1024;

const IMAGE_TOO_LARGE = 'That file is larger than the 10 MB limit for images.';
const UNSUPPORTED = 'Only JPEG, PNG, WebP or GIF images and MP4, WebM or MOV videos can be uploaded.';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

async function upload(
  url: string,
  token: string | undefined,
  files: FormFile[],
  fields?: Record<string, string>,
) {
  const { payload, headers } = await multipartBody(files, fields);
  return app.inject({
    method: 'POST',
    url,
    payload,
    headers: token ? { ...headers, authorization: token } : headers,
  });
}

const ownerDir = (userId: string) => path.join(app.config.uploadsDir, 'employers', userId);
const stagingDir = () => path.join(app.config.dataDir, 'upload-staging');

async function uploadRowsOf(userId: string) {
  return app.db.select().from(uploads).where(eq(uploads.ownerUserId, userId));
}

/** Fetches a stored file the way the browser would, from the URL the upload answered. */
async function fetchStored(url: string) {
  expect(url).toMatch(/^\/uploads\//);
  return app.inject({ method: 'GET', url });
}

describe('POST /api/uploader/upload-single-image', () => {
  it('re-encodes the image upright without its metadata and serves it and its thumbnail', async () => {
    const { userId, token } = await employerSession(app);
    const original = await jpegWithExif();
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.orientation).toBe(6);

    const response = await upload(SINGLE, token, [
      { field: 'image', bytes: original, filename: 'IMG_0042.jpg', type: 'image/jpeg' },
    ]);

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const image = ZUploadedImage.parse(body.data);
    expect(image.key).toMatch(new RegExp(`^employers/${userId}/[0-9a-f-]{36}\\.webp$`));
    expect(image.key).not.toContain('IMG_0042');
    expect(image).toMatchObject({
      mimeType: 'image/webp',
      url: `/uploads/${image.key}`,
      width: 200,
      height: 400,
    });

    const stored = await readFile(path.join(app.config.uploadsDir, image.key));
    expect(stored.byteLength).toBe(image.size);
    const storedMeta = await sharp(stored).metadata();
    expect(storedMeta).toMatchObject({ format: 'webp', width: 200, height: 400 });
    expect(storedMeta.exif).toBeUndefined();
    expect(storedMeta.xmp).toBeUndefined();
    expect(storedMeta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('ClinicCam'))).toBe(false);

    const served = await fetchStored(image.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(stored)).toBe(true);

    const thumbnail = await fetchStored(image.thumbnailUrl);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');
    expect(await sharp(thumbnail.rawPayload).metadata()).toMatchObject({ width: 160, height: 320 });

    const rows = await uploadRowsOf(userId);
    expect(rows).toEqual([
      expect.objectContaining({
        key: image.key,
        thumbnailKey: expect.stringMatching(/-thumb\.webp$/),
        kind: 'image',
        mimeType: 'image/webp',
        size: image.size,
      }),
    ]);
  });

  it('caps the long edge at 2560 px', async () => {
    const { token } = await employerSession(app);
    const wide = await pngImage(3000, 1000);
    const response = await upload(SINGLE, token, [
      { field: 'image', bytes: wide, filename: 'panorama.png', type: 'image/png' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ width: 2560, height: 853 });
  });

  it('answers 413 for an image over 10 MB and keeps nothing of it', async () => {
    const { userId, token } = await employerSession(app);
    const response = await upload(SINGLE, token, [
      { field: 'image', bytes: await oversizedPng(11 * MEGABYTE), filename: 'scan.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      success: false,
      error: { message: IMAGE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
    });
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
    expect(await filesUnder(stagingDir())).toEqual([]);
    expect(await uploadRowsOf(userId)).toEqual([]);
  });

  it('refuses a text file named .jpg with 415, whatever type the client claims', async () => {
    const { userId, token } = await employerSession(app);
    const response = await upload(SINGLE, token, [
      {
        field: 'image',
        bytes: Buffer.from('Quarterly staffing notes\n'.repeat(400)),
        filename: 'photo.jpg',
        type: 'image/jpeg',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({
      message: 'Only JPEG, PNG, WebP or GIF images can be uploaded here.',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
  });

  it('refuses a video: this call takes images only', async () => {
    const { token } = await employerSession(app);
    const response = await upload(SINGLE, token, [
      { field: 'image', bytes: minimalMp4(), filename: 'tour.mp4', type: 'video/mp4' },
    ]);
    expect(response.statusCode).toBe(415);
  });

  it('answers 400 naming the field when the file comes in another field', async () => {
    const { token } = await employerSession(app);
    const response = await upload(SINGLE, token, [
      { field: 'photo', bytes: await pngImage(), filename: 'a.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Send an image in the form field "image".',
      details: [{ field: 'image', in: 'body' }],
    });
  });

  it('answers 400 naming the field when no file is sent', async () => {
    const { token } = await employerSession(app);
    const formWithoutFile = await upload(SINGLE, token, [], { caption: 'Front desk' });
    expect(formWithoutFile.statusCode).toBe(400);
    expect(formWithoutFile.json().error.message).toBe('Choose an image to upload in the form field "image".');

    const json = await app.inject({
      method: 'POST',
      url: SINGLE,
      headers: { authorization: token },
      payload: { image: 'data:image/png;base64,AAAA' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toContain('"image"');
  });

  it('answers 400, not 500, to a malformed or cut-off multipart body', async () => {
    const { userId, token } = await employerSession(app);
    const noBoundary = await app.inject({
      method: 'POST',
      url: SINGLE,
      headers: { authorization: token, 'content-type': 'multipart/form-data' },
      payload: 'image=1',
    });
    expect(noBoundary.statusCode).toBe(400);
    expect(noBoundary.json().error.message).toBe(
      'The upload could not be read. Send the file as multipart/form-data in the field "image".',
    );

    const { payload, headers } = await multipartBody([
      { field: 'image', bytes: await pngImage(400, 400), filename: 'a.png', type: 'image/png' },
    ]);
    const cutOff = await app.inject({
      method: 'POST',
      url: SINGLE,
      headers: { ...headers, authorization: token },
      payload: payload.subarray(0, Math.floor(payload.length / 2)),
    });
    expect(cutOff.statusCode).toBe(400);
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
  });

  it('answers 400 for a second image', async () => {
    const { userId, token } = await employerSession(app);
    const png = await pngImage();
    const response = await upload(SINGLE, token, [
      { field: 'image', bytes: png, filename: 'a.png', type: 'image/png' },
      { field: 'image', bytes: png, filename: 'b.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Upload one image at a time.');
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
  });

  it('answers 401 without a session and reads nothing', async () => {
    const response = await upload(SINGLE, undefined, [
      { field: 'image', bytes: await pngImage(), filename: 'a.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, error: { code: 'UNAUTHENTICATED' } });
  });

  it('limits each account to 30 uploads a minute', async () => {
    const { token } = await employerSession(app);
    const other = await employerSession(app);
    const text = (field: string) => [
      { field, bytes: Buffer.from('not an image'), filename: 'a.jpg', type: 'image/jpeg' },
    ];
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect((await upload(SINGLE, token, text('image'))).statusCode).toBe(415);
    }
    // Both calls share the limit.
    const limited = await upload(MULTIPLE, token, text('media'));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect((await upload(SINGLE, other.token, text('image'))).statusCode).toBe(415);
  });
});

describe('POST /api/uploader/upload-multiple-imgs-videos', () => {
  it('stores an image and an MP4 in the order sent; the video as it came, without a thumbnail', async () => {
    const { userId, token } = await employerSession(app);
    const video = minimalMp4(4096);
    const response = await upload(MULTIPLE, token, [
      { field: 'media', bytes: await pngImage(640, 480), filename: 'lobby.png', type: 'image/png' },
      { field: 'media', bytes: video, filename: 'tour.mp4', type: 'video/mp4' },
    ]);

    expect(response.statusCode, response.body).toBe(200);
    const { media } = ZUploadedMediaList.parse(response.json().data);
    expect(media).toHaveLength(2);
    const [image, clip] = media;
    expect(image).toMatchObject({ kind: 'image', mimeType: 'image/webp', width: 640, height: 480 });
    expect(image?.thumbnailUrl).toMatch(/^\/uploads\/employers\/.+-thumb\.webp$/);
    expect(clip).toEqual({
      key: expect.stringMatching(new RegExp(`^employers/${userId}/[0-9a-f-]{36}\\.mp4$`)),
      url: `/uploads/${clip?.key}`,
      mimeType: 'video/mp4',
      kind: 'video',
      size: video.length,
    });

    const served = await fetchStored(clip?.url ?? '');
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(video)).toBe(true);
    expect(await filesUnder(ownerDir(userId))).toHaveLength(3);
    expect(await filesUnder(stagingDir())).toEqual([]);

    const rows = await uploadRowsOf(userId);
    expect(rows.map((row) => [row.kind, row.thumbnailKey === null]).sort()).toEqual([
      ['image', false],
      ['video', true],
    ]);
  });

  it('judges a file by its bytes: a PNG named .mp4 is stored as an image', async () => {
    const { token } = await employerSession(app);
    const response = await upload(MULTIPLE, token, [
      { field: 'media', bytes: await pngImage(), filename: 'clip.mp4', type: 'video/mp4' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.media[0]).toMatchObject({ kind: 'image', mimeType: 'image/webp' });
  });

  it('refuses anything but the listed formats with 415 and keeps none of the batch', async () => {
    const { userId, token } = await employerSession(app);
    const response = await upload(MULTIPLE, token, [
      { field: 'media', bytes: await pngImage(), filename: 'ok.png', type: 'image/png' },
      {
        field: 'media',
        bytes: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'),
        filename: 'brochure.mp4',
        type: 'video/mp4',
      },
    ]);
    expect(response.statusCode).toBe(415);
    expect(response.json().error).toEqual({ message: UNSUPPORTED, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
    expect(await uploadRowsOf(userId)).toEqual([]);
  });

  it('answers 400 for more than 10 files and keeps none of them', async () => {
    const { userId, token } = await employerSession(app);
    const png = await pngImage(16, 16);
    const files = Array.from({ length: 11 }, (_, index) => ({
      field: 'media',
      bytes: png,
      filename: `${index}.png`,
      type: 'image/png',
    }));
    const response = await upload(MULTIPLE, token, files);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('You can upload up to 10 files at a time.');
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
    expect(await uploadRowsOf(userId)).toEqual([]);
  });

  it('applies the image limit to images even though videos may be larger', async () => {
    const { userId, token } = await employerSession(app);
    const response = await upload(MULTIPLE, token, [
      {
        field: 'media',
        bytes: await oversizedPng(10 * MEGABYTE + 1),
        filename: 'big.png',
        type: 'image/png',
      },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(IMAGE_TOO_LARGE);
    expect(await filesUnder(ownerDir(userId))).toEqual([]);
  });

  it('answers 400 naming the field "media"', async () => {
    const { token } = await employerSession(app);
    const response = await upload(MULTIPLE, token, [
      { field: 'image', bytes: await pngImage(), filename: 'a.png', type: 'image/png' },
    ]);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Send a photo or video in the form field "media".');
  });
});

describe('over a real connection', () => {
  it('answers a 50 MB image with the readable 413 while the client is still sending', async () => {
    const { userId, token } = await employerSession(app);
    const server = await buildTestApp();
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const { payload, headers } = await multipartBody([
        { field: 'image', bytes: await oversizedPng(50 * MEGABYTE), filename: 'huge.png', type: 'image/png' },
      ]);
      const response = await fetch(`${address}${SINGLE}`, {
        method: 'POST',
        headers: { ...headers, authorization: token },
        body: payload,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        success: false,
        error: { message: IMAGE_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' },
      });
      expect(await filesUnder(ownerDir(userId))).toEqual([]);
      expect(await filesUnder(stagingDir())).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('answers 401 to a large upload without a session, without reading it into memory', async () => {
    const server = await buildTestApp();
    try {
      const address = await server.listen({ port: 0, host: '127.0.0.1' });
      const { payload, headers } = await multipartBody([
        { field: 'image', bytes: await oversizedPng(20 * MEGABYTE), filename: 'huge.png', type: 'image/png' },
      ]);
      const response = await fetch(`${address}${SINGLE}`, { method: 'POST', headers, body: payload });
      expect(response.status).toBe(401);
      expect((await response.json()).error.code).toBe('UNAUTHENTICATED');
    } finally {
      await server.close();
    }
  });
});

describe('deleteUploads', () => {
  it("removes the caller's files and thumbnails and refuses another account's keys", async () => {
    const owner = await employerSession(app);
    const stranger = await employerSession(app);
    const response = await upload(MULTIPLE, owner.token, [
      { field: 'media', bytes: await pngImage(), filename: 'a.png', type: 'image/png' },
      { field: 'media', bytes: minimalMp4(), filename: 'b.mp4', type: 'video/mp4' },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    const keys: string[] = response.json().data.media.map((item: { key: string }) => item.key);
    expect(await filesUnder(ownerDir(owner.userId))).toHaveLength(3);

    const refused = await deleteUploads({
      db: app.db,
      storage: app.storage,
      ownerUserId: stranger.userId,
      keys,
    });
    expect(refused).toEqual({ deletedKeys: [], refusedKeys: keys });
    expect(await filesUnder(ownerDir(owner.userId))).toHaveLength(3);
    expect(await uploadRowsOf(owner.userId)).toHaveLength(2);

    const [imageKey, videoKey] = keys as [string, string];
    const deleted = await deleteUploads({
      db: app.db,
      storage: app.storage,
      ownerUserId: owner.userId,
      keys: [imageKey, 'employers/nobody/unknown.webp'],
    });
    expect(deleted).toEqual({ deletedKeys: [imageKey], refusedKeys: ['employers/nobody/unknown.webp'] });
    expect(await filesUnder(ownerDir(owner.userId))).toEqual([path.basename(videoKey)]);
    expect((await uploadRowsOf(owner.userId)).map((row) => row.key)).toEqual([videoKey]);
  });
});
