import { ZFailure } from '@medhire/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { tooManyAttempts } from '../../../domain/auth/attempt-limiter.ts';

/**
 * Per-IP limit of one route, counted per route and address. Per-account limits live in
 * domain/auth, because they need the e-mail from a validated body.
 */
export function limitPerIp(max: number, windowMinutes = 1) {
  return {
    rateLimit: {
      max,
      timeWindow: windowMinutes * 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url ?? request.url}|${request.ip}`,
      errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
        tooManyAttempts(context.ttl),
    },
  };
}

/** OpenAPI: the call needs the session token in the Authorization header. */
export const SESSION_SECURITY = [{ sessionToken: [] }];

/** The failure answers of the auth calls, for the OpenAPI description. */
export const FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  409: ZFailure,
  422: ZFailure,
  429: ZFailure,
} as const;

export function userAgentOf(request: FastifyRequest): string | undefined {
  return request.headers['user-agent'];
}
