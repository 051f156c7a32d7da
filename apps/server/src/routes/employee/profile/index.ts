import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import multipart from '@fastify/multipart';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  CV_UPLOAD_FIELD,
  PHYSICIAN_LIMITS,
  ZLicenseBody,
  ZLicenseIdParams,
  ZPhysicianProfile,
  ZPhysicianProfileBody,
} from '@medhire/contract/physicians';
import { IMAGE_UPLOAD_FIELD, ZUploadedImage } from '@medhire/contract/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPhysicianProfile } from '../../../domain/physicians/get-physician-profile.ts';
import { addLicense, removeLicense, updateLicense } from '../../../domain/physicians/physician-licenses.ts';
import { updatePhysicianProfile } from '../../../domain/physicians/update-physician-profile.ts';
import { uploadPhysicianCv } from '../../../domain/physicians/upload-cv.ts';
import {
  type IncomingFile,
  largestAcceptedBytes,
  SINGLE_IMAGE_RULES,
  uploadSingleImage,
} from '../../../domain/uploads/store-uploads.ts';
import { AppError, isAppError } from '../../../lib/app-error.ts';
import { requirePhysician } from '../../../plugins/auth.ts';
import { PHYSICIAN_FAILURES, PHYSICIAN_SECURITY } from '../route-options.ts';

const TAGS = ['employee profile'];

/** CV or photo uploads per physician and minute (each call counted on its own). */
const CV_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;

/** After a refused upload the rest is read and dropped (so the client gets the answer), up to this much. */
const MAX_DISCARDED_BYTES = 2 * PHYSICIAN_LIMITS.cvMaxBytes;

function malformedUpload(): AppError {
  return new AppError(
    'BAD_REQUEST',
    `The upload could not be read. Send the file as multipart/form-data in the field "${CV_UPLOAD_FIELD}".`,
  );
}

async function* readPart(stream: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  try {
    for await (const chunk of stream) yield chunk;
  } catch (error) {
    throw isAppError(error) ? error : malformedUpload();
  }
}

/** The file parts of the request; text fields are skipped. */
async function* incomingFiles(request: FastifyRequest, maxBytes: number): AsyncGenerator<IncomingFile> {
  if (!request.isMultipart()) throw malformedUpload();
  try {
    const parts = request.parts({
      // One byte past the limit, so the domain sees that a file is too large; one file past one.
      limits: { fileSize: maxBytes + 1, files: 2, fields: 10, fieldSize: 64 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'file') yield { fieldName: part.fieldname, stream: readPart(part.file) };
    }
  } catch (error) {
    throw isAppError(error) ? error : malformedUpload();
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

/** /api/employee/profile: the signed-in physician's own profile and CV. */
const employeeProfileRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, { throwFileSizeLimit: false });
  const stagingDir = path.join(app.config.dataDir, 'upload-staging');
  app.addHook('onRequest', app.authenticatePhysician);

  app.get(
    '/get-profile',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: "The physician's own profile, with whether it is complete",
        response: { 200: ok(ZPhysicianProfile), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      data: await getPhysicianProfile({ db: app.db, physicianId: requirePhysician(request).physicianId }),
    }),
  );

  app.patch(
    '/update-profile',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Change profile fields; a field present in the body replaces the stored one',
        body: ZPhysicianProfileBody,
        response: { 200: ok(ZPhysicianProfile), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your profile is saved.',
      data: await updatePhysicianProfile({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        profile: request.body,
      }),
    }),
  );

  app.post(
    '/add-license',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'List a state medical license; answers the profile',
        body: ZLicenseBody,
        response: { 200: ok(ZPhysicianProfile), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your license is added.',
      data: await addLicense({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        license: request.body,
      }),
    }),
  );

  app.patch(
    '/update-license/:licenseId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Change one of your licenses (state, number, expiry); answers the profile',
        params: ZLicenseIdParams,
        body: ZLicenseBody,
        response: { 200: ok(ZPhysicianProfile), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your license is saved.',
      data: await updateLicense({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        licenseId: request.params.licenseId,
        license: request.body,
      }),
    }),
  );

  app.delete(
    '/delete-license/:licenseId',
    {
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: 'Remove one of your licenses; answers the profile',
        params: ZLicenseIdParams,
        response: { 200: ok(ZPhysicianProfile), ...PHYSICIAN_FAILURES },
      },
    },
    async (request) => ({
      success: true as const,
      message: 'Your license is removed.',
      data: await removeLicense({
        db: app.db,
        physicianId: requirePhysician(request).physicianId,
        licenseId: request.params.licenseId,
      }),
    }),
  );

  app.post(
    '/upload-cv',
    {
      preHandler: app.rateLimit({
        ...CV_RATE_LIMIT,
        keyGenerator: (request: FastifyRequest) => `cv|${request.physician?.userId ?? request.ip}`,
      }),
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: `Upload the CV: one PDF (at most ${PHYSICIAN_LIMITS.cvMaxBytes / (1024 * 1024)} MB) in the multipart field "${CV_UPLOAD_FIELD}"`,
        consumes: ['multipart/form-data'],
        response: {
          200: ok(ZPhysicianProfile),
          ...PHYSICIAN_FAILURES,
          413: ZFailure,
          415: ZFailure,
          429: ZFailure,
        },
      },
    },
    async (request) => {
      const { physicianId } = requirePhysician(request);
      try {
        const profile = await uploadPhysicianCv({
          db: app.db,
          storage: app.storage,
          physicianId,
          files: incomingFiles(request, PHYSICIAN_LIMITS.cvMaxBytes),
        });
        return { success: true as const, message: 'Your CV is uploaded.', data: profile };
      } catch (error) {
        discardUnreadBody(request.raw);
        throw error;
      }
    },
  );

  // Physician accounts cannot use /api/uploader (an employer area), so the profile photo has its
  // own door; the answer's url goes into update-profile's `photo`.
  app.post(
    '/upload-photo',
    {
      preHandler: app.rateLimit({
        ...CV_RATE_LIMIT,
        keyGenerator: (request: FastifyRequest) =>
          `physician-photo|${request.physician?.userId ?? request.ip}`,
      }),
      schema: {
        tags: TAGS,
        security: PHYSICIAN_SECURITY,
        summary: `Upload a profile photo (multipart field "${IMAGE_UPLOAD_FIELD}"); answers the stored image`,
        consumes: ['multipart/form-data'],
        response: {
          200: ok(ZUploadedImage),
          ...PHYSICIAN_FAILURES,
          413: ZFailure,
          415: ZFailure,
          429: ZFailure,
        },
      },
    },
    async (request) => {
      const { userId } = requirePhysician(request);
      try {
        const image = await uploadSingleImage({
          db: app.db,
          storage: app.storage,
          ownerUserId: userId,
          files: incomingFiles(request, largestAcceptedBytes(SINGLE_IMAGE_RULES)),
          stagingDir,
        });
        return { success: true as const, data: image };
      } catch (error) {
        discardUnreadBody(request.raw);
        throw error;
      }
    },
  );
};

export default employeeProfileRoutes;
