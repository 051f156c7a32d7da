import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { TSession } from '@medhire/contract/account';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { load } from './lib/load.ts';

/**
 * `npx tsx profile.ts [seconds]`: starts the real server under `node --cpu-prof` with demo data,
 * loads the request paths the issue names (job list, applicant lists, recommended list,
 * conversation list, send-message) one after another, stops the server, and prints the
 * self-time top frames of the profile (by function and by package), so a change to the request
 * path is measured, not guessed. `npx tsx profile.ts [seconds] live` loads the liveness check
 * alone (what the framework and every hook cost a request); `npx tsx profile.ts [seconds] <part>`
 * only the paths containing <part> (e.g. `get-all-jobs`, or `send-message`).
 */
const seconds = Number(process.argv[2] ?? 5);
const only = process.argv[3];
const isLiveOnly = only === 'live';
const profileDir = process.env.BENCH_PROFILE_DIR ?? '/tmp/medhire-profile';
await rm(profileDir, { recursive: true, force: true });

const medhire = await startTestServer({
  requireWebBuild: false,
  demoData: true,
  nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
  env: { TRUST_PROXY: 'loopback' },
});
const post = async <T>(path: string, body: unknown, token?: string): Promise<T> => {
  const response = await fetch(`${medhire.baseURL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return ((await response.json()) as { data: T }).data;
};
const get = async <T>(path: string, token: string): Promise<T> =>
  (
    (await (await fetch(`${medhire.baseURL}${path}`, { headers: { authorization: token } })).json()) as {
      data: T;
    }
  ).data;
try {
  const session = await post<TSession>('/api/employer/auth/login', {
    email: 'demo@medhire.example',
    password: 'MedHire-demo-2026',
  });
  const userId = session.user._id;
  const headers = { authorization: session.token };
  const jobs = await get<{ jobs: { _id: string }[] }>(
    `/api/employer/job/get-all-jobs/${userId}?pageSize=20`,
    session.token,
  );
  const jobId = jobs.jobs[0]?._id;
  const conversations = await get<{ _id: string }[]>(
    `/api/employer/conversation/get-all-conversation/${userId}`,
    session.token,
  );
  const paths = isLiveOnly
    ? ['/api/health/live']
    : [
        `/api/employer/job/get-all-jobs/${userId}?pageSize=20`,
        `/api/employer/applicant/get-all-applicants/${userId}?pageSize=20`,
        `/api/employer/applicant/get-recommended-applicants/${jobId}?pageSize=20`,
        `/api/employer/conversation/get-all-conversation/${userId}`,
      ];
  // The public specialty search: each request from its own forwarded address, as many people
  // typing at once, so the rate limit does its whole work without refusing.
  if (only && '/api/enums/search-specialty?queryText=cardio'.includes(only)) {
    let address = 0;
    const result = await load(`${medhire.baseURL}/api/enums/search-specialty?queryText=cardio`, seconds, {
      headersPerRequest: () => {
        address += 1;
        return { 'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}` };
      },
    });
    console.log(
      `search-specialty: ${Math.round(result.requestsPerSecond)} req/s p50 ${result.p50} ms p99 ${result.p99} ms, ${result.failed} failed`,
    );
  }
  for (const path of paths.filter((candidate) => !only || isLiveOnly || candidate.includes(only))) {
    const result = await load(`${medhire.baseURL}${path}`, seconds, { headers });
    console.log(
      `${path}: ${Math.round(result.requestsPerSecond)} req/s p50 ${result.p50} ms p99 ${result.p99} ms, ${result.failed} failed`,
    );
  }
  const conversationId = conversations[0]?._id;
  if (conversationId && (!only || 'send-message'.includes(only))) {
    let counter = 0;
    const startedAt = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (performance.now() - startedAt < seconds * 1000) {
          counter += 1;
          await post(
            `/api/employer/conversation/send-message/${conversationId}`,
            { body: `Load ${counter}`, tempMsgId: `profile-${counter}` },
            session.token,
          );
        }
      }),
    );
    console.log(`send-message: ${Math.round(counter / seconds)} messages/s (10 senders)`);
  }
} finally {
  await medhire.stop();
}

// Self time per function and per package, from the .cpuprofile the server wrote at exit.
interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
// Each thread writes one (the module loader's too): the main thread's is the largest.
const files = (await readdir(profileDir)).filter((file) => file.endsWith('.cpuprofile'));
const sizes = await Promise.all(
  files.map(async (file) => ({ file, size: (await stat(join(profileDir, file))).size })),
);
const newest = sizes.sort((a, b) => b.size - a.size)[0]?.file;
if (!newest) throw new Error(`no profile in ${profileDir}`);
const profile = JSON.parse(await readFile(join(profileDir, newest), 'utf8')) as {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
};
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfByFunction = new Map<string, number>();
const selfByPackage = new Map<string, number>();
let total = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  const frame = byId.get(id)?.callFrame;
  if (!frame) return;
  total += delta;
  const where = frame.url.replace(/^file:\/\//, '');
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.includes('/apps/server/')
      ? 'medhire server'
      : where.startsWith('node:')
        ? 'node core'
        : frame.functionName || '(native)');
  const name = `${frame.functionName || '(anonymous)'} ${where.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}`;
  selfByFunction.set(name, (selfByFunction.get(name) ?? 0) + delta);
  selfByPackage.set(pkg, (selfByPackage.get(pkg) ?? 0) + delta);
});
const top = (map: Map<string, number>, count: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, micros]) => `${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`)
    .join('\n');
console.log(`\nprofile ${join(profileDir, newest)}: ${(total / 1e6).toFixed(1)} s sampled`);
console.log(`\nself time by package\n${top(selfByPackage, 15)}`);
console.log(`\nself time by function\n${top(selfByFunction, 25)}`);
