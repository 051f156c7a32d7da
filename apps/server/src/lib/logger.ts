import type { FastifyRequest } from 'fastify';
import type { DestinationStream, LoggerOptions } from 'pino';
import type { LogLevel } from '../config.ts';

/** Field names whose values are secrets wherever they appear in a logged object. */
const SECRET_FIELDS = [
  'password',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'confirmPassword',
  'otp',
  'value',
  'token',
  'resetToken',
  'accessToken',
  'refreshToken',
  'idToken',
  'fcmToken',
  'secret',
  'clientSecret',
  'authorization',
  'cookie',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * Query parameters that carry secrets in links (password reset, OpenID Connect callbacks);
 * their values are replaced in logged URLs. Matched case-insensitively.
 */
const SECRET_QUERY_PARAMETERS = new Set(
  [...SECRET_FIELDS, 'code', 'state', 'sessionToken'].map((name) => name.toLowerCase()),
);

export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart === -1) return url;
  const query = new URLSearchParams(url.slice(queryStart + 1));
  let isRedacted = false;
  for (const name of new Set(query.keys())) {
    if (SECRET_QUERY_PARAMETERS.has(name.toLowerCase())) {
      query.set(name, '[redacted]');
      isRedacted = true;
    }
  }
  return isRedacted ? `${url.slice(0, queryStart)}?${query.toString()}` : url;
}

/**
 * Pino options for the app. Request bodies are never logged: the request serializer keeps
 * method, URL (secret query values redacted), host and addresses only; the redaction list
 * guards anything a handler logs on purpose.
 */
export function loggerOptions(
  level: LogLevel,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
