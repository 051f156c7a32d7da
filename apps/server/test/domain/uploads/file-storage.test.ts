import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DeleteObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../../src/config.ts';
import {
  assertStorageKey,
  createLocalStorage,
  s3ObjectUrl,
} from '../../../src/domain/uploads/file-storage.ts';
import { createS3Storage, type S3Sender } from '../../../src/domain/uploads/s3-storage.ts';

const KEY = 'employers/5b0c3e7a-1f2d-4c8e-9a61-0d2f7e4b9c11/8f14e45f-ea8a-4a3b-9c1d-2b7e6f0a1c3d.webp';

const awsConfig: S3Config = {
  endpoint: undefined,
  bucket: 'medhire-media',
  region: 'us-east-2',
  accessKeyId: 'AKIAEXAMPLE',
  secretAccessKey: 'example-secret',
};

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'medhire-storage-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('storage keys', () => {
  it('accepts generated keys and refuses anything that could leave the storage root', () => {
    expect(() => assertStorageKey(KEY)).not.toThrow();
    for (const key of [
      '../secret',
      'employers/../../etc/passwd',
      '/etc/passwd',
      'a//b',
      '',
      'a/b/',
      'a\\b',
      'a b',
    ]) {
      expect(() => assertStorageKey(key), key).toThrow(/Invalid storage key/);
    }
  });
});

describe('local storage', () => {
  it('writes, serves under /uploads and deletes a file; deleting twice is fine', async () => {
    const storage = createLocalStorage(root);
    await storage.put(KEY, Buffer.from('image bytes'), 'image/webp');
    expect(await readFile(path.join(root, KEY), 'utf8')).toBe('image bytes');
    expect(storage.url(KEY)).toBe(`/uploads/${KEY}`);

    await storage.delete(KEY);
    expect(existsSync(path.join(root, KEY))).toBe(false);
    await expect(storage.delete(KEY)).resolves.toBeUndefined();
  });

  it('copies a staged file and leaves no partial file behind', async () => {
    const storage = createLocalStorage(root);
    const staged = path.join(root, 'staged.mp4');
    await writeFile(staged, 'video bytes');
    await storage.put('employers/u/clip.mp4', { filePath: staged }, 'video/mp4');
    expect(await readFile(path.join(root, 'employers/u/clip.mp4'), 'utf8')).toBe('video bytes');

    await expect(
      storage.put('employers/u/missing.mp4', { filePath: path.join(root, 'nope.mp4') }, 'video/mp4'),
    ).rejects.toThrow();
    expect(existsSync(path.join(root, 'employers/u/missing.mp4'))).toBe(false);
  });

  it('refuses a key that climbs out of the root', async () => {
    const storage = createLocalStorage(root);
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    await expect(storage.delete('employers/../../outside.webp')).rejects.toThrow();
    expect(existsSync(path.join(root, '..', 'outside.webp'))).toBe(false);
  });
});

describe('S3-compatible storage', () => {
  it('addresses objects virtual-hosted on AWS and path-style below a custom endpoint', () => {
    expect(s3ObjectUrl(awsConfig, KEY)).toBe(`https://medhire-media.s3.us-east-2.amazonaws.com/${KEY}`);
    expect(s3ObjectUrl({ ...awsConfig, endpoint: 'https://files.example.org/' }, KEY)).toBe(
      `https://files.example.org/medhire-media/${KEY}`,
    );
  });

  it('puts objects with their type, length and immutable caching, and deletes by key', async () => {
    const sent: (PutObjectCommand | DeleteObjectCommand)[] = [];
    const client: S3Sender = {
      send: async (command) => {
        sent.push(command);
        return {};
      },
    };
    const storage = createS3Storage(awsConfig, client);
    const staged = path.join(root, 'upload.webm');
    await writeFile(staged, Buffer.alloc(2048, 1));

    await storage.put(KEY, Buffer.from('webp bytes'), 'image/webp');
    await storage.put('employers/u/clip.webm', { filePath: staged }, 'video/webm');
    await storage.delete(KEY);

    const [image, video, removal] = sent;
    expect(image).toBeInstanceOf(PutObjectCommand);
    expect(image?.input).toMatchObject({
      Bucket: 'medhire-media',
      Key: KEY,
      ContentType: 'image/webp',
      ContentLength: 10,
      CacheControl: 'public, max-age=31536000, immutable',
    });
    expect(video?.input).toMatchObject({
      Key: 'employers/u/clip.webm',
      ContentType: 'video/webm',
      ContentLength: 2048,
    });
    expect(removal).toBeInstanceOf(DeleteObjectCommand);
    expect(removal?.input).toEqual({ Bucket: 'medhire-media', Key: KEY });
    await expect(storage.put('../x', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid storage key/);
    expect(sent).toHaveLength(3);
  });
});
