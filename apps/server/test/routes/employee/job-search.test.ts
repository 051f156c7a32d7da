import type { TPhysicianJob } from '@medhire/contract/physicians';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJobsPageQuery } from '../../../src/domain/physicians/physician-jobs.ts';
import { buildTestApp } from '../../helper.ts';
import {
  callApi,
  employerWithOpenJob,
  postAnotherJob,
  type SignedInPhysician,
  setJobStatus,
  signedInPhysician,
} from './physician-kit.ts';

let app: FastifyInstance;
let physician: SignedInPhysician;
let organizationId: string;
const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };
const jobIds: Record<'austin' | 'roundRock' | 'denver' | 'houston' | 'closedAustin', string> = {
  austin: '',
  roundRock: '',
  denver: '',
  houston: '',
  closedAustin: '',
};

function place(city: string, state: string, latitude: number, longitude: number) {
  return { city, state, description: `${city}, ${state}`, coords: { latitude, longitude } };
}

beforeAll(async () => {
  app = await buildTestApp();
  physician = await signedInPhysician(app);
  const { employer, job } = await employerWithOpenJob(app, {
    title: 'Family Physician, Houston',
    locations: [place('Houston', 'TX', 29.7604, -95.3698)],
    salaryRange: { min: 1_000, max: 1_200, payType: 'perDiem' },
  });
  organizationId = employer.organizationId;
  jobIds.houston = job._id;
  jobIds.denver = (
    await postAnotherJob(app, employer, {
      title: 'Outpatient Psychiatrist',
      specialty: 'psychiatry',
      locations: [place('Denver', 'CO', 39.7392, -104.9903)],
    })
  )._id;
  jobIds.roundRock = (
    await postAnotherJob(app, employer, {
      title: 'Family Physician, Round Rock',
      employmentType: 'part-time',
      locations: [place('Round Rock', 'TX', 30.5083, -97.6789)],
      salaryRange: { min: 100, max: 150, payType: 'hourly' },
    })
  )._id;
  jobIds.closedAustin = (await postAnotherJob(app, employer, { title: 'Closed Family Physician' }))._id;
  await setJobStatus(app, employer, jobIds.closedAustin, 'closed');
  jobIds.austin = (
    await postAnotherJob(app, employer, {
      title: 'Family Physician, Austin',
      locations: [place('Austin', 'TX', 30.27, -97.74), place('El Paso', 'TX', 31.7619, -106.485)],
      salaryRange: { min: 250_000, max: 300_000, payType: 'annual' },
    })
  )._id;
});
afterAll(async () => {
  await app.close();
});

async function search(query: string, token = physician.token) {
  const response = await callApi(app, 'GET', `/api/employee/job/get-all-jobs?${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { jobs: TPhysicianJob[]; total: number };
}

const idsOf = (list: { jobs: TPhysicianJob[] }) => list.jobs.map((job) => job._id);

describe('GET /api/employee/job/get-all-jobs: the job search criteria', () => {
  it('finds the open jobs within a radius, nearest location first, each with its distance', async () => {
    const near = await search(
      `latitude=${AUSTIN.latitude}&longitude=${AUSTIN.longitude}&radiusMiles=50&sort=distance`,
    );
    expect(idsOf(near)).toEqual([jobIds.austin, jobIds.roundRock]);
    expect(near.total).toBe(2);
    const [austin, roundRock] = near.jobs;
    expect(austin?.distanceMiles).toBeLessThan(1);
    expect(roundRock?.distanceMiles).toBeGreaterThan(15);
    expect(roundRock?.distanceMiles).toBeLessThan(20);

    const wider = await search(
      `latitude=${AUSTIN.latitude}&longitude=${AUSTIN.longitude}&radiusMiles=200&sort=distance`,
    );
    expect(idsOf(wider)).toEqual([jobIds.austin, jobIds.roundRock, jobIds.houston]);

    // Without a centre there is no distance; a distance sort falls back to newest first.
    const everywhere = await search('sort=distance');
    expect(idsOf(everywhere)).toEqual([jobIds.austin, jobIds.roundRock, jobIds.denver, jobIds.houston]);
    expect(everywhere.jobs[0]).not.toHaveProperty('distanceMiles');
  });

  it('filters by specialty, state, employment type and minimum annual salary', async () => {
    expect(idsOf(await search('specialty=psychiatry'))).toEqual([jobIds.denver]);
    expect(idsOf(await search('state=co'))).toEqual([jobIds.denver]);
    expect(idsOf(await search('employmentType=part-time'))).toEqual([jobIds.roundRock]);
    // $150 an hour is $312,000 a year; $1,200 a day $276,000; jobs that state no salary never match.
    expect(idsOf(await search('minSalary=280000'))).toEqual([jobIds.austin, jobIds.roundRock]);
    expect(idsOf(await search('minSalary=250000'))).toEqual([
      jobIds.austin,
      jobIds.roundRock,
      jobIds.houston,
    ]);
    expect(idsOf(await search('minSalary=310000&queryText=round'))).toEqual([jobIds.roundRock]);
  });

  it('sorts by best match for the physician: specialty, employment type and nearness to home', async () => {
    const ranked = await search('sort=match');
    // Full time in Austin (100) beats full time in Houston (96, 146 miles from home), which beats
    // part time next door (80); psychiatry in Denver comes last (55: a wanted state, full time).
    expect(idsOf(ranked)).toEqual([jobIds.austin, jobIds.houston, jobIds.roundRock, jobIds.denver]);
    const psychiatrist = await signedInPhysician(app, {
      profile: { specialty: 'psychiatry', subSpecialty: [] },
    });
    expect(idsOf(await search('sort=match', psychiatrist.token))[0]).toBe(jobIds.denver);
  });

  it('refuses a half-given centre, a radius out of range and an unknown sort', async () => {
    for (const [query, message] of [
      ['latitude=30.2', 'Choose a place for a radius search.'],
      ['latitude=30.2&longitude=-97.7&radiusMiles=1000', 'The radius is at most 500 miles.'],
      ['sort=cheapest', 'Sort by best match, newest or distance.'],
      ['minSalary=-5', 'The salary cannot be negative.'],
    ] as const) {
      const response = await callApi(app, 'GET', `/api/employee/job/get-all-jobs?${query}`, physician.token);
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json().error)).toContain(message);
    }
  });
});

describe('the radius search reads an index', () => {
  it('plans the bounding box and the newest-first page as index scans over thousands of open jobs', async () => {
    await app.db.execute(sql`insert into jobs (organization_id, title, specialty_id, employment_type, locations)
      select ${organizationId}, 'Bulk job ' || i, 'family-medicine', 'full-time',
        jsonb_build_array(jsonb_build_object('state', 'TX', 'description', 'Somewhere, TX',
          'coords', jsonb_build_object('latitude', 25 + (i % 200) * 0.1, 'longitude', -125 + (i % 500) * 0.1)))
      from generate_series(1, 5000) as i`);
    await app.db.execute(sql`analyze job_locations`);
    await app.db.execute(sql`analyze jobs`);
    const { page: query } = await openJobsPageQuery({
      db: app.db,
      physicianId: physician.profile._id,
      query: {
        pageSize: 10,
        pageNumber: 1,
        queryText: '',
        sort: 'distance',
        latitude: AUSTIN.latitude,
        longitude: AUSTIN.longitude,
        radiusMiles: 25,
      },
    });
    const plan = (await app.db.execute(sql`explain ${query}`)) as unknown as Array<Record<string, string>>;
    const text = plan.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(
      /(Bitmap Index|Index|Index Only) Scan (using|on) job_locations_latitude_longitude_idx/,
    );
    expect(text).not.toMatch(/Seq Scan on job_locations/);
    const found = await query;
    expect(found.map((row) => row.job.id)).toEqual([jobIds.austin, jobIds.roundRock]);

    // Newest first with no place reads the open jobs' index from its front, not a sort of them all.
    const { page: newest } = await openJobsPageQuery({
      db: app.db,
      physicianId: physician.profile._id,
      query: { pageSize: 10, pageNumber: 1, queryText: '', sort: 'newest' },
    });
    const newestPlan = (await app.db.execute(sql`explain ${newest}`)) as unknown as Array<
      Record<string, string>
    >;
    expect(newestPlan.map((row) => row['QUERY PLAN']).join('\n')).toMatch(
      /Index Scan using jobs_open_created_idx/,
    );
  });
});
