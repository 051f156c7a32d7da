import type { TJob } from '@medhire/contract/jobs';
import type { TMatch } from '@medhire/contract/matches';
import type { TPhysicianProfile, TPhysicianSession } from '@medhire/contract/physicians';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createMatch } from '../../../src/domain/matches/create-match.ts';
import { latestCode, signedInEmployer, uniqueEmail, uniqueIp } from '../employer/auth-kit.ts';
import { createJobThroughApi, minimalJobBody } from '../employer/job-kit.ts';
import { uniqueNpi } from '../employer/organization-kit.ts';

export const PHYSICIAN_PASSWORD = 'Stethoscope-2026';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** One call to the API as a signed-in caller (or anonymous when `token` is undefined). */
export function callApi(
  app: FastifyInstance,
  method: Method,
  url: string,
  token: string | undefined,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    payload: payload as Record<string, unknown> | undefined,
    headers: token ? { authorization: token } : {},
    remoteAddress: uniqueIp(),
  });
}

export function registerBody(overrides: Record<string, unknown> = {}) {
  return {
    email: uniqueEmail('physician'),
    password: PHYSICIAN_PASSWORD,
    firstName: 'Maya',
    lastName: 'Okafor',
    ...overrides,
  };
}

/** A complete profile: family medicine in Austin, TX, open to Texas and Colorado. */
/** A complete profile; its NPI number is one no other physician of the test run holds. */
export function completeProfileBody(overrides: Record<string, unknown> = {}) {
  return {
    npiNumber: uniqueNpi(),
    specialty: 'family-medicine',
    subSpecialty: ['family-medicine--sports-medicine'],
    boardStatus: 'board-certified',
    yearsOfExperience: 7,
    yearAvailableToStart: 2026,
    homeLocation: {
      description: 'Austin, TX',
      coords: { latitude: 30.2672, longitude: -97.7431 },
      state: 'TX',
    },
    statesOfInterest: ['TX', 'CO'],
    citiesOfInterest: [{ description: 'Denver, CO', coords: { latitude: 39.7392, longitude: -104.9903 } }],
    employmentTypes: ['full-time'],
    needsVisa: false,
    ...overrides,
  };
}

export interface SignedInPhysician {
  email: string;
  password: string;
  token: string;
  profile: TPhysicianProfile;
}

/**
 * Signs a physician up the way the app does: register, read the 6-digit code from the outbox,
 * confirm it. Answers the session the confirmation opens.
 */
export async function signUpPhysician(
  app: FastifyInstance,
  body: ReturnType<typeof registerBody>,
): Promise<TPhysicianSession> {
  const registered = await callApi(app, 'POST', '/api/employee/auth/register', undefined, body);
  expect(registered.statusCode, registered.body).toBe(200);
  const email = String(body.email).trim().toLowerCase();
  const otp = await latestCode(app, email);
  const verified = await callApi(app, 'POST', '/api/employee/auth/verify-otp', undefined, { email, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return verified.json().data as TPhysicianSession;
}

/** Signs a physician up through the API and, unless told otherwise, completes the profile. */
export async function signedInPhysician(
  app: FastifyInstance,
  options: {
    isComplete?: boolean;
    profile?: Record<string, unknown>;
    register?: Record<string, unknown>;
  } = {},
): Promise<SignedInPhysician> {
  const body = registerBody(options.register);
  const session = await signUpPhysician(app, body);
  let profile = session.physician;
  if (options.isComplete !== false) {
    const updated = await callApi(
      app,
      'PATCH',
      '/api/employee/profile/update-profile',
      session.token,
      completeProfileBody(options.profile),
    );
    expect(updated.statusCode, updated.body).toBe(200);
    profile = updated.json().data as TPhysicianProfile;
  }
  return { email: body.email, password: body.password, token: session.token, profile };
}

/** An employer of an established organisation with one open job (family medicine in Austin, TX). */
export async function employerWithOpenJob(app: FastifyInstance, jobOverrides: Record<string, unknown> = {}) {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true, subscribedPlan: 'enterprise' });
  const job = await createJobThroughApi(app, employer, minimalJobBody(jobOverrides));
  const organizationId = employer.session.user.organizationId;
  if (!organizationId) throw new Error('The employer has no organisation.');
  return { employer: { ...employer, organizationId }, job };
}

/** Posts one more job for an employer made by employerWithOpenJob. */
export function postAnotherJob(
  app: FastifyInstance,
  employer: { id: string; token: string },
  overrides: Record<string, unknown> = {},
): Promise<TJob> {
  return createJobThroughApi(app, employer, minimalJobBody(overrides));
}

/** The employer invites the physician to the job (a pending match), through the matches domain. */
export function invite(
  app: FastifyInstance,
  employer: { id: string; organizationId: string },
  jobId: string,
  physicianId: string,
): Promise<TMatch> {
  return createMatch({
    db: app.db,
    owner: { userId: employer.id, organizationId: employer.organizationId },
    jobId,
    applicantId: physicianId,
  });
}

/** An employer with an open job and a physician whose accepted invite to it opened their conversation. */
export async function employerAndPhysicianInConversation(
  app: FastifyInstance,
  jobOverrides: Record<string, unknown> = {},
) {
  const { employer, job } = await employerWithOpenJob(app, jobOverrides);
  const physician = await signedInPhysician(app);
  const match = await invite(app, employer, job._id, physician.profile._id);
  const accepted = await callApi(app, 'PATCH', `/api/employee/match/respond/${match._id}`, physician.token, {
    status: 'accepted',
  });
  if (accepted.statusCode !== 200) throw new Error(`Accepting the invite failed: ${accepted.body}`);
  return { employer, physician, conversationId: accepted.json().data.conversationId as string };
}

/** Sets a job's status through the employer API. */
export async function setJobStatus(
  app: FastifyInstance,
  employer: { token: string },
  jobId: string,
  status: 'open' | 'closed' | 'draft',
) {
  const response = await callApi(
    app,
    'PATCH',
    `/api/employer/job/update-job-status/${jobId}`,
    employer.token,
    {
      status,
    },
  );
  expect(response.statusCode, response.body).toBe(200);
}
