import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { TDataExport, TDataExportList } from '@medhire/contract/data-export';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../../src/config.ts';
import { users } from '../../../src/db/schema/accounts.ts';
import { dataExports } from '../../../src/db/schema/team.ts';
import { createEmployerAccount } from '../../../src/domain/auth/create-employer-account.ts';
import { runExportJob } from '../../../src/domain/data-export/build-export.ts';
import { exportFilePath, exportsDirOf } from '../../../src/domain/data-export/export-files.ts';
import { createLocalExportStore } from '../../../src/domain/data-export/export-store.ts';
import { DATA_EXPORT_QUEUE } from '../../../src/domain/data-export/export-view.ts';
import { purgeExpiredExports } from '../../../src/domain/data-export/purge-expired-exports.ts';
import {
  createS3ExportStore,
  EXPORT_LINK_SECONDS,
  S3_EXPORTS_PREFIX,
  s3ExportKey,
} from '../../../src/domain/data-export/s3-export-store.ts';
import { readOutbox } from '../../../src/domain/mail/outbox.ts';
import type { TMemberRole } from '../../../src/domain/team/rights.ts';
import { createS3Client } from '../../../src/domain/uploads/s3-storage.ts';
import { afterFile } from '../../cleanups.ts';
import { filesUnder } from '../../domain/uploads/upload-fixtures.ts';
import { buildTestApp, testDataDir } from '../../helper.ts';
import { startS3Server } from '../../s3-server.ts';
import { UNKNOWN_ID } from '../conventions-kit.ts';
import {
  callApi,
  employerWithOpenJob,
  invite,
  postAnotherJob,
  signedInPhysician,
} from '../employee/physician-kit.ts';
import { PASSWORD, signIn, uniqueEmail } from './auth-kit.ts';

/** The app of the suite running now: each storage's suite builds its own and closes it after. */
let app: FastifyInstance;
let s3Config: S3Config;
let s3Client: S3Client;

beforeAll(async () => {
  s3Config = await startS3Server();
  s3Client = createS3Client(s3Config);
});
afterAll(() => {
  s3Client?.destroy();
});

const STORAGES = ['local disk', 'S3'] as const;
type TStorage = (typeof STORAGES)[number];

/** An app whose exports go to the storage; the S3 one has a DATA_DIR of its own, to show it stays empty. */
async function appWithExportsOn(storage: TStorage): Promise<FastifyInstance> {
  if (storage === 'local disk') return buildTestApp();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'medhire-s3-instance-'));
  afterFile(() => rm(dataDir, { recursive: true, force: true }));
  return buildTestApp({ s3: s3Config, dataDir, uploadsDir: path.join(dataDir, 'uploads') });
}

/** The export's ZIP as the storage holds it, or null when it holds none. */
async function storedExport(storage: TStorage, fileKey: string): Promise<Buffer | null> {
  if (storage === 'local disk') {
    return readFile(exportFilePath(exportsDirOf(app.config.dataDir), fileKey)).catch(() => null);
  }
  try {
    const object = await s3Client.send(
      new GetObjectCommand({ Bucket: s3Config.bucket, Key: s3ExportKey(fileKey) }),
    );
    return Buffer.from((await object.Body?.transformToByteArray()) ?? []);
  } catch (error) {
    if ((error as { name?: string }).name === 'NoSuchKey') return null;
    throw error;
  }
}

const BASE = '/api/employer/data-export';

/** An organisation with two jobs and two conversations, each with a message from the employer. */
async function organizationWithData(label: string) {
  const { employer, job } = await employerWithOpenJob(app, { title: `${label} Family Physician` });
  const second = await postAnotherJob(app, employer, { title: `${label} Sports Medicine` });
  const conversationIds: string[] = [];
  for (const [index, jobId] of [job._id, second._id].entries()) {
    const physician = await signedInPhysician(app, {
      register: { firstName: `${label}${index}`, lastName: 'Quill' },
    });
    const match = await invite(app, employer, jobId, physician.profile._id);
    const accepted = await callApi(
      app,
      'PATCH',
      `/api/employee/match/respond/${match._id}`,
      physician.token,
      {
        status: 'accepted',
      },
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const conversationId = accepted.json().data.conversationId as string;
    const sent = await callApi(
      app,
      'POST',
      `/api/employer/conversation/send-message/${conversationId}`,
      employer.token,
      {
        body: `${label} hello ${index}`,
        tempMsgId: `${label}-${index}`,
      },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    conversationIds.push(conversationId);
  }
  return { employer, jobIds: [job._id, second._id], conversationIds };
}

async function member(organizationId: string, role: TMemberRole) {
  const email = uniqueEmail(role);
  const user = await createEmployerAccount({
    db: app.db,
    email,
    password: PASSWORD,
    accountStatus: 'approved',
    organizationId,
    isEmailVerified: true,
  });
  await app.db.update(users).set({ memberRole: role }).where(eq(users.id, user.id));
  return { id: user.id, token: (await signIn(app, email)).token };
}

function requestExport(token: string | undefined) {
  return callApi(app, 'POST', `${BASE}/request-export`, token);
}

async function listExports(token: string): Promise<TDataExportList> {
  const response = await callApi(app, 'GET', `${BASE}/get-exports`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TDataExportList;
}

async function waitUntilReady(token: string, exportId: string): Promise<TDataExport> {
  await expect
    .poll(async () => (await listExports(token)).items.find((item) => item._id === exportId)?.status, {
      timeout: 30_000,
      interval: 300,
    })
    .toBe('ready');
  const ready = (await listExports(token)).items.find((item) => item._id === exportId);
  if (!ready) throw new Error('The export is not listed.');
  return ready;
}

function download(exportId: string, options: { token?: string; session?: string } = {}) {
  return app.inject({
    method: 'GET',
    url: `${BASE}/download/${exportId}${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`,
    headers: options.session ? { authorization: options.session } : {},
  });
}

interface DownloadedFile {
  status: number;
  type: string | undefined;
  disposition: string | undefined;
  bytes: Buffer;
  /** The signed link the server redirected to, if it did. */
  signedUrl?: URL;
}

/**
 * What the browser ends up with for a download answer: the answer itself, or, for a redirect to
 * a signed link of the bucket, what the bucket answers to it.
 */
async function received(response: Awaited<ReturnType<typeof download>>): Promise<DownloadedFile> {
  if (response.statusCode !== 302) {
    return {
      status: response.statusCode,
      type: response.headers['content-type'] as string | undefined,
      disposition: response.headers['content-disposition'] as string | undefined,
      bytes: response.rawPayload,
    };
  }
  const signedUrl = new URL(String(response.headers.location));
  const fetched = await fetch(signedUrl);
  return {
    status: fetched.status,
    type: fetched.headers.get('content-type') ?? undefined,
    disposition: fetched.headers.get('content-disposition') ?? undefined,
    bytes: Buffer.from(await fetched.arrayBuffer()),
    signedUrl,
  };
}

/**
 * The token of the export's link in the e-mails to the address. The job marks the export ready
 * before it sends the e-mail, so the outbox is watched until the link arrives.
 */
async function mailedToken(email: string, exportId: string): Promise<string> {
  const linkOfExport = new RegExp(`/download/${exportId}\\?token=([A-Za-z0-9_-]+)`);
  let token: string | undefined;
  await expect
    .poll(
      async () => {
        await app.mailer.idle();
        const mails = await readOutbox(app.config.dataDir, email);
        token = mails
          .filter((mail) => mail.subject.includes('data export is ready'))
          .map((mail) => mail.text.match(linkOfExport)?.[1])
          .find(Boolean);
        return token;
      },
      { timeout: 10_000, interval: 100, message: `no export link was mailed to ${email}` },
    )
    .toBeTruthy();
  return token ?? '';
}

describe.each(STORAGES)('the data export on %s', (storage) => {
  beforeAll(async () => {
    app = await appWithExportsOn(storage);
  });
  afterAll(async () => {
    await app.close();
  });

  let ours: Awaited<ReturnType<typeof organizationWithData>>;
  let theirs: Awaited<ReturnType<typeof organizationWithData>>;
  let exportId: string;
  let token: string;

  beforeAll(async () => {
    ours = await organizationWithData('Ours');
    theirs = await organizationWithData('Theirs');
  });

  it('is requested by the owner: the row and its queue job commit together; a second one meanwhile is refused (409)', async () => {
    // The workers wait, so the first export is still queued when the second is asked for.
    await app.queue.stopWorkers();
    const response = await requestExport(ours.employer.token);
    expect(response.statusCode, response.body).toBe(200);
    const requested = response.json().data as TDataExport;
    expect(requested).toMatchObject({
      status: 'queued',
      sizeBytes: null,
      downloadUrl: null,
      isExpired: false,
    });
    exportId = requested._id;
    const jobs = await app.db.execute(
      sql`select id from pgboss.job where name = ${DATA_EXPORT_QUEUE} and data->>'exportId' = ${exportId}`,
    );
    const jobRows = Array.isArray(jobs) ? jobs : (jobs as unknown as { rows: unknown[] }).rows;
    expect(jobRows).toHaveLength(1);

    const again = await requestExport(ours.employer.token);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ success: false, error: { code: 'CONFLICT' } });
    const rows = await app.db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(eq(dataExports.organizationId, ours.employer.organizationId));
    expect(rows).toHaveLength(1);
    await app.queue.startWorkers();
  });

  it('is built by the queue, e-mailed to the owner with a 7-day link, and holds every job and conversation of the organisation and nothing of another', async () => {
    const ready = await waitUntilReady(ours.employer.token, exportId);
    expect(ready.sizeBytes).toBeGreaterThan(100);
    expect(ready.downloadUrl).toBe(`${BASE}/download/${exportId}`);
    const validMs = Date.parse(ready.expiresAt ?? '') - Date.parse(ready.completedAt ?? '');
    expect(validMs).toBe(7 * 24 * 3600_000);

    token = await mailedToken(ours.employer.email, exportId);
    const response = await download(exportId, { token });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(storage === 'S3' ? 302 : 200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const file = await received(response);
    expect(file.status).toBe(200);
    expect(file.type).toBe('application/zip');
    expect(file.disposition).toMatch(/attachment; filename="medhire-export-\d{4}-\d{2}-\d{2}\.zip"/);
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    const stored = await storedExport(storage, row?.fileKey ?? '');
    expect(stored?.byteLength).toBe(ready.sizeBytes);
    expect(file.bytes.equals(stored ?? Buffer.alloc(0))).toBe(true);

    const files = unzipSync(new Uint8Array(file.bytes));
    const names = Object.keys(files);
    for (const name of [
      'jobs',
      'applicants',
      'pipeline-history',
      'matches',
      'messages',
      'invoices',
      'activity-log',
      'team-members',
    ]) {
      expect(names).toContain(`${name}.json`);
      expect(names).toContain(`${name}.csv`);
    }
    expect(names).toContain('organization.json');
    expect(names).toContain('conversations.json');
    const read = (name: string) => strFromU8(files[name] ?? new Uint8Array());

    const jobs = JSON.parse(read('jobs.json')) as { _id: string }[];
    expect(jobs.map((job) => job._id).sort()).toEqual([...ours.jobIds].sort());
    const conversations = JSON.parse(read('conversations.json')) as {
      _id: string;
      messages: { body: string }[];
    }[];
    expect(conversations.map((conversation) => conversation._id).sort()).toEqual(
      [...ours.conversationIds].sort(),
    );
    expect(
      conversations.flatMap((conversation) => conversation.messages.map((message) => message.body)),
    ).toEqual(expect.arrayContaining(['Ours hello 0', 'Ours hello 1']));
    expect(JSON.parse(read('organization.json'))._id).toBe(ours.employer.organizationId);
    expect(read('jobs.csv').split('\r\n')[0]).toMatch(/^_id,/);
    const members = JSON.parse(read('team-members.json')) as Record<string, unknown>[];
    expect(members.map((one) => one._id)).toEqual([ours.employer.id]);
    expect(JSON.stringify(members)).not.toMatch(/password/i);

    const everything = names.map(read).join('\n');
    for (const foreignId of [
      ...theirs.jobIds,
      ...theirs.conversationIds,
      theirs.employer.organizationId,
      theirs.employer.id,
    ]) {
      expect(everything).not.toContain(foreignId);
    }
    expect(everything).not.toContain('Theirs');
  });

  it('downloads for the signed-in owner without a token; refuses another organisation (404), a wrong token (403) and anonymous callers (401)', async () => {
    // The web app fetches with the session header: streamed by the server on either storage.
    const signedIn = await download(exportId, { session: ours.employer.token });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.headers['content-type']).toBe('application/zip');
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(
      signedIn.rawPayload.equals((await storedExport(storage, row?.fileKey ?? '')) ?? Buffer.alloc(0)),
    ).toBe(true);

    const foreign = await download(exportId, { session: theirs.employer.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND' } });
    const wrong = await download(exportId, { token: `${token.slice(0, -2)}xx` });
    expect(wrong.statusCode).toBe(403);
    expect((await download(exportId)).statusCode).toBe(401);
    expect((await download(UNKNOWN_ID, { token })).statusCode).toBe(404);
    expect((await download('not-an-id', { session: ours.employer.token })).statusCode).toBe(404);
    // Another organisation's list never shows it.
    expect((await listExports(theirs.employer.token)).items.map((item) => item._id)).not.toContain(exportId);
  });

  it('is the owner’s alone: admins, recruiters and delegates get 403 everywhere', async () => {
    for (const role of ['admin', 'recruiter', 'delegate'] as const) {
      const colleague = await member(ours.employer.organizationId, role);
      for (const response of [
        await requestExport(colleague.token),
        await callApi(app, 'GET', `${BASE}/get-exports`, colleague.token),
        await download(exportId, { session: colleague.token }),
      ]) {
        expect(response.statusCode, `${role}: ${response.body}`).toBe(403);
        expect(response.json()).toMatchObject({ success: false, error: { code: 'FORBIDDEN_ROLE' } });
      }
    }
    expect((await requestExport(undefined)).statusCode).toBe(401);
    expect(
      (await callApi(app, 'GET', `${BASE}/get-exports?pageSize=0`, ours.employer.token)).statusCode,
    ).toBe(400);
  });

  it('answers 410 Gone after its seven days, and the purge deletes the file', async () => {
    const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    await app.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, exportId));
    const expired = await download(exportId, { token });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toMatchObject({ success: false, error: { code: 'GONE' } });
    expect((await download(exportId, { session: ours.employer.token })).statusCode).toBe(410);
    const listed = (await listExports(ours.employer.token)).items.find((item) => item._id === exportId);
    expect(listed).toMatchObject({ isExpired: true, downloadUrl: null });

    expect(await storedExport(storage, row?.fileKey ?? '')).not.toBeNull();
    expect(await purgeExpiredExports(app.db, app.exportStore)).toBeGreaterThanOrEqual(1);
    expect(await storedExport(storage, row?.fileKey ?? '')).toBeNull();
    expect((await download(exportId, { token })).statusCode).toBe(410);
  });

  if (storage === 'S3') {
    it('is a private object of the bucket, linked for five minutes, and never kept on the instance’s disk', async () => {
      const ready = (await requestExport(ours.employer.token)).json().data as TDataExport;
      await waitUntilReady(ours.employer.token, ready._id);
      const [row] = await app.db.select().from(dataExports).where(eq(dataExports.id, ready._id));
      expect(s3ExportKey(row?.fileKey ?? '')).toBe(`${S3_EXPORTS_PREFIX}${row?.fileKey}`);
      expect(S3_EXPORTS_PREFIX).toMatch(/^private\//);

      const response = await download(ready._id, {
        token: await mailedToken(ours.employer.email, ready._id),
      });
      expect(response.statusCode).toBe(302);
      const link = new URL(String(response.headers.location));
      expect(`${link.origin}${link.pathname}`).toBe(
        `${s3Config.endpoint}/${s3Config.bucket}/${S3_EXPORTS_PREFIX}${row?.fileKey}`,
      );
      expect(link.searchParams.get('X-Amz-Expires')).toBe(String(EXPORT_LINK_SECONDS));
      expect(EXPORT_LINK_SECONDS).toBe(300);
      expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);

      expect(
        await filesUnder(app.config.dataDir).then((files) =>
          files.filter((name) => !name.startsWith('outbox')),
        ),
      ).toEqual([]);
    });

    it('stops downloading once its signed link expires', async () => {
      const [row] = await app.db
        .select()
        .from(dataExports)
        .where(eq(dataExports.organizationId, ours.employer.organizationId))
        .orderBy(desc(dataExports.createdAt));
      const file = { fileKey: row?.fileKey ?? '', fileName: 'medhire-export.zip' };
      expect(await storedExport(storage, file.fileKey)).not.toBeNull();
      // The signing time has whole seconds (X-Amz-Date), so a link of N seconds may expire up to
      // a second early: 3 seconds leave the first download at least 2, even on a busy machine.
      const shortLived = createS3ExportStore(s3Config, s3Client, { linkSeconds: 3 });
      const link = await shortLived.signedUrl?.(file);
      expect(new URL(link ?? '').searchParams.get('X-Amz-Expires')).toBe('3');
      expect((await fetch(link ?? '')).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 4_100));
      const expired = await fetch(link ?? '');
      expect(expired.status).toBe(403);
      expect(await expired.text()).toContain('Request has expired');
    });
  }
});

describe('a failed build', () => {
  beforeAll(async () => {
    app = await appWithExportsOn('local disk');
  });
  afterAll(async () => {
    await app.close();
  });

  it('is retried by the queue, and marked failed on the last try', async () => {
    const { employer } = await employerWithOpenJob(app);
    const [row] = await app.db
      .insert(dataExports)
      .values({ organizationId: employer.organizationId, requestedByUserId: employer.id })
      .returning();
    const exportId = row?.id ?? '';
    // A file where the exports directory should be: writing the ZIP fails.
    const brokenDataDir = path.join(testDataDir(), 'broken-data-dir');
    await import('node:fs/promises').then((fs) => fs.mkdir(brokenDataDir, { recursive: true }));
    writeFileSync(path.join(brokenDataDir, 'exports'), 'not a directory');
    const options = {
      db: app.db,
      exportId,
      exportStore: createLocalExportStore(brokenDataDir),
      publicUrl: 'http://localhost',
      sendMail: async () => {},
    };
    await expect(runExportJob({ ...options, isLastAttempt: false })).rejects.toThrow();
    const [retrying] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(retrying?.status).toBe('running');

    expect(await runExportJob({ ...options, isLastAttempt: true })).toBe('failed');
    const [failed] = await app.db.select().from(dataExports).where(eq(dataExports.id, exportId));
    expect(failed).toMatchObject({ status: 'failed', fileKey: null, downloadTokenHash: null });
    // A failed export no longer blocks a new request.
    expect((await requestExport(employer.token)).statusCode).toBe(200);
    expect((await listExports(employer.token)).items[1]).toMatchObject({ _id: exportId, status: 'failed' });
  });
});
