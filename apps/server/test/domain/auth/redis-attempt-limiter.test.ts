import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRedisAttemptLimiter } from '../../../src/domain/auth/attempt-limiter.ts';
import { isRedisReachable } from '../../routes/employer/auth-kit.ts';

// The shared limiter needs a Redis server; the machine's local one is used when it answers.
const REDIS_URL = 'redis://127.0.0.1:6379';
const redis = (await isRedisReachable(REDIS_URL)) ? new Redis(REDIS_URL) : undefined;

afterAll(async () => {
  await redis?.quit();
});

describe.runIf(redis)('Redis attempt limiter', () => {
  const rule = { max: 2, windowMs: 2_000 };

  it('shares counts between limiters on the same Redis and sets the window on the first hit', async () => {
    if (!redis) return;
    const prefix = `medhire-test:${randomUUID()}:`;
    const first = createRedisAttemptLimiter(redis, prefix);
    const second = createRedisAttemptLimiter(redis, prefix);

    expect((await first.hit('login:pat', rule)).isAllowed).toBe(true);
    expect((await second.hit('login:pat', rule)).isAllowed).toBe(true);
    const refused = await first.hit('login:pat', rule);
    expect(refused.isAllowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(2_000);
    expect((await second.peek('login:pat', rule)).isAllowed).toBe(false);
    expect((await second.peek('login:other', rule)).isAllowed).toBe(true);

    await second.reset('login:pat');
    expect((await first.peek('login:pat', rule)).isAllowed).toBe(true);
    expect(await redis.pttl(`${prefix}login:pat`)).toBe(-2);
  });
});
