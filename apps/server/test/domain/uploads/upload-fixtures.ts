import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { createSession } from '../../../src/domain/auth/sessions.ts';

let counter = 0;

/** A signed-in, approved employer: its user id and session token. */
export async function employerSession(app: FastifyInstance): Promise<{ userId: string; token: string }> {
  counter += 1;
  const user = await createEmployerAccount({
    db: app.db,
    email: `uploader-${counter}-${Date.now().toString(36)}@clinic.example`,
    accountStatus: 'approved',
    isEmailVerified: true,
  });
  return { userId: user.id, token: await createSession(app.db, user.id, 'upload tests') };
}

/**
 * A landscape JPEG (400×200) whose EXIF says "rotate 90° clockwise to view" and carries a
 * camera make, an owner name and a GPS position: everything re-encoding must remove.
 */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'ClinicCam', Model: 'X100', Artist: 'Dr. Private Person' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 2/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 3/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

export function pngImage(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

/** A real PNG signature and header followed by `totalBytes` of noise: a PNG by its bytes, far too large. */
export async function oversizedPng(totalBytes: number): Promise<Buffer> {
  const head = await pngImage(8, 8);
  return Buffer.concat([head, randomBytes(totalBytes - head.length)]);
}

/**
 * The smallest MP4 a browser would recognise by its bytes: an `ftyp` box (brand isom,
 * compatible with MP4 v1 and H.264), an empty `moov` and a short `mdat`.
 */
export function minimalMp4(payloadBytes = 1024): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 24]),
    Buffer.from('ftypisom', 'latin1'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isommp41', 'latin1'),
  ]);
  const moov = Buffer.concat([Buffer.from([0, 0, 0, 8]), Buffer.from('moov', 'latin1')]);
  const mdatHeader = Buffer.alloc(8);
  mdatHeader.writeUInt32BE(8 + payloadBytes, 0);
  mdatHeader.write('mdat', 4, 'latin1');
  return Buffer.concat([ftyp, moov, mdatHeader, randomBytes(payloadBytes)]);
}

export interface FormFile {
  field: string;
  bytes: Uint8Array;
  filename: string;
  /** What the client claims; the server must not believe it. */
  type: string;
}

/** A real multipart/form-data body, encoded the way a browser's FormData is. */
export async function multipartBody(
  files: FormFile[],
  textFields: Record<string, string> = {},
): Promise<{ payload: Buffer<ArrayBuffer>; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(textFields)) form.append(name, value);
  for (const file of files) {
    form.append(file.field, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

/** Every file below `dir`, relative to it; an absent folder has none. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}
