import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { organizations } from '../apps/server/src/db/schema/accounts.ts';
import { jobs } from '../apps/server/src/db/schema/jobs.ts';
import { createEmployerAccount } from '../apps/server/src/domain/auth/create-employer-account.ts';
import { applyToJob } from '../apps/server/src/domain/physicians/apply-to-job.ts';
import { createPhysicianAccounts } from '../apps/server/src/domain/physicians/create-physician-accounts.ts';
import { type Figure, reportFigures } from './lib/figures.ts';

/**
 * Bulk actions: one `POST /api/employer/applicant/bulk-action` moving 500 applications of one
 * job to another stage (five chunks of 100, each one transaction writing the stage, the pipeline
 * history, the activity log and the physician's notification per item), then its undo, over
 * HTTP against the real app on the default database (a fresh DATA_DIR; DATABASE_URL when set).
 * The 500 move back and forth RUNS times; the slowest move is held to the target (≤ 2 s).
 */

const APPLICANTS = 500;
const RUNS = Number(process.env.BENCH_BULK_RUNS ?? 3);
const TARGET_MS = 2000;
const PASSWORD = 'Bench-bulk-actions-2026';

const dataDir = await mkdtemp(join(tmpdir(), 'medhire-bench-bulk-'));
const app = await buildApp(
  loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_DATA: 'false', PORT: '0' }),
);
try {
  await app.ready();
  const [organization] = await app.db
    .insert(organizations)
    .values({ name: 'Bench Bulk Clinic', status: 'active' })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('The organisation was not created.');
  const email = `bench-bulk-${Date.now()}@medhire.example`;
  const user = await createEmployerAccount({
    db: app.db,
    email,
    password: PASSWORD,
    accountStatus: 'approved',
    organizationId: organization.id,
    isEmailVerified: true,
  });
  const [job] = await app.db
    .insert(jobs)
    .values({
      organizationId: organization.id,
      createdByUserId: user.id,
      assigneeUserId: user.id,
      title: 'Hospitalist, Austin',
      specialtyId: 'family-medicine',
      employmentType: 'full-time',
      locations: [
        {
          city: 'Austin',
          state: 'TX',
          description: 'Austin, TX',
          coords: { latitude: 30.2672, longitude: -97.7431 },
        },
      ],
    })
    .returning({ id: jobs.id });
  if (!job) throw new Error('The job was not created.');
  const created = await createPhysicianAccounts({
    db: app.db,
    passwordHash: null,
    physicians: Array.from({ length: APPLICANTS }, (_, index) => ({
      email: `bench-bulk-physician-${Date.now()}-${index}@medhire.example`,
      firstName: `Bench${index}`,
      lastName: 'Physician',
      npiNumber: '1234567893',
      specialty: 'family-medicine',
      subSpecialty: [],
      boardStatus: 'board-certified',
      yearsOfExperience: 10,
      yearAvailableToStart: 2026,
      homeLocation: {
        description: 'Austin, TX',
        coords: { latitude: 30.2672, longitude: -97.7431 },
        state: 'TX',
      },
      statesOfInterest: [],
      citiesOfInterest: [],
      employmentTypes: ['full-time'],
      needsVisa: false,
      isDiscoverable: true,
    })),
  });
  const applicationIds: string[] = [];
  for (const account of created) {
    applicationIds.push(
      (await applyToJob({ db: app.db, physicianId: account.physicianId, jobId: job.id }))._id,
    );
  }

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/employer/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const post = async (path: string, body?: unknown) => {
    const startedAt = performance.now();
    const response = await fetch(`${address}/api/employer/applicant/${path}`, {
      method: 'POST',
      headers: { authorization: token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = (await response.json()) as {
      data: { operationId: string; applied?: string[]; restored?: string[] };
    };
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    return { ms: performance.now() - startedAt, data: answer.data };
  };

  const moves: number[] = [];
  const undos: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const moved = await post('bulk-action', { action: 'move', applicationIds, stage: 'Interview' });
    if (moved.data.applied?.length !== APPLICANTS) throw new Error('Not every application moved.');
    moves.push(moved.ms);
    console.log(`move: ${Math.round(moved.ms)} ms`);
    const undone = await post(`undo-bulk-action/${moved.data.operationId}`);
    if (undone.data.restored?.length !== APPLICANTS) throw new Error('Not every application came back.');
    undos.push(undone.ms);
  }
  console.log(`load average (1 min): ${loadavg()[0]?.toFixed(2)}; database: ${app.database.engine}\n`);

  const benchmark = 'bulk-actions';
  const round = (ms: number) => Math.round(ms);
  const figures: Figure[] = [
    {
      benchmark,
      name: `move ${APPLICANTS} applicants, slowest of ${RUNS}`,
      value: round(Math.max(...moves)),
      unit: 'ms',
      target: { comparison: '<=', value: TARGET_MS },
    },
    {
      benchmark,
      name: `move ${APPLICANTS} applicants, fastest`,
      value: round(Math.min(...moves)),
      unit: 'ms',
    },
    { benchmark, name: `undo of the move, slowest`, value: round(Math.max(...undos)), unit: 'ms' },
  ];
  await reportFigures(figures);
} finally {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
}
