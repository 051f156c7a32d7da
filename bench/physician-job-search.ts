import { loadavg } from 'node:os';
import { ZPhysicianJobsQuery } from '@medhire/contract/physicians';
import { sql } from 'drizzle-orm';
import { createPostgresDatabase } from '../apps/server/src/db/index.ts';
import { readLatestCode } from '../apps/server/src/domain/mail/outbox.ts';
import { listOpenJobs } from '../apps/server/src/domain/physicians/physician-jobs.ts';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { embeddedDatabaseUrl } from './lib/direct-load.ts';
import type { Figure } from './lib/figures.ts';
import { reportFigures } from './lib/figures.ts';
import { measure } from './lib/load.ts';

/**
 * A physician's job search (`GET /api/employee/job/get-all-jobs`) over 10,000 open jobs: the
 * newest first, a 50-mile radius around Austin sorted by distance, a specialty by best match,
 * and a state with a minimum salary. Each case is called one request at a time through HTTP
 * (BENCH_SEARCH_RUNS calls after a warm-up), so its p99 is the search's own latency, which has
 * the requirement p99 ≤ 50 ms. The newest-first search is then also loaded with autocannon's
 * connections, for the throughput (no target: that p99 includes waiting behind 50 callers on
 * two cores).
 */
const P99_TARGET_MS = 50;
/** The machine's load beside the figures: timings on a busy machine are not the search's alone. */
const loadAverage = () =>
  loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const OPEN_JOBS = 10_000;
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 300);
const WARM_UP_RUNS = 30;

/** Places jobs are spread around (with a few tens of miles of jitter), weighted like a map of US practices. */
const CITIES: ReadonlyArray<[city: string, state: string, latitude: number, longitude: number]> = [
  ['Austin', 'TX', 30.2672, -97.7431],
  ['Houston', 'TX', 29.7604, -95.3698],
  ['Dallas', 'TX', 32.7767, -96.797],
  ['San Antonio', 'TX', 29.4241, -98.4936],
  ['Denver', 'CO', 39.7392, -104.9903],
  ['Phoenix', 'AZ', 33.4484, -112.074],
  ['Los Angeles', 'CA', 34.0522, -118.2437],
  ['San Francisco', 'CA', 37.7749, -122.4194],
  ['Seattle', 'WA', 47.6062, -122.3321],
  ['Chicago', 'IL', 41.8781, -87.6298],
  ['Atlanta', 'GA', 33.749, -84.388],
  ['Miami', 'FL', 25.7617, -80.1918],
  ['New York', 'NY', 40.7128, -74.006],
  ['Boston', 'MA', 42.3601, -71.0589],
  ['Nashville', 'TN', 36.1627, -86.7816],
  ['Minneapolis', 'MN', 44.9778, -93.265],
];
const SPECIALTIES = [
  'family-medicine',
  'internal-medicine',
  'pediatrics',
  'psychiatry',
  'emergency-medicine',
];

async function getJson<T>(url: string, token: string): Promise<T> {
  const response = await fetch(url, { headers: { authorization: token } });
  const envelope = (await response.json()) as { success: boolean; data: T; error?: { message: string } };
  if (!envelope.success)
    throw new Error(`GET ${url} failed (${response.status}): ${envelope.error?.message}`);
  return envelope.data;
}

async function sendJson<T>(method: string, url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error?: { message: string } };
  if (!envelope.success)
    throw new Error(`${method} ${url} failed (${response.status}): ${envelope.error?.message}`);
  return envelope.data;
}

/** One call at a time: latency p50/p99 in ms of `runs` calls after a warm-up. */
async function sequentialLatency(
  call: () => Promise<{ total: number }>,
): Promise<{ p50: number; p99: number; total: number }> {
  let total = 0;
  for (let run = 0; run < WARM_UP_RUNS; run += 1) total = (await call()).total;
  const timings: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const startedAt = performance.now();
    await call();
    timings.push(performance.now() - startedAt);
  }
  timings.sort((a, b) => a - b);
  const at = (share: number) =>
    timings[Math.min(timings.length - 1, Math.ceil(share * timings.length) - 1)] ?? 0;
  return { p50: Math.round(at(0.5) * 100) / 100, p99: Math.round(at(0.99) * 100) / 100, total };
}

console.log(`load average (1, 5, 15 min) at start: ${loadAverage()}`);
const medhire = await startTestServer({ requireWebBuild: false, demoData: true });
try {
  const seeder = createPostgresDatabase(embeddedDatabaseUrl(medhire.dataDir), { max: 2 });
  try {
    const seedStartedAt = performance.now();
    const cities = sql.raw(
      `(values ${CITIES.map(([city, state, lat, lng], index) => `(${index}, '${city}', '${state}', ${lat}, ${lng})`).join(', ')}) as city(idx, name, state, latitude, longitude)`,
    );
    const specialties = sql.raw(`array[${SPECIALTIES.map((id) => `'${id}'`).join(', ')}]`);
    // Inserted in SQL (the trigger fills job_locations as the API's writes would): posting 10,000
    // jobs through the API would measure the job form, not the search.
    await seeder.db.execute(sql`
      insert into jobs (organization_id, title, specialty_id, employment_type, salary_min, salary_max,
        salary_pay_type, locations, created_at)
      select (select id from organizations where name is not null order by created_at limit 1),
        'Physician ' || i, (${specialties})[1 + i % ${SPECIALTIES.length}],
        case when i % 5 = 0 then 'part-time' else 'full-time' end,
        case when i % 4 = 0 then null when i % 4 = 1 then 120 else 220000 + (i % 40) * 5000 end,
        case when i % 4 = 0 then null when i % 4 = 1 then 160 else 320000 + (i % 40) * 5000 end,
        case when i % 4 = 1 then 'hourly'::pay_type else 'annual'::pay_type end,
        jsonb_build_array(jsonb_build_object('city', city.name, 'state', city.state,
          'description', city.name || ', ' || city.state,
          'coords', jsonb_build_object('latitude', city.latitude + ((i * 37) % 100 - 50) / 100.0,
            'longitude', city.longitude + ((i * 53) % 100 - 50) / 100.0))),
        now() - (i || ' minutes')::interval
      from generate_series(1, ${OPEN_JOBS}) as i
      join ${cities} on city.idx = i % ${CITIES.length}`);
    await seeder.db.execute(sql`analyze jobs`);
    await seeder.db.execute(sql`analyze job_locations`);
    console.log(
      `seeded ${OPEN_JOBS.toLocaleString('en-US')} open jobs in ${((performance.now() - seedStartedAt) / 1000).toFixed(1)} s`,
    );
  } finally {
    await seeder.close();
  }

  // Signs up as the app does: register, then confirm the code the server e-mailed (its outbox).
  const email = `bench-physician-${Date.now()}@example.com`;
  await sendJson('POST', `${medhire.baseURL}/api/employee/auth/register`, {
    email,
    password: 'Stethoscope-2026',
    firstName: 'Bench',
    lastName: 'Physician',
  });
  let otp: string | undefined;
  for (let attempt = 0; attempt < 50 && !otp; attempt += 1) {
    otp = await readLatestCode(medhire.dataDir, email);
    if (!otp) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!otp) throw new Error(`No sign-up code reached the outbox for ${email}.`);
  const session = await sendJson<{ token: string; physician: { _id: string } }>(
    'POST',
    `${medhire.baseURL}/api/employee/auth/verify-otp`,
    { email, otp },
  );
  await sendJson(
    'PATCH',
    `${medhire.baseURL}/api/employee/profile/update-profile`,
    {
      specialty: 'family-medicine',
      boardStatus: 'board-certified',
      yearsOfExperience: 8,
      yearAvailableToStart: 2027,
      homeLocation: {
        description: 'Austin, TX',
        coords: { latitude: 30.2672, longitude: -97.7431 },
        state: 'TX',
      },
      statesOfInterest: ['TX', 'CO'],
      employmentTypes: ['full-time'],
    },
    session.token,
  );

  const search = `${medhire.baseURL}/api/employee/job/get-all-jobs`;
  const cases: [label: string, query: string][] = [
    ['newest first', 'pageSize=20'],
    [
      '50 mi around Austin by distance',
      'pageSize=20&latitude=30.2672&longitude=-97.7431&radiusMiles=50&sort=distance',
    ],
    ['family medicine by best match', 'pageSize=20&specialty=family-medicine&sort=match'],
    ['TX, $300k+ a year', 'pageSize=20&state=TX&minSalary=300000'],
    [
      '500 mi around Denver, full time, by distance',
      'pageSize=20&latitude=39.7392&longitude=-104.9903&radiusMiles=500&employmentType=full-time&sort=distance',
    ],
  ];
  const benchmark = 'physician-job-search';
  const figures: Figure[] = [];
  // The same searches straight to the database (the domain call the route makes, no HTTP): what
  // the query itself costs, beside what the whole request costs on a machine others share.
  const direct = createPostgresDatabase(embeddedDatabaseUrl(medhire.dataDir), { max: 2 });
  for (const [label, query] of cases) {
    const parsed = ZPhysicianJobsQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    const queryOnly = await sequentialLatency(() =>
      listOpenJobs({ db: direct.db, physicianId: session.physician._id, query: parsed }),
    );
    figures.push({ benchmark, name: `${label} query only p99`, value: queryOnly.p99, unit: 'ms' });
  }
  await direct.close();
  for (const [label, query] of cases) {
    const latency = await sequentialLatency(() =>
      getJson<{ total: number }>(`${search}?${query}`, session.token),
    );
    figures.push(
      {
        benchmark,
        name: `${label} (${latency.total.toLocaleString('en-US')} found) p50`,
        value: latency.p50,
        unit: 'ms',
      },
      {
        benchmark,
        name: `${label} p99`,
        value: latency.p99,
        unit: 'ms',
        target: { comparison: '<=', value: P99_TARGET_MS },
      },
    );
  }
  const loaded = await measure(`${search}?pageSize=20`, { headers: { authorization: session.token } });
  figures.push(
    {
      benchmark,
      name: 'newest first under load requests/s',
      value: Math.round(loaded.requestsPerSecond),
      unit: 'req/s',
    },
    { benchmark, name: 'newest first under load p99', value: loaded.p99, unit: 'ms' },
    { benchmark, name: 'newest first under load failed responses', value: loaded.failed, unit: 'count' },
  );
  console.log(`load average (1, 5, 15 min) at end: ${loadAverage()}`);
  await reportFigures(figures);
} finally {
  await medhire.stop();
}
