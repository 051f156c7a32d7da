import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TMediaKind } from '@medhire/contract/organization';
import type { FastifyInstance } from 'fastify';
import { organizations } from '../../../src/db/schema/accounts.ts';
import { uploads } from '../../../src/db/schema/uploads.ts';
import { completeNpi } from '../../../src/domain/organizations/npi.ts';

/** A full, valid organisation profile body; parts can be replaced per test. */
export function profileBody(overrides: Record<string, unknown> = {}) {
  return {
    organizationName: 'Bluebonnet Primary Care',
    practiceManagerName: 'Dana Whitfield',
    email: 'Office@Bluebonnet-Primary.example',
    phoneNumber: '512-555-0188',
    orgLocations: {
      locations: [{ description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } }],
      numberOfLocations: 1,
    },
    features: {
      practiceType: 'private-practice',
      noOfPhysician: 4,
      nonPhysicianProvider: 2,
      aboutUs: 'Primary care for North Austin families since 2011.',
    },
    socialLinks: { websiteUrl: 'bluebonnet-primary.example', facebook: 'facebook.com/bluebonnetprimary' },
    ...overrides,
  };
}

/** An upload of the user, stored the way the upload calls store one (record plus file). */
export async function storeUpload(app: FastifyInstance, ownerUserId: string, kind: TMediaKind = 'image') {
  const id = randomUUID();
  const extension = kind === 'image' ? 'webp' : 'mp4';
  const key = `employers/${ownerUserId}/${id}.${extension}`;
  const thumbnailKey = kind === 'image' ? `employers/${ownerUserId}/${id}-thumb.webp` : null;
  const mimeType = kind === 'image' ? 'image/webp' : 'video/mp4';
  await app.storage.put(key, new Uint8Array([1, 2, 3, 4]), mimeType);
  if (thumbnailKey) await app.storage.put(thumbnailKey, new Uint8Array([5, 6]), mimeType);
  await app.db.insert(uploads).values({ ownerUserId, key, thumbnailKey, kind, mimeType, size: 4 });
  return {
    key,
    thumbnailKey,
    url: app.storage.url(key),
    thumbnailUrl: thumbnailKey ? app.storage.url(thumbnailKey) : undefined,
    kind,
  };
}

export function isFileStored(app: FastifyInstance, key: string): boolean {
  return existsSync(path.join(app.config.uploadsDir, key));
}

let npiCounter = 0;

/** A valid NPI number no other test of the run uses. */
export function uniqueNpi(): string {
  npiCounter += 1;
  const prefix = `1${String(process.pid % 1000).padStart(3, '0')}${String(npiCounter).padStart(5, '0')}`;
  return completeNpi(prefix);
}

/** An organisation listed from public records and not yet claimed. */
export async function listDraftOrganization(
  app: FastifyInstance,
  options: { name?: string; npiNumber?: string; hasLocation?: boolean } = {},
) {
  const npiNumber = options.npiNumber ?? uniqueNpi();
  const name = options.name ?? 'Cedar Ridge Internal Medicine';
  const [organization] = await app.db
    .insert(organizations)
    .values({
      name,
      npiNumber,
      phoneNumber: '(208) 555-0117',
      status: 'draft',
      orgLocations:
        options.hasLocation === false
          ? null
          : {
              locations: [{ description: 'Boise, ID', coords: { latitude: 43.615, longitude: -116.2023 } }],
              numberOfLocations: 1,
            },
    })
    .returning();
  if (!organization) throw new Error('The listed organisation was not created.');
  return { ...organization, name, npiNumber };
}
