import type { TSession } from '@medhire/contract/account';
import { ZGetAllApplicantsQuery, ZRecommendedQuery } from '@medhire/contract/applicants';
import { ZGetAllConversationsQuery, ZGetSingleConversationQuery } from '@medhire/contract/conversations';
import { ZGetAllNotificationsQuery } from '@medhire/contract/notifications';
import { createPostgresDatabase } from '../apps/server/src/db/index.ts';
import { listApplicants } from '../apps/server/src/domain/applicants/list-applicants.ts';
import {
  type AccountIdentity,
  authenticateSession,
} from '../apps/server/src/domain/auth/authenticate-session.ts';
import { createSessionCache, type SessionCache } from '../apps/server/src/domain/auth/session-cache.ts';
import { getEmployerConversation } from '../apps/server/src/domain/conversations/get-employer-conversation.ts';
import { listEmployerConversations } from '../apps/server/src/domain/conversations/list-employer-conversations.ts';
import { sendEmployerMessage } from '../apps/server/src/domain/conversations/send-employer-message.ts';
import { getDashboardSummary } from '../apps/server/src/domain/dashboard/get-dashboard-summary.ts';
import type { JobOwner } from '../apps/server/src/domain/jobs/job-owner.ts';
import { listJobs } from '../apps/server/src/domain/jobs/list-jobs.ts';
import { listRecommendedApplicants } from '../apps/server/src/domain/matching/list-recommended-applicants.ts';
import { listNotifications } from '../apps/server/src/domain/notifications/list-notifications.ts';
import { syncUserDetailWithOrganization } from '../apps/server/src/domain/organizations/get-organization.ts';
import { searchSpecialties } from '../apps/server/src/domain/reference/search-specialties.ts';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { embeddedDatabaseUrl, measureDirect } from './lib/direct-load.ts';
import { benchDurationSeconds, type Figure, reportFigures } from './lib/figures.ts';
import { CONNECTIONS, type Load, type LoadOptions, load } from './lib/load.ts';
import { type CpuSnapshot, cpuSnapshot, cpuUsedBetween } from './lib/process-cpu.ts';

/**
 * The ten most-called routes of the employer app, each loaded over HTTP by CONNECTIONS keep-alive
 * connections (after autocannon's warm-up) on the demo data, and each next to its own limit: the
 * same domain calls the route makes (its session lookup, from the instance's session cache where
 * the route uses it, then the domain function) issued straight to the server's embedded database
 * by as many concurrent callers, with no HTTP in between. Per route: requests/s, p50, p99, the CPU
 * milliseconds per request of the server process and of PostgreSQL while HTTP was loaded, and the
 * route's requests/s as a share of its limit's operations/s. Target (issue 29): that share ≥ 0.70.
 */
const SHARE_OF_LIMIT_TARGET = 0.7;
const DEMO_EMAIL = 'demo@medhire.example';
const DEMO_PASSWORD = 'MedHire-demo-2026';
/** Seconds of load before each measured phase (JIT, pools, caches), as `measure` does. */
const WARM_UP_SECONDS = 2;

/**
 * The search route allows 600 requests a minute per client address. Behind a trusted proxy each
 * request carries its own forwarded address, so the load is many people typing at once and the
 * limiter still does its full work per request.
 */
let addressCounter = 0;
function nextClientAddress() {
  addressCounter += 1;
  return {
    'x-forwarded-for': `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`,
  };
}

interface RouteCase {
  name: string;
  path: string;
  options?: LoadOptions;
  direct: (account: AccountIdentity) => Promise<unknown>;
}

async function getData<T>(baseURL: string, path: string, token: string): Promise<T> {
  const response = await fetch(`${baseURL}${path}`, { headers: { authorization: token } });
  const envelope = (await response.json()) as { success: boolean; data: T };
  if (!envelope.success) throw new Error(`GET ${path} answered ${response.status}`);
  return envelope.data;
}

const medhire = await startTestServer({
  requireWebBuild: false,
  demoData: true,
  // BENCH_LOG_LEVEL=info measures the routes with the request log lines a default start writes.
  env: {
    TRUST_PROXY: 'loopback',
    ...(process.env.BENCH_LOG_LEVEL ? { LOG_LEVEL: process.env.BENCH_LOG_LEVEL } : {}),
  },
});
try {
  const login = await fetch(`${medhire.baseURL}/api/employer/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  const session = ((await login.json()) as { data: TSession }).data;
  const userId = session.user._id;
  const token = session.token;
  const jobs = await getData<{ jobs: { _id: string; status: string }[] }>(
    medhire.baseURL,
    `/api/employer/job/get-all-jobs/${userId}?pageSize=20`,
    token,
  );
  const jobId = (jobs.jobs.find((job) => job.status === 'open') ?? jobs.jobs[0])?._id;
  const conversationList = await getData<{ conversations?: { _id: string }[] } | { _id: string }[]>(
    medhire.baseURL,
    `/api/employer/conversation/get-all-conversation/${userId}`,
    token,
  );
  const conversationIds = (
    Array.isArray(conversationList) ? conversationList : (conversationList.conversations ?? [])
  ).map((conversation) => conversation._id);
  const conversationId = conversationIds[0];
  if (!jobId || !conversationId) throw new Error('The demo data has no open job or no conversation.');

  // Sends spread over the organisation's conversations (one conversation's row lock would make
  // them take turns), each with a temp id of its own, so every one stores a message.
  let sent = 0;
  const nextMessage = () => {
    sent += 1;
    return {
      conversationId: conversationIds[sent % conversationIds.length] ?? conversationId,
      body: { body: `Bench message ${sent}`, tempMsgId: `routes-bench-${sent}` },
    };
  };
  const ownerOf = (account: AccountIdentity): JobOwner => ({
    userId: account.userId,
    organizationId: account.organizationId,
    memberRole: account.memberRole,
  });

  const routes: RouteCase[] = [
    {
      name: 'job list',
      path: `/api/employer/job/get-all-jobs/${userId}?pageSize=20`,
      direct: (account) =>
        listJobs({
          db: direct.db,
          owner: ownerOf(account),
          query: { pageSize: 20, pageNumber: 1, queryText: '' },
        }),
    },
    {
      name: 'applicants',
      path: `/api/employer/applicant/get-all-applicants/${userId}?pageSize=20`,
      direct: (account) =>
        listApplicants({
          db: direct.db,
          owner: ownerOf(account),
          query: ZGetAllApplicantsQuery.parse({ pageSize: '20' }),
        }),
    },
    {
      name: 'recommended',
      path: `/api/employer/applicant/get-recommended-applicants/${jobId}?pageSize=20`,
      direct: (account) =>
        listRecommendedApplicants({
          db: direct.db,
          owner: ownerOf(account),
          jobId,
          query: ZRecommendedQuery.parse({ pageSize: '20' }),
        }),
    },
    {
      name: 'conversation list',
      path: `/api/employer/conversation/get-all-conversation/${userId}`,
      direct: (account) =>
        listEmployerConversations({
          db: direct.db,
          owner: ownerOf(account),
          query: ZGetAllConversationsQuery.parse({}),
        }),
    },
    {
      name: 'single conversation',
      path: `/api/employer/conversation/get-single-conversation/${conversationId}`,
      direct: (account) =>
        getEmployerConversation({
          db: direct.db,
          owner: ownerOf(account),
          conversationId,
          query: ZGetSingleConversationQuery.parse({}),
        }),
    },
    {
      name: 'send message',
      path: `/api/employer/conversation/send-message/${conversationId}`,
      options: {
        postPerRequest: () => {
          const message = nextMessage();
          return {
            path: `/api/employer/conversation/send-message/${message.conversationId}`,
            body: message.body,
          };
        },
      },
      direct: (account) => {
        const message = nextMessage();
        return sendEmployerMessage({
          db: direct.db,
          owner: ownerOf(account),
          conversationId: message.conversationId,
          body: message.body.body,
          tempMsgId: message.body.tempMsgId,
        });
      },
    },
    {
      name: 'notifications',
      path: `/api/employer/notification/get-all-notification/${userId}`,
      direct: (account) =>
        listNotifications({
          db: direct.db,
          userId: account.userId,
          query: ZGetAllNotificationsQuery.parse({}),
        }),
    },
    {
      name: 'session sync',
      path: `/api/employer/auth/sync-user-detail/${userId}`,
      direct: (account) => syncUserDetailWithOrganization({ db: direct.db, userId: account.userId }),
    },
    {
      name: 'enums search',
      path: '/api/enums/search-specialty?queryText=cardio',
      options: { headersPerRequest: nextClientAddress },
      // Public and in memory: no session, no database.
      direct: async () => searchSpecialties('cardio'),
    },
    {
      name: 'dashboard',
      path: `/api/employer/dashboard/get-summary/${userId}`,
      direct: (account) => getDashboardSummary({ db: direct.db, owner: ownerOf(account) }),
    },
  ];

  // `BENCH_ROUTES=session sync,dashboard` runs only the routes it names (comparing two builds on one route).
  const only = process.env.BENCH_ROUTES?.split(',').map((name) => name.trim());
  const chosen = only ? routes.filter((route) => only.includes(route.name)) : routes;

  const direct = createPostgresDatabase(embeddedDatabaseUrl(medhire.dataDir), { max: CONNECTIONS });
  const sessionCache: SessionCache = createSessionCache();
  sessionCache.setListening(true);
  const figures: Figure[] = [];
  const benchmark = 'routes';
  const seconds = benchDurationSeconds();
  try {
    for (const route of chosen) {
      const url = `${medhire.baseURL}${route.path}`;
      const loadOptions: LoadOptions = { headers: { authorization: token }, ...route.options };
      await load(url, WARM_UP_SECONDS, loadOptions);
      const before: CpuSnapshot | undefined = await cpuSnapshot();
      const http: Load = await load(url, seconds, loadOptions);
      const after = await cpuSnapshot();
      const isPublic = route.name === 'enums search';
      const limit = await measureDirect(async () => {
        const account = isPublic
          ? (undefined as unknown as AccountIdentity)
          : await authenticateSession(direct.db, token, sessionCache);
        return route.direct(account);
      }, CONNECTIONS);
      const requests = http.requestsPerSecond * seconds;
      const cpu =
        before && after
          ? cpuUsedBetween(before, after, [
              { name: 'server', includes: (pid) => pid === medhire.pid },
              { name: 'PostgreSQL', includes: (_pid, command) => command.startsWith('postgres') },
              { name: 'load generator', includes: (pid) => pid === process.pid },
            ])
          : [];
      const label = route.name;
      figures.push(
        { benchmark, name: `${label} requests/s`, value: Math.round(http.requestsPerSecond), unit: 'req/s' },
        { benchmark, name: `${label} p50`, value: http.p50, unit: 'ms' },
        { benchmark, name: `${label} p99`, value: http.p99, unit: 'ms' },
        { benchmark, name: `${label} failed responses`, value: http.failed, unit: 'count' },
        ...cpu.map(
          (use): Figure => ({
            benchmark,
            name: `${label} CPU per request, ${use.name}`,
            value: Math.round((use.ms / Math.max(1, requests)) * 1000) / 1000,
            unit: 'ms',
          }),
        ),
        {
          benchmark,
          name: `${label} limit without HTTP ops/s`,
          value: Math.round(limit.requestsPerSecond),
          unit: 'ops/s',
        },
        {
          benchmark,
          name: `${label} rps / limit ops/s`,
          value: Math.round((http.requestsPerSecond / limit.requestsPerSecond) * 100) / 100,
          unit: 'ratio',
          target: { comparison: '>=', value: SHARE_OF_LIMIT_TARGET },
        },
      );
    }
  } finally {
    sessionCache.dispose();
    await direct.close();
  }
  await reportFigures(figures);
} finally {
  await medhire.stop();
}
