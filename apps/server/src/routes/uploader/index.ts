import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { ok, ZFailure } from '@medhire/contract/envelope';
import { MAX_VIDEO_BYTES, ZUploadedImage, ZUploadedMediaList } from '@medhire/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { removeStaleStagedFiles } from '../../domain/uploads/staging.ts';
import {
  type IncomingFile,
  largestAcceptedBytes,
  MEDIA_RULES,
  SINGLE_IMAGE_RULES,
  type UploadRules,
  uploadMedia,
  uploadSingleImage,
} from '../../domain/uploads/store-uploads.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { requireAccount } from '../../plugins/auth.ts';

/** Uploads per signed-in account and minute, both calls together. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * After a refused upload the rest of the body is read and dropped, so the client, still
 * sending, receives the answer instead of a reset connection. Past this much the
 * connection is cut instead.
 */
const MAX_DISCARDED_BYTES = 2 * MAX_VIDEO_BYTES;

/** Form fields that are not files are ignored, but only so many of them are read. */
const MAX_TEXT_FIELDS = 20;

const SESSION_SECURITY = [{ sessionToken: [] }];
const FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  413: ZFailure,
  415: ZFailure,
  422: ZFailure,
  429: ZFailure,
} as const;

function malformedUpload(rules: UploadRules): AppError {
  return new AppError(
    'BAD_REQUEST',
    `The upload could not be read. Send the file as multipart/form-data in the field "${rules.fieldName}".`,
  );
}

/** Parser failures (a cut-off or malformed body) become a 400 the person can act on. */
function asUploadError(error: unknown, rules: UploadRules): unknown {
  return isAppError(error) ? error : malformedUpload(rules);
}

async function* readPart(stream: AsyncIterable<Uint8Array>, rules: UploadRules): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (error) {
    throw asUploadError(error, rules);
  }
}

/** The file parts of the request, as the domain reads them; text fields are skipped. */
async function* incomingFiles(request: FastifyRequest, rules: UploadRules): AsyncGenerator<IncomingFile> {
  if (!request.isMultipart()) throw malformedUpload(rules);
  try {
    const parts = request.parts({
      limits: {
        // One byte past the largest accepted file, so the domain sees a file is too large.
        fileSize: largestAcceptedBytes(rules) + 1,
        // One file past the limit, so the domain can answer "too many files" itself.
        files: rules.maxFiles + 1,
        fields: MAX_TEXT_FIELDS,
        fieldSize: 64 * 1024,
      },
    });
    for await (const part of parts) {
      if (part.type === 'file') yield { fieldName: part.fieldname, stream: readPart(part.file, rules) };
    }
  } catch (error) {
    throw asUploadError(error, rules);
  }
}

function discardUnreadBody(raw: IncomingMessage): void {
  if (raw.complete || raw.destroyed) return;
  raw.unpipe();
  let discarded = 0;
  raw.on('data', (chunk: Buffer) => {
    discarded += chunk.byteLength;
    if (discarded > MAX_DISCARDED_BYTES) raw.destroy();
  });
  raw.resume();
}

/** /api/uploader: photos and videos of the signed-in employer (spec §7 "Uploads"). */
const uploaderRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, not app-wide: no other route accepts multipart bodies.
  await app.register(multipart, { throwFileSizeLimit: false });

  const stagingDir = path.join(app.config.dataDir, 'upload-staging');
  await removeStaleStagedFiles(stagingDir);

  app.addHook('onRequest', app.authenticate);
  // After authentication, so it counts per account rather than per address; one limiter
  // for both calls, so alternating between them gains nothing.
  app.addHook(
    'preHandler',
    app.rateLimit({
      ...UPLOAD_RATE_LIMIT,
      keyGenerator: (request: FastifyRequest) => `uploads|${request.account?.userId ?? request.ip}`,
    }),
  );

  async function receive<T>(
    request: FastifyRequest,
    rules: UploadRules,
    store: (options: { files: AsyncIterable<IncomingFile>; ownerUserId: string }) => Promise<T>,
  ): Promise<T> {
    const { userId } = requireAccount(request);
    try {
      return await store({ files: incomingFiles(request, rules), ownerUserId: userId });
    } catch (error) {
      discardUnreadBody(request.raw);
      throw error;
    }
  }

  app.post(
    '/upload-single-image',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload one image (multipart field "image"); answers the stored image and its thumbnail',
        consumes: ['multipart/form-data'],
        security: SESSION_SECURITY,
        response: { 200: ok(ZUploadedImage), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await receive(request, SINGLE_IMAGE_RULES, ({ files, ownerUserId }) =>
        uploadSingleImage({ db: app.db, storage: app.storage, ownerUserId, files, stagingDir }),
      ),
    }),
  );

  app.post(
    '/upload-multiple-imgs-videos',
    {
      schema: {
        tags: ['uploads'],
        summary: 'Upload up to 10 photos and videos (repeated multipart field "media")',
        consumes: ['multipart/form-data'],
        security: SESSION_SECURITY,
        response: { 200: ok(ZUploadedMediaList), ...FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await receive(request, MEDIA_RULES, ({ files, ownerUserId }) =>
        uploadMedia({ db: app.db, storage: app.storage, ownerUserId, files, stagingDir }),
      ),
    }),
  );
};

export default uploaderRoutes;
