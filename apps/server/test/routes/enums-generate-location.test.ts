import { LOCATION_NOT_FOUND_MESSAGE, ZUsPlace } from '@medhire/contract/locations';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../helper.ts';
import { signedInEmployer } from './employer/auth-kit.ts';

let app: FastifyInstance;
let token: string;

beforeAll(async () => {
  app = await buildTestApp();
  ({ token } = await signedInEmployer(app, { hasEstablishedProfile: true }));
});
afterAll(async () => {
  await app.close();
});

const GENERATE_LOCATION_URL = '/api/employer/auth/v1/generate-location';
const generate = (payload: unknown, authorization: string | null = token) =>
  app.inject({
    method: 'POST',
    url: GENERATE_LOCATION_URL,
    payload: payload as Record<string, unknown>,
    headers: authorization ? { authorization } : {},
  });

describe('POST /api/employer/auth/v1/generate-location', () => {
  it('geocodes a city and state to a description and coordinates', async () => {
    const response = await generate({ location: 'Austin, TX' });
    expect(response.statusCode).toBe(200);
    const place = ZUsPlace.parse(response.json().data);
    expect(place).toMatchObject({ description: 'Austin, TX', city: 'Austin', state: 'TX' });
    expect(place.coords.latitude).toBeCloseTo(30.3, 1);
    expect(place.coords.longitude).toBeCloseTo(-97.75, 1);
  });

  it('reads lower case and a spelled-out state the same way', async () => {
    const typed = (await generate({ location: 'austin texas' })).json().data;
    const formal = (await generate({ location: 'Austin, TX' })).json().data;
    expect(typed).toEqual(formal);
  });

  it('geocodes a ZIP code to that ZIP code', async () => {
    const response = await generate({ location: '78701' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      description: 'Austin, TX 78701',
      zip: '78701',
      state: 'TX',
    });
  });

  it('answers 404 with advice for a place it does not know', async () => {
    const response = await generate({ location: 'Atlantis, ZZ' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: LOCATION_NOT_FOUND_MESSAGE },
    });
  });

  it('refuses a missing or blank location naming the field', async () => {
    for (const payload of [{}, { location: '   ' }, { location: 42 }]) {
      const response = await generate(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const { error } = response.json();
      expect(error.code).toBe('VALIDATION_FAILED');
      expect(error.message).toContain('location');
    }
  });

  it('requires a signed-in employer', async () => {
    expect((await generate({ location: 'Austin, TX' }, null)).statusCode).toBe(401);
    expect((await generate({ location: 'Austin, TX' }, 'not-a-token')).statusCode).toBe(401);
  });
});
