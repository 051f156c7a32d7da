import type { TMediaItem } from '@medhire/contract/organization';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import type { TOrganizationRow } from '../../db/schema/accounts.ts';
import { uploads } from '../../db/schema/uploads.ts';
import type { FileStorage } from '../uploads/file-storage.ts';
import { findOwnedUploads } from '../uploads/uploads-repository.ts';
import { bodyFieldError } from './field-error.ts';

const NOT_YOUR_MEDIA = 'This photo or video was not uploaded from your account. Upload it again.';
const NOT_YOUR_LOGO = 'This logo was not uploaded from your account. Upload it again.';

export interface ProfileAssetsInput {
  tx: Db;
  storage: FileStorage;
  userId: string;
  current: TOrganizationRow | undefined;
  logo: string | undefined;
  media: readonly TMediaItem[] | undefined;
  /** Upload keys the employer removed; they leave the profile whatever else the body says. */
  deletedKeys: readonly string[];
}

export interface ProfileAssets {
  logo: string | null;
  media: TMediaItem[];
}

/** The object's address, or undefined for a key storage would refuse (such a key was never stored). */
function urlOf(storage: FileStorage, key: string): string | undefined {
  try {
    return storage.url(key);
  } catch {
    return undefined;
  }
}

/**
 * The logo and media a profile save stores. What the profile already shows is kept as stored;
 * anything new must be one of the caller's own uploads, and its address and kind come from
 * the upload record, never from the body, so a profile can only show files its owner uploaded.
 */
export async function resolveProfileAssets({
  tx,
  storage,
  userId,
  current,
  logo,
  media,
  deletedKeys,
}: ProfileAssetsInput): Promise<ProfileAssets> {
  const deleted = new Set(deletedKeys);
  const stored = new Map((current?.media ?? []).map((item) => [item.key, item]));
  const kept = (media ?? [])
    .map((item, index) => ({ item, index }))
    .filter(({ item }) => !deleted.has(item.key));
  const newKeys = kept.filter(({ item }) => !stored.has(item.key)).map(({ item }) => item.key);
  const owned = new Map((await findOwnedUploads(tx, userId, newKeys)).map((upload) => [upload.key, upload]));

  const resolvedMedia = kept.map(({ item, index }): TMediaItem => {
    const storedItem = stored.get(item.key);
    if (storedItem) return storedItem;
    const upload = owned.get(item.key);
    if (!upload) throw bodyFieldError(`media.${index}.key`, NOT_YOUR_MEDIA);
    return {
      key: upload.key,
      url: storage.url(upload.key),
      ...(upload.thumbnailKey ? { thumbnailUrl: storage.url(upload.thumbnailKey) } : {}),
      kind: upload.kind,
    };
  });

  return { logo: await resolveLogo({ tx, storage, userId, current, logo, deleted }), media: resolvedMedia };
}

async function resolveLogo({
  tx,
  storage,
  userId,
  current,
  logo,
  deleted,
}: {
  tx: Db;
  storage: FileStorage;
  userId: string;
  current: TOrganizationRow | undefined;
  logo: string | undefined;
  deleted: ReadonlySet<string>;
}): Promise<string | null> {
  if (!logo) return null;
  const deletedUrls = new Set([...deleted].map((key) => urlOf(storage, key)));
  if (deleted.has(logo) || deletedUrls.has(logo)) return null;
  if (logo === current?.logo) return logo;

  // The logo arrives as the url an upload answered, or as its key.
  const images = await tx
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.ownerUserId, userId), eq(uploads.kind, 'image')));
  const match = images.find(({ key }) => key === logo || urlOf(storage, key) === logo);
  if (!match) throw bodyFieldError('logo', NOT_YOUR_LOGO);
  return storage.url(match.key);
}
