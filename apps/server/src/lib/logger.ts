import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Bindings, ChildLoggerOptions, DestinationStream, LoggerOptions } from 'pino';
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

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Logger = FastifyBaseLogger & {
  isLevelEnabled(level: string): boolean;
  levels: { values: Record<string, number> };
};

/**
 * A request's logger that becomes a real pino child (with the request id bound) only when it
 * first writes a line at an enabled level. Making the child is most of what logging costs a
 * request that logs nothing: pino runs the redaction paths over the bindings at once, a tenth of
 * the server's time on a cheap route at LOG_LEVEL=warn. What is logged, and how it is redacted,
 * is the same as with the child made up front.
 */
export class LazyRequestLogger implements FastifyBaseLogger {
  readonly #parent: Logger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;
  #child: Logger | undefined;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent as Logger;
    this.#bindings = bindings;
    this.#options = options;
  }

  #logger(): Logger {
    this.#child ??= this.#parent.child(this.#bindings, this.#options) as Logger;
    return this.#child;
  }

  /** Whether a line at `level` is written: by the route's own level when it sets one (health checks). */
  #isEnabled(level: Level): boolean {
    if (this.#child) return this.#child.isLevelEnabled(level);
    const ownLevel = this.#options.level;
    if (ownLevel === undefined) return this.#parent.isLevelEnabled(level);
    const values = this.#parent.levels.values;
    return ownLevel !== 'silent' && (values[level] ?? 0) >= (values[ownLevel] ?? Number.POSITIVE_INFINITY);
  }

  #write(level: Level, args: unknown[]): void {
    if (!this.#isEnabled(level)) return;
    const logger = this.#logger();
    (logger[level] as (...line: unknown[]) => void).apply(logger, args);
  }

  get level(): string {
    return this.#child?.level ?? this.#options.level ?? this.#parent.level;
  }

  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]): void {
    this.#write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.#write('error', args);
  }

  warn(...args: unknown[]): void {
    this.#write('warn', args);
  }

  info(...args: unknown[]): void {
    this.#write('info', args);
  }

  debug(...args: unknown[]): void {
    this.#write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.#write('trace', args);
  }

  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}
