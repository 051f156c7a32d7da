import type { Redis } from 'ioredis';
import { AppError } from '../../lib/app-error.ts';

export interface LimitRule {
  /** Attempts allowed within one window. */
  max: number;
  windowMs: number;
}

export interface LimitResult {
  isAllowed: boolean;
  retryAfterMs: number;
}

/**
 * Counts attempts per key in fixed windows. In-process by default; shared through Redis when
 * several server instances must agree on the count.
 */
export interface AttemptLimiter {
  hit(key: string, rule: LimitRule): Promise<LimitResult>;
  /** Counts without adding an attempt. */
  peek(key: string, rule: LimitRule): Promise<LimitResult>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** Per-account limits. Per-IP limits sit on the routes themselves. */
export const ACCOUNT_LIMITS = {
  login: { max: 10, windowMs: 15 * 60_000 },
  register: { max: 5, windowMs: 60 * 60_000 },
  verifyOtp: { max: 12, windowMs: 15 * 60_000 },
  recoverySend: { max: 5, windowMs: 60 * 60_000 },
  setPassword: { max: 10, windowMs: 15 * 60_000 },
  changePassword: { max: 10, windowMs: 15 * 60_000 },
  /** Authenticator and recovery codes of one account: sign-in's second step, enrolment, turning off. */
  secondFactor: { max: 5, windowMs: 15 * 60_000 },
} satisfies Record<string, LimitRule>;

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
}

export function tooManyAttempts(retryAfterMs: number): AppError {
  return new AppError('RATE_LIMITED', tooManyAttemptsMessage(retryAfterMs), {
    retryAfterSeconds: Math.ceil(retryAfterMs / 1000),
  });
}

/** Counts one attempt and throws the 429 answer once the rule is exceeded. */
export async function spendAttempt(limiter: AttemptLimiter, key: string, rule: LimitRule): Promise<void> {
  const result = await limiter.hit(key, rule);
  if (!result.isAllowed) throw tooManyAttempts(result.retryAfterMs);
}

export function createMemoryAttemptLimiter(now: () => number = Date.now): AttemptLimiter {
  const windows = new Map<string, { count: number; resetAt: number }>();

  function current(key: string, at: number) {
    const window = windows.get(key);
    if (window && window.resetAt > at) return window;
    windows.delete(key);
    return undefined;
  }

  function sweep(at: number) {
    for (const [key, window] of windows) if (window.resetAt <= at) windows.delete(key);
  }

  return {
    async hit(key, rule) {
      const at = now();
      if (windows.size > 50_000) sweep(at);
      const window = current(key, at) ?? { count: 0, resetAt: at + rule.windowMs };
      window.count += 1;
      windows.set(key, window);
      return { isAllowed: window.count <= rule.max, retryAfterMs: window.resetAt - at };
    },
    async peek(key, rule) {
      const at = now();
      const window = current(key, at);
      if (!window) return { isAllowed: true, retryAfterMs: 0 };
      return { isAllowed: window.count < rule.max, retryAfterMs: window.resetAt - at };
    },
    async reset(key) {
      windows.delete(key);
    },
    async close() {
      windows.clear();
    },
  };
}

// INCR and PEXPIRE in one round trip, atomically: the window starts with its first attempt.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) ttl = tonumber(ARGV[1]) end
return { count, ttl }
`;

/** Shares the counts between server instances; the connection belongs to the caller. */
export function createRedisAttemptLimiter(redis: Redis, prefix = 'medhire:attempts:'): AttemptLimiter {
  return {
    async hit(key, rule) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefix + key, rule.windowMs)) as [number, number];
      return { isAllowed: count <= rule.max, retryAfterMs: ttl };
    },
    async peek(key, rule) {
      const [count, ttl] = await Promise.all([redis.get(prefix + key), redis.pttl(prefix + key)]);
      const attempts = Number(count ?? 0);
      return { isAllowed: attempts < rule.max, retryAfterMs: Math.max(ttl, 0) };
    },
    async reset(key) {
      await redis.del(prefix + key);
    },
    async close() {},
  };
}
