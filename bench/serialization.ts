import { ZApplicantList } from '@medhire/contract/applicants';
import { ZConversationListData } from '@medhire/contract/conversations';
import { ZEnums } from '@medhire/contract/enums';
import { ok } from '@medhire/contract/envelope';
import { ZJobList } from '@medhire/contract/jobs';
import { ZNotificationListData } from '@medhire/contract/notifications';
import { ZPhysicianJobList } from '@medhire/contract/physicians';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { responseSerializerCompiler } from '../apps/server/src/lib/response-serializer.ts';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import type { Figure } from './lib/figures.ts';
import { reportFigures } from './lib/figures.ts';

/**
 * What writing an answer costs: the CPU of serializing real answers of the hot list routes (the
 * demo data's, fetched from a running server) with the compiled serializer every route now uses,
 * against the zod serializer it replaced (encode, then JSON.stringify), in the same process, the
 * two alternating in rounds so a busy machine slows both alike.
 */

const ROUNDS = 10;
const MIN_ROUND_MS = 150;
const DEMO_EMPLOYER = { email: 'demo@medhire.example', password: 'MedHire-demo-2026' };
const DEMO_PHYSICIAN_PASSWORD = 'MedHire-physician-2026';

interface Envelope<T> {
  success: boolean;
  data: T;
  error?: { message: string };
}

async function call<T>(baseURL: string, path: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: token } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${path}: ${envelope.error?.message ?? response.status}`);
  return envelope;
}

/** Microseconds per call of `write(data)`, the best round's. */
function timePerCall(write: (data: unknown) => string, data: unknown): number {
  let calls = 0;
  const started = process.hrtime.bigint();
  let elapsed = 0;
  while (elapsed < MIN_ROUND_MS) {
    for (let index = 0; index < 20; index += 1) write(data);
    calls += 20;
    elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  }
  return (elapsed * 1000) / calls;
}

async function main(): Promise<void> {
  const server = await startTestServer({ demoData: true, requireWebBuild: false });
  const answers: { name: string; schema: z.ZodType; envelope: unknown }[] = [];
  try {
    const employer = await call<{ token: string; user: { _id: string } }>(
      server.baseURL,
      '/employer/auth/login',
      undefined,
      DEMO_EMPLOYER,
    );
    const { token, user } = employer.data;
    const read = async (name: string, schema: z.ZodType, path: string, as = token) => {
      answers.push({ name, schema: ok(schema), envelope: await call(server.baseURL, path, as) });
    };
    await read('employer job list', ZJobList, `/employer/job/get-all-jobs/${user._id}?pageSize=50`);
    await read(
      'applicants',
      ZApplicantList,
      `/employer/applicant/get-all-applicants/${user._id}?pageSize=50`,
    );
    await read(
      'conversation list',
      ZConversationListData,
      `/employer/conversation/get-all-conversation/${user._id}`,
    );
    await read(
      'notifications',
      ZNotificationListData,
      `/employer/notification/get-all-notification/${user._id}`,
    );
    await read('reference data', ZEnums, '/enums/get-all-enums');
    const demoPhysician = /Demo physician login[^:]*: (\S+) \//.exec(server.output())?.[1];
    if (demoPhysician) {
      const physician = await call<{ token: string }>(server.baseURL, '/employee/auth/login', undefined, {
        email: demoPhysician,
        password: DEMO_PHYSICIAN_PASSWORD,
      });
      await read(
        'physician job search',
        ZPhysicianJobList,
        '/employee/job/get-all-jobs?pageSize=20',
        physician.data.token,
      );
    }
  } finally {
    await server.stop();
  }

  const zodCompiler = createSerializerCompiler();
  const figures: Figure[] = [];
  for (const { name, schema, envelope } of answers) {
    const routeSchema = { schema, method: 'GET', url: name, httpStatus: '200' };
    const viaZod = zodCompiler(routeSchema as Parameters<typeof zodCompiler>[0]);
    const compiled = responseSerializerCompiler(routeSchema);
    if (viaZod(envelope) !== compiled(envelope)) throw new Error(`${name}: the two serializers disagree.`);
    let bestZod = Number.POSITIVE_INFINITY;
    let bestCompiled = Number.POSITIVE_INFINITY;
    for (let round = 0; round < ROUNDS; round += 1) {
      bestZod = Math.min(bestZod, timePerCall(viaZod, envelope));
      bestCompiled = Math.min(bestCompiled, timePerCall(compiled, envelope));
    }
    const bytes = Buffer.byteLength(compiled(envelope));
    figures.push(
      {
        benchmark: 'serialization',
        name: `${name} (${(bytes / 1024).toFixed(1)} KB), zod`,
        value: bestZod,
        unit: 'µs',
      },
      { benchmark: 'serialization', name: `${name}, compiled`, value: bestCompiled, unit: 'µs' },
      {
        benchmark: 'serialization',
        name: `${name}, compiled ÷ zod`,
        value: bestCompiled / bestZod,
        unit: 'ratio',
      },
    );
  }
  await reportFigures(figures);
}

await main();
