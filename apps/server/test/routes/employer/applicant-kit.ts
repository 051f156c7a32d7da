import type { TApplicant } from '@medhire/contract/applicants';
import type { TMatchStatus } from '@medhire/contract/matches';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../src/db/schema/accounts.ts';
import { matches } from '../../../src/db/schema/hiring.ts';
import type { JobOwner } from '../../../src/domain/jobs/job-owner.ts';
import { createMatch } from '../../../src/domain/matches/create-match.ts';
import { applyToJob } from '../../../src/domain/physicians/apply-to-job.ts';
import {
  createPhysicianAccounts,
  type NewPhysicianInput,
} from '../../../src/domain/physicians/create-physician-accounts.ts';
import { uniqueEmail, uniqueIp } from './auth-kit.ts';

/** Known places, so profiles carry real coordinates. */
export const PLACES = {
  austin: { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 }, state: 'TX' },
  fresno: { description: 'Fresno, CA', coords: { latitude: 36.7378, longitude: -119.7871 }, state: 'CA' },
  albany: { description: 'Albany, NY', coords: { latitude: 42.6526, longitude: -73.7562 }, state: 'NY' },
  denver: { description: 'Denver, CO', coords: { latitude: 39.7392, longitude: -104.9903 }, state: 'CO' },
} as const;

export type PhysicianOverrides = Partial<Omit<NewPhysicianInput, 'email'>>;

/** A complete, discoverable family physician in Austin; parts can be replaced per test. */
export function physicianInput(overrides: PhysicianOverrides = {}): NewPhysicianInput {
  return {
    email: uniqueEmail('physician'),
    firstName: 'Jane',
    lastName: 'Doe',
    npiNumber: '1234567893',
    specialty: 'family-medicine',
    subSpecialty: ['family-medicine--sports-medicine'],
    boardStatus: 'board-certified',
    yearsOfExperience: 10,
    yearAvailableToStart: 2026,
    homeLocation: { ...PLACES.austin },
    statesOfInterest: [],
    citiesOfInterest: [],
    employmentTypes: ['full-time'],
    needsVisa: false,
    isDiscoverable: true,
    ...overrides,
  };
}

/** Physician accounts made the way registration and the demo data make them; answers their ids. */
export async function createPhysicians(
  app: FastifyInstance,
  inputs: PhysicianOverrides[],
): Promise<string[]> {
  const created = await createPhysicianAccounts({
    db: app.db,
    physicians: inputs.map((input) => physicianInput(input)),
    passwordHash: null,
  });
  return created.map((account) => account.physicianId);
}

/** Creates one physician per entry and answers their ids under the same names. */
export async function createNamedPhysicians<Name extends string>(
  app: FastifyInstance,
  inputs: Record<Name, PhysicianOverrides>,
): Promise<Record<Name, string>> {
  const names = Object.keys(inputs) as Name[];
  const created = await createPhysicians(
    app,
    names.map((name) => inputs[name]),
  );
  return Object.fromEntries(names.map((name, index) => [name, created[index] ?? ''])) as Record<Name, string>;
}

export async function createPhysician(app: FastifyInstance, input: PhysicianOverrides = {}): Promise<string> {
  const [id] = await createPhysicians(app, [input]);
  if (!id) throw new Error('The physician was not created.');
  return id;
}

/** The physician applies to the job (as the physician API does it); answers the application id. */
export async function apply(app: FastifyInstance, physicianId: string, jobId: string, now?: Date) {
  const application = await applyToJob({ db: app.db, physicianId, jobId, now });
  return application._id;
}

/** Who an employer acts as in domain calls. */
export async function ownerOf(app: FastifyInstance, userId: string): Promise<JobOwner> {
  const [user] = await app.db
    .select({ organizationId: users.organizationId })
    .from(users)
    .where(eq(users.id, userId));
  return { userId, organizationId: user?.organizationId ?? null };
}

/** The employer invites the physician to the job (pending); answers the match id. */
export async function invite(
  app: FastifyInstance,
  employerId: string,
  jobId: string,
  physicianId: string,
  now?: Date,
): Promise<string> {
  const match = await createMatch({
    db: app.db,
    owner: await ownerOf(app, employerId),
    jobId,
    applicantId: physicianId,
    now,
  });
  return match._id;
}

/** Records the physician's answer to an invite at the given time. */
export async function answerInvite(
  app: FastifyInstance,
  matchId: string,
  status: Extract<TMatchStatus, 'accepted' | 'declined'>,
  respondedAt: Date,
) {
  await app.db
    .update(matches)
    .set({ status, respondedAt, updatedAt: respondedAt })
    .where(eq(matches.id, matchId));
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Calls the API as the holder of the token (no token: anonymous). */
export function callApi(
  app: FastifyInstance,
  method: Method,
  url: string,
  token?: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url: `/api${url}`,
    payload: payload as Record<string, unknown> | undefined,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

/** The ids of a list answer, in order. */
export function idsOf(applicants: readonly TApplicant[]): string[] {
  return applicants.map((applicant) => applicant._id);
}

/** A time `hours` before now. */
export function hoursAgo(hours: number): Date {
  return new Date(Date.now() - hours * 60 * 60 * 1000);
}
