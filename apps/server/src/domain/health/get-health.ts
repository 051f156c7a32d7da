import type { THealth } from '@medhire/contract/health';
import type { Redis } from 'ioredis';
import type { Database } from '../../db/index.ts';
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
    },
    ...(redis ? { redis: { reachable: redisLatency !== undefined, latencyMs: redisLatency } } : {}),
  };
  if (!databaseReachable || (redis && redisLatency === undefined)) {
    throw new AppError('UNAVAILABLE', 'The service is temporarily unavailable. Please try again shortly.', {
      ...health,
      status: 'unavailable',
    });
  }
  return health;
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
