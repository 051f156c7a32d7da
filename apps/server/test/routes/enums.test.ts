import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ZEnums } from '@medhire/contract/enums';
import { ZSearchLocationResult, ZSearchStateResult } from '@medhire/contract/locations';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../src/routes/enums/index.ts';
import { buildTestApp } from '../helper.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });
const titlesOf = (body: { data: { title: string }[] }) => body.data.map((item) => item.title);

describe('GET /api/enums/get-all-enums', () => {
  it('answers every reference list, non-empty, without signing in', async () => {
    const response = await get('/api/enums/get-all-enums');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    const enums = ZEnums.parse(body.data);
    for (const key of [
      'bonus',
      'fringeBenefits',
      'requiredQualification',
      'specialties',
      'subSpecialties',
      'specialtiesAndSubSpecialty',
      'employmentType',
      'boardStatus',
      'jobTypes',
      'practiceType',
      'reasonForJobOpportunity',
    ] as const) {
      expect(enums[key].length, key).toBeGreaterThan(0);
    }
    const specialtyIds = new Set(enums.specialties.map((specialty) => specialty._id));
    for (const sub of enums.subSpecialties) expect(specialtyIds.has(sub.specialtyId), sub._id).toBe(true);
  });

  it('is cacheable and answers 304 to its own ETag', async () => {
    const first = await get('/api/enums/get-all-enums');
    expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);

    const again = await get('/api/enums/get-all-enums', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const stale = await get('/api/enums/get-all-enums', { 'if-none-match': '"2000.1-0000000000000000"' });
    expect(stale.statusCode).toBe(200);
  });

  it('sends the same answer compressed to a client that accepts Brotli or gzip', async () => {
    const plain = await get('/api/enums/get-all-enums');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    const br = await get('/api/enums/get-all-enums', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gzip = await get('/api/enums/get-all-enums', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(preferredEncoding(undefined)).toBeUndefined();
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('gzip;q=0.5, br;q=0.1')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0')).toBeUndefined();
  });
});

describe('GET /api/enums/search-specialty', () => {
  it.each([
    ['ob gyn', 'Obstetrics and Gynecology'],
    ['obgyn', 'Obstetrics and Gynecology'],
    ['ent', 'Otolaryngology – Head and Neck Surgery'],
    ['peds', 'Pediatrics'],
    ['em', 'Emergency Medicine'],
    ['er', 'Emergency Medicine'],
    ['psych', 'Psychiatry'],
  ])("puts the specialty people mean by '%s' first", async (queryText, title) => {
    const response = await get(`/api/enums/search-specialty?queryText=${encodeURIComponent(queryText)}`);
    expect(response.statusCode).toBe(200);
    expect(titlesOf(response.json())[0]).toBe(title);
  });

  it('lists every specialty for a missing or blank queryText, and none for nonsense', async () => {
    const all = titlesOf((await get('/api/enums/search-specialty')).json());
    expect(all.length).toBeGreaterThan(25);
    expect(titlesOf((await get('/api/enums/search-specialty?queryText=%20')).json())).toEqual(all);
    expect((await get('/api/enums/search-specialty?queryText=zzqx')).json()).toEqual({
      success: true,
      data: [],
    });
  });

  it('refuses an over-long queryText naming the field', async () => {
    const response = await get(`/api/enums/search-specialty?queryText=${'a'.repeat(101)}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().error.message).toContain('queryText');
  });
});

describe('GET /api/enums/search-subSpecialty', () => {
  it("ranks Cardiovascular Disease first for 'cardio' and finds the cardiology sub-specialties", async () => {
    const titles = titlesOf((await get('/api/enums/search-subSpecialty?queryText=cardio')).json());
    expect(titles[0]).toBe('Cardiovascular Disease');
    expect(titles).toEqual(
      expect.arrayContaining([
        'Interventional Cardiology',
        'Clinical Cardiac Electrophysiology',
        'Pediatric Cardiology',
      ]),
    );
  });

  it('keeps to the specialties given as a comma list or as repeated parameters', async () => {
    const commaList = (
      await get('/api/enums/search-subSpecialty?queryText=sleep&specialtiesIds=neurology,psychiatry')
    ).json();
    const repeated = (
      await get(
        '/api/enums/search-subSpecialty?queryText=sleep&specialtiesIds=neurology&specialtiesIds=psychiatry',
      )
    ).json();
    expect(repeated).toEqual(commaList);
    expect(commaList.data.map((sub: { specialtyId: string }) => sub.specialtyId).sort()).toEqual([
      'neurology',
      'psychiatry',
    ]);
    const pediatrics = (
      await get('/api/enums/search-subSpecialty?queryText=cardio&specialtiesIds=pediatrics')
    ).json();
    expect(pediatrics.data).toEqual([
      { _id: 'pediatrics--pediatric-cardiology', specialtyId: 'pediatrics', title: 'Pediatric Cardiology' },
    ]);
  });

  it('refuses unknown specialty ids without caching the refusal', async () => {
    const response = await get('/api/enums/search-subSpecialty?specialtiesIds=internal-medicine,astrology');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: { field: 'specialtiesIds', unknownIds: ['astrology'] },
    });
    expect(response.headers['cache-control']).toBeUndefined();
  });
});

describe('GET /api/enums/search-state', () => {
  it('pages with the spec defaults (10, page 1) and answers data.states', async () => {
    const response = await get('/api/enums/search-state');
    expect(response.statusCode).toBe(200);
    const result = ZSearchStateResult.parse(response.json().data);
    expect(result).toMatchObject({ total: 56, pageNumber: 1, pageSize: 10 });
    expect(result.states).toHaveLength(10);
    expect(result.states[0]).toMatchObject({
      _id: 'AL',
      code: 'AL',
      name: 'Alabama',
      description: 'Alabama',
    });
  });

  it('matches names and codes, and pages the matches', async () => {
    const texas = ZSearchStateResult.parse((await get('/api/enums/search-state?queryText=TX')).json().data);
    expect(texas.states.map((state) => state.name)).toEqual(['Texas']);
    expect(texas.states[0]?.coords).toEqual({ latitude: 30.2672, longitude: -97.7431 });

    const page = (await get('/api/enums/search-state?queryText=new&pageSize=3&pageNumber=2')).json().data;
    expect(page).toMatchObject({ total: 4, pageNumber: 2, pageSize: 3 });
    expect(page.states.map((state: { code: string }) => state.code)).toEqual(['NY']);
  });

  it('refuses a page size or number out of range', async () => {
    for (const query of ['pageSize=0', 'pageSize=101', 'pageNumber=0', 'pageSize=ten']) {
      const response = await get(`/api/enums/search-state?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('GET /api/enums/search-location', () => {
  it('completes city names, biggest first, and ZIP codes', async () => {
    const cities = ZSearchLocationResult.parse(
      (await get('/api/enums/search-location?queryText=aus&pageSize=3')).json().data,
    );
    expect(cities.places).toHaveLength(3);
    expect(cities.places[0]).toMatchObject({ description: 'Austin, TX', city: 'Austin', state: 'TX' });
    expect(cities.total).toBeGreaterThan(3);

    const zips = (await get('/api/enums/search-location?queryText=7870&pageSize=2')).json().data;
    expect(zips.places.map((place: { zip: string }) => place.zip)).toEqual(['78701', '78702']);
  });

  it('finds nothing for a missing queryText', async () => {
    const response = await get('/api/enums/search-location');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ places: [], total: 0, pageNumber: 1, pageSize: 10 });
  });
});
