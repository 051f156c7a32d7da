import type { TMediaKind } from '@medhire/contract/organization';

/** Enough leading bytes for every signature below (file-type's own recommendation). */
export const SNIFF_BYTES = 4100;

export interface UploadType {
  kind: TMediaKind;
  /** The detected format; images are re-encoded, so this is the input's, not the stored file's. */
  mimeType: string;
  extension: string;
}

/**
 * Formats sharp may decode. HEIC/HEIF is only accepted when the installed libvips can decode
 * it; the image step answers 415 otherwise.
 */
const IMAGE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/heic',
  'image/heif',
]);

/** Videos are stored as sent, so only containers every current browser plays are taken. */
const VIDEO_TYPES: Record<string, Omit<UploadType, 'kind'>> = {
  'mp4/video/mp4': { mimeType: 'video/mp4', extension: 'mp4' },
  // Apple's .m4v is an MP4 container with its own brand.
  'm4v/video/x-m4v': { mimeType: 'video/mp4', extension: 'mp4' },
  'webm/video/webm': { mimeType: 'video/webm', extension: 'webm' },
  'mov/video/quicktime': { mimeType: 'video/quicktime', extension: 'mov' },
};

/**
 * What a file is, judged by its leading bytes only: the name and the declared content type
 * come from the client and prove nothing.
 */
export async function detectUploadType(head: Uint8Array): Promise<UploadType | undefined> {
  // Loaded with the first upload, not at start-up.
  const { fileTypeFromBuffer } = await import('file-type');
  const detected = await fileTypeFromBuffer(head);
  if (!detected) return undefined;
  if (IMAGE_TYPES.has(detected.mime)) {
    return { kind: 'image', mimeType: detected.mime, extension: detected.ext };
  }
  const video = VIDEO_TYPES[`${detected.ext}/${detected.mime}`];
  return video ? { kind: 'video', ...video } : undefined;
}
