import type { TSession } from '@medhire/contract/account';
import type { TCreateJobBodyInput } from '@medhire/contract/jobs';
import { createPostgresDatabase } from '../apps/server/src/db/index.ts';
import { authenticateSession } from '../apps/server/src/domain/auth/authenticate-session.ts';
import { createSessionCache } from '../apps/server/src/domain/auth/session-cache.ts';
import { listJobs } from '../apps/server/src/domain/jobs/list-jobs.ts';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { embeddedDatabaseUrl, measureDirect } from './lib/direct-load.ts';
import type { Figure } from './lib/figures.ts';
import { reportFigures } from './lib/figures.ts';
import { CONNECTIONS, type Load, measure, startBareServer, stopBareServer } from './lib/load.ts';

/**
 * Job postings under load: the specialty search the job form calls on every keystroke, and the
 * job list of an organisation holding 500 postings, each next to bare node:http in the same run.
 *
 * The job list also has a ceiling of its own: the same domain calls the endpoint makes (the
 * session lookup, from a session cache as the route does, then the list with its counts) issued straight to the server's embedded
 * database by CONNECTIONS concurrent callers over as many connections, with no HTTP in between.
 * Targets (issue figures): p99 ≤ 50 ms, and requests/s ≥ 0.70 of that ceiling.
 */
const LIST_P99_TARGET_MS = 50;
const LIST_SHARE_OF_LIMIT_TARGET = 0.7;

const JOB_COUNT = 500;
const POSTING_CONCURRENCY = 4;
const DEMO_EMAIL = 'demo@medhire.example';
const DEMO_PASSWORD = 'MedHire-demo-2026';

const TITLES = [
  'Family Medicine Physician',
  'Interventional Cardiologist',
  'Hospitalist',
  'General Pediatrician',
  'Outpatient Psychiatrist',
  'Emergency Physician',
];
const SPECIALTIES = [
  'family-medicine',
  'internal-medicine',
  'internal-medicine',
  'pediatrics',
  'psychiatry',
  'emergency-medicine',
];

function jobBody(index: number): TCreateJobBodyInput {
  const kind = index % TITLES.length;
  return {
    title: `${TITLES[kind]} ${index + 1}`,
    specialty: SPECIALTIES[kind] ?? 'family-medicine',
    employmentType: index % 5 === 0 ? 'part-time' : 'full-time',
    reasonForJobOpp: 'growth-expansion',
    salaryRange: { min: 220_000 + (index % 40) * 5_000, max: 320_000 + (index % 40) * 5_000 },
    signOnBonus: 25_000,
    vacation: 5,
    halfDaysPerWeek: { outpatient: 7, administrative: 1 },
    supportBenefitPerk: ['Health insurance', 'Malpractice insurance', 'CME allowance'],
    partnership: { value: 'Yes', types: ['2 years', '$75,000 buy-in'] },
    locations: [
      {
        city: 'Austin',
        state: 'TX',
        description: 'Austin, TX',
        coords: { latitude: 30.2672, longitude: -97.7431 },
      },
    ],
    status: index % 7 === 0 ? 'draft' : 'open',
  };
}

async function postJson<T>(url: string, body: unknown, token?: string): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  const envelope = (await response.json()) as { success: boolean; data: T; error?: { message: string } };
  if (!envelope.success)
    throw new Error(`POST ${url} failed (${response.status}): ${envelope.error?.message}`);
  return envelope.data;
}

/** Posts the jobs through the API, a few at a time, as several browser tabs would. */
async function postJobs(baseURL: string, session: TSession): Promise<void> {
  const url = `${baseURL}/api/employer/auth/v1/create-job-v1/${session.user._id}`;
  let next = 0;
  const worker = async () => {
    while (next < JOB_COUNT) {
      const index = next;
      next += 1;
      await postJson(url, jobBody(index), session.token);
    }
  };
  await Promise.all(Array.from({ length: POSTING_CONCURRENCY }, worker));
}

/**
 * The search route allows 600 requests a minute per client address. Behind a trusted proxy each
 * request carries its own forwarded address, so the load is many users typing at once and the
 * limiter still does its full work per request.
 */
let addressCounter = 0;
function nextClientAddress() {
  addressCounter += 1;
  return {
    'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
}

function figuresOf(benchmark: string, label: string, result: Load, bare: Load): Figure[] {
  return [
    { benchmark, name: `${label} requests/s`, value: Math.round(result.requestsPerSecond), unit: 'req/s' },
    { benchmark, name: `${label} latency p50`, value: result.p50, unit: 'ms' },
    { benchmark, name: `${label} latency p99`, value: result.p99, unit: 'ms' },
    { benchmark, name: `${label} failed responses`, value: result.failed, unit: 'count' },
    {
      benchmark,
      name: `${label} rps / bare rps`,
      // Two significant digits: a slow route's ratio is far below 0.01.
      value: Number((result.requestsPerSecond / bare.requestsPerSecond).toPrecision(2)),
      unit: 'ratio',
    },
  ];
}

const medhire = await startTestServer({
  requireWebBuild: false,
  demoData: true,
  env: { TRUST_PROXY: 'loopback' },
});
const bareServer = await startBareServer().catch(async (error: unknown) => {
  await medhire.stop();
  throw error;
});
try {
  const session = await postJson<TSession>(`${medhire.baseURL}/api/employer/auth/login`, {
    email: DEMO_EMAIL,
    password: DEMO_PASSWORD,
  });
  const postingStartedAt = performance.now();
  await postJobs(medhire.baseURL, session);
  const postingSeconds = (performance.now() - postingStartedAt) / 1000;
  const listUrl = `${medhire.baseURL}/api/employer/job/get-all-jobs/${session.user._id}?pageSize=20`;
  // The demo organisation starts with its own few postings; report what the list really holds.
  const listed = (await (await fetch(listUrl, { headers: { authorization: session.token } })).json()) as {
    data: { total: number };
  };

  const search = await measure(`${medhire.baseURL}/api/enums/search-specialty?queryText=cardio`, {
    headersPerRequest: nextClientAddress,
  });
  const list = await measure(
    `${medhire.baseURL}/api/employer/job/get-all-jobs/${session.user._id}?pageSize=20`,
    {
      headers: { authorization: session.token },
    },
  );
  const bare = await measure(bareServer.url);

  const direct = createPostgresDatabase(embeddedDatabaseUrl(medhire.dataDir), { max: CONNECTIONS });
  // The route authenticates from the instance's session cache, so the limit does too. Nothing
  // changes the session while it runs: the cache is told it is listening without a LISTEN.
  const sessionCache = createSessionCache();
  sessionCache.setListening(true);
  const limit = await measureDirect(async () => {
    const { userId, organizationId } = await authenticateSession(direct.db, session.token, sessionCache);
    return listJobs({
      db: direct.db,
      owner: { userId, organizationId },
      query: { pageSize: 20, pageNumber: 1, queryText: '' },
    });
  }, CONNECTIONS).finally(() => {
    sessionCache.dispose();
    return direct.close();
  });

  const benchmark = 'jobs';
  await reportFigures([
    {
      benchmark,
      name: `create-job-v1 ×${JOB_COUNT} (${POSTING_CONCURRENCY} at a time) jobs/s`,
      value: Math.round(JOB_COUNT / postingSeconds),
      unit: 'jobs/s',
    },
    ...figuresOf(benchmark, 'GET /api/enums/search-specialty?queryText=cardio', search, bare),
    ...figuresOf(benchmark, `GET get-all-jobs pageSize=20 (${listed.data.total} jobs)`, list, bare).map(
      (figure): Figure =>
        figure.name.endsWith('latency p99')
          ? { ...figure, target: { comparison: '<=', value: LIST_P99_TARGET_MS } }
          : figure,
    ),
    {
      benchmark,
      name: 'job list queries without HTTP (limit) ops/s',
      value: Math.round(limit.requestsPerSecond),
      unit: 'ops/s',
    },
    { benchmark, name: 'job list queries without HTTP (limit) p50', value: limit.p50, unit: 'ms' },
    { benchmark, name: 'job list queries without HTTP (limit) p99', value: limit.p99, unit: 'ms' },
    {
      benchmark,
      name: 'get-all-jobs rps / limit ops/s',
      value: Math.round((list.requestsPerSecond / limit.requestsPerSecond) * 100) / 100,
      unit: 'ratio',
      target: { comparison: '>=', value: LIST_SHARE_OF_LIMIT_TARGET },
    },
    {
      benchmark,
      name: 'bare node:http requests/s',
      value: Math.round(bare.requestsPerSecond),
      unit: 'req/s',
    },
    { benchmark, name: 'bare node:http latency p50', value: bare.p50, unit: 'ms' },
    { benchmark, name: 'bare node:http latency p99', value: bare.p99, unit: 'ms' },
  ]);
} finally {
  stopBareServer(bareServer);
  await medhire.stop();
}
