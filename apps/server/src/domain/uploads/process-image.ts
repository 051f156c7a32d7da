import type { Sharp } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

/** Longest edge of a stored image; larger photos gain nothing on screen but weight. */
export const MAX_IMAGE_EDGE = 2560;
export const THUMBNAIL_EDGE = 320;
/**
 * Decoded size guard: a small compressed file can expand to gigabytes of pixels. 100 MP
 * still takes any current phone or camera photo.
 */
export const MAX_INPUT_PIXELS = 100_000_000;

/**
 * libvips loads on the first upload, not at start-up (it is one of the heaviest modules the
 * server has). Every upload is a different image, so its operation cache would only hold memory.
 */
let loadingSharp: Promise<typeof import('sharp')> | undefined;
function loadSharp(): Promise<typeof import('sharp')> {
  loadingSharp ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module;
  });
  return loadingSharp;
}

export const STORED_IMAGE_TYPE = { mimeType: 'image/webp', extension: 'webp' } as const;

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  image: EncodedImage;
  thumbnail: EncodedImage;
}

function failureFor(error: unknown, unsupportedMessage: string): AppError {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) {
    return new AppError(
      'PAYLOAD_TOO_LARGE',
      'That image has too many pixels to process (over 100 megapixels).',
    );
  }
  if (
    /unsupported image format|no decoding plugin|compression format has not been built in|heif/i.test(message)
  ) {
    return new AppError('UNSUPPORTED_MEDIA_TYPE', unsupportedMessage);
  }
  return new AppError('BUSINESS_RULE', 'That image could not be read. The file may be damaged.');
}

/**
 * Re-encodes an image for storage: turned upright by its EXIF orientation first, then every
 * metadata block (EXIF with GPS position, XMP, IPTC, comments) is left behind because sharp
 * writes none unless asked. Animated GIF/WebP keep their first frame.
 */
export async function processImage(input: Buffer, unsupportedMessage: string): Promise<ProcessedImage> {
  const { default: sharp } = await loadSharp();
  const upright: Sharp = sharp(input, {
    failOn: 'error',
    limitInputPixels: MAX_INPUT_PIXELS,
    animated: false,
  }).autoOrient();
  const encode = async (edge: number, quality: number): Promise<EncodedImage> => {
    const { data, info } = await upright
      .clone()
      .resize({ width: edge, height: edge, fit: 'inside', withoutEnlargement: true })
      .webp({ quality })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  };
  try {
    const image = await encode(MAX_IMAGE_EDGE, 82);
    const thumbnail = await encode(THUMBNAIL_EDGE, 75);
    return { image, thumbnail };
  } catch (error) {
    throw failureFor(error, unsupportedMessage);
  }
}
