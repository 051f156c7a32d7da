import { describe, expect, it } from 'vitest';
import {
  createMemoryAttemptLimiter,
  spendAttempt,
  tooManyAttemptsMessage,
} from '../../../src/domain/auth/attempt-limiter.ts';
import { AppError } from '../../../src/lib/app-error.ts';

const RULE = { max: 3, windowMs: 60_000 };

describe('in-process attempt limiter', () => {
  it('allows max attempts per window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = createMemoryAttemptLimiter(() => now);
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect((await limiter.hit('k', RULE)).isAllowed).toBe(true);
    }
    const refused = await limiter.hit('k', RULE);
    expect(refused.isAllowed).toBe(false);
    expect(refused.retryAfterMs).toBe(60_000);
    expect((await limiter.peek('k', RULE)).isAllowed).toBe(false);

    now += 30_000;
    expect((await limiter.hit('k', RULE)).retryAfterMs).toBe(30_000);
    now += 30_000;
    expect((await limiter.hit('k', RULE)).isAllowed).toBe(true);
  });

  it('keeps keys apart and forgets a key on reset', async () => {
    const limiter = createMemoryAttemptLimiter();
    for (let attempt = 0; attempt < 4; attempt += 1) await limiter.hit('a', RULE);
    expect((await limiter.peek('a', RULE)).isAllowed).toBe(false);
    expect((await limiter.peek('b', RULE)).isAllowed).toBe(true);
    await limiter.reset('a');
    expect((await limiter.peek('a', RULE)).isAllowed).toBe(true);
  });

  it('throws a 429 with a readable wait once spent', async () => {
    const limiter = createMemoryAttemptLimiter();
    for (let attempt = 0; attempt < 3; attempt += 1) await spendAttempt(limiter, 'k', RULE);
    const error = await spendAttempt(limiter, 'k', RULE).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(429);
    expect((error as AppError).message).toBe('Too many attempts. Try again in 1 minute.');
  });
});

describe('the wait message', () => {
  it('rounds up to whole minutes', () => {
    expect(tooManyAttemptsMessage(1)).toBe('Too many attempts. Try again in 1 minute.');
    expect(tooManyAttemptsMessage(60_001)).toBe('Too many attempts. Try again in 2 minutes.');
    expect(tooManyAttemptsMessage(15 * 60_000)).toBe('Too many attempts. Try again in 15 minutes.');
  });
});
