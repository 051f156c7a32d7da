import { z } from 'zod';
import { ZMediaKind } from './organization.ts';

/**
 * File uploads (spec §7 "Uploads"): `POST /uploader/upload-single-image` takes one image in
 * the multipart field `image`; `POST /uploader/upload-multiple-imgs-videos` takes up to
 * MAX_MEDIA_FILES files in the repeated field `media`. The server decides a file's type from
 * its bytes, re-encodes images (metadata removed) and stores videos as they are.
 */

export const IMAGE_UPLOAD_FIELD = 'image';
export const MEDIA_UPLOAD_FIELD = 'media';

const MEGABYTE = 1024 * 1024;
export const MAX_IMAGE_MEGABYTES = 10;
export const MAX_VIDEO_MEGABYTES = 100;
export const MAX_IMAGE_BYTES = MAX_IMAGE_MEGABYTES * MEGABYTE;
export const MAX_VIDEO_BYTES = MAX_VIDEO_MEGABYTES * MEGABYTE;
export const MAX_MEDIA_FILES = 10;

/** What a file picker may offer (`accept`); the server still checks the bytes. */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
] as const;
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;

/** The failure messages of the upload calls, shared so the client can check sizes before sending. */
export const UPLOAD_MESSAGES = {
  imageTooLarge: `That file is larger than the ${MAX_IMAGE_MEGABYTES} MB limit for images.`,
  videoTooLarge: `That file is larger than the ${MAX_VIDEO_MEGABYTES} MB limit for videos.`,
  unsupportedType: 'Only JPEG, PNG, WebP or GIF images and MP4, WebM or MOV videos can be uploaded.',
  unsupportedImageType: 'Only JPEG, PNG, WebP or GIF images can be uploaded here.',
  tooManyMedia: `You can upload up to ${MAX_MEDIA_FILES} files at a time.`,
  oneImageOnly: 'Upload one image at a time.',
} as const;

/** The answer of upload-single-image: the re-encoded image and its thumbnail. */
export const ZUploadedImage = z.object({
  /** The storage object's name; what the organisation profile stores and deletes by. */
  key: z.string(),
  /** Where the browser fetches it: a path on this site (`/uploads/…`) or an absolute URL. */
  url: z.string(),
  thumbnailUrl: z.string(),
  mimeType: z.string(),
  /** Bytes of the stored file. */
  size: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
});
export type TUploadedImage = z.infer<typeof ZUploadedImage>;

/** One file of an upload-multiple-imgs-videos answer; videos have no thumbnail or dimensions. */
export const ZUploadedMedia = z.object({
  key: z.string(),
  url: z.string(),
  thumbnailUrl: z.string().optional(),
  mimeType: z.string(),
  kind: ZMediaKind,
  size: z.number().int(),
  width: z.number().int().optional(),
  height: z.number().int().optional(),
});
export type TUploadedMedia = z.infer<typeof ZUploadedMedia>;

/** The answer of upload-multiple-imgs-videos, in the order the files were sent. */
export const ZUploadedMediaList = z.object({ media: z.array(ZUploadedMedia) });
export type TUploadedMediaList = z.infer<typeof ZUploadedMediaList>;
