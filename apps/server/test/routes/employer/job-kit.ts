import type { TCreateJobBodyInput, TJob } from '@medhire/contract/jobs';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { uniqueIp } from './auth-kit.ts';

/** A job with every field of spec §3 filled in; parts can be replaced per test. */
export function fullJobBody(overrides: Record<string, unknown> = {}): TCreateJobBodyInput {
  return {
    title: 'Non-invasive Cardiologist',
    specialty: 'internal-medicine',
    subSpecialty: [
      'internal-medicine--cardiovascular-disease',
      'internal-medicine--interventional-cardiology',
    ],
    employmentType: 'full-time',
    reasonForJobOpp: 'growth-expansion',
    description:
      '## The role\n\nJoin a **four-cardiologist** group:\n\n- echo and nuclear reading\n- no STEMI call\n\n[Our heart centre](https://example.org/heart)',
    salaryRange: { min: 450_000, max: 575_000, payType: 'annual' },
    signOnBonus: 50_000,
    productiveBonus: 80_000,
    stipendTraining: 24_000,
    loanRepaymentAssistance: 100_000,
    vacation: 6,
    callSchedule: '1:5 weekends, home call',
    requiredTravel: 'No',
    additionalContext: 'Busy echo and nuclear lab; cath lab on site.',
    halfDaysPerWeek: { outpatient: 6, inpatient: 2, procedural: 1, administrative: 1, other: 0 },
    advancedTech: 'Yes',
    electronicMedRecord: 'Epic',
    scribeSupport: 'Yes',
    supportBenefitPerk: ['Health insurance', 'CME allowance', 'Sign-on bonus'],
    partnership: { value: 'Yes', types: ['2 years', '$150,000 buy-in'] },
    academicResearchOpportunity: 'Yes',
    mentorship: 'Yes',
    speakerShip: 'No',
    globalMissions: 'No',
    locations: [
      {
        city: 'Austin',
        state: 'TX',
        description: 'Austin, TX',
        coords: { latitude: 30.2672, longitude: -97.7431 },
      },
      {
        city: 'Round Rock',
        state: 'TX',
        description: 'Round Rock, TX',
        coords: { latitude: 30.5083, longitude: -97.6789 },
      },
    ],
    status: 'open',
    ...overrides,
  };
}

/** The smallest job the API accepts. */
export function minimalJobBody(overrides: Record<string, unknown> = {}): TCreateJobBodyInput {
  return {
    title: 'Family Physician',
    specialty: 'family-medicine',
    employmentType: 'full-time',
    locations: [
      {
        city: 'Austin',
        state: 'TX',
        description: 'Austin, TX',
        coords: { latitude: 30.27, longitude: -97.74 },
      },
    ],
    ...overrides,
  };
}

export function postJob(app: FastifyInstance, userId: string, token: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/employer/auth/v1/create-job-v1/${userId}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: token },
    remoteAddress: uniqueIp(),
  });
}

/** Posts a job and answers the stored job. */
export async function createJobThroughApi(
  app: FastifyInstance,
  employer: { id: string; token: string },
  payload: unknown = minimalJobBody(),
): Promise<TJob> {
  const response = await postJob(app, employer.id, employer.token, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as TJob;
}
