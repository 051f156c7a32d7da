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

/** Also secrets under these names: the API key and cookie headers of a logged headers object. */
const SECRET_KEYS = new Set<string>([...SECRET_FIELDS, 'x-api-key', 'set-cookie']);
const REDACTED = '[redacted]';
/** Secret fields are looked for at the top of a logged object and two levels below it. */
const REDACT_DEPTH = 3;

/** Plain objects, arrays and errors are looked into; a request, a reply or a Date is not. */
function isLookedInto(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value) || value instanceof Error) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/** A shallow copy; an error's keeps its class, message and stack for pino's error serializer. */
function shallowCopy(value: object): Record<string, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<string, unknown>;
  if (!(value instanceof Error)) return { ...value };
  const copy = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
  for (const name of Object.getOwnPropertyNames(value)) {
    if (name === 'stack') continue;
    Object.defineProperty(copy, name, Object.getOwnPropertyDescriptor(value, name) as PropertyDescriptor);
  }
  // Read, not copied: Node.js 24 keeps an error's stack behind an accessor of its own that
  // answers only for the error it was made on.
  Object.defineProperty(copy, 'stack', { value: value.stack, writable: true, configurable: true });
  return copy;
}

/**
 * `value` with the value of every secret field (SECRET_KEYS) replaced by "[redacted]", at its
 * top and two levels below (what pino's `password`, `*.password` and `*.*.password` paths
 * covered). What it is given is never changed: the objects on the way to a secret are copied,
 * and an object holding none is answered as it is. One walk over the logged object: pino's
 * own redaction ran each of its sixty paths over every line, three quarters of what writing a
 * request's log line cost.
 */
export function redactSecrets<T>(value: T, depth = 0): T {
  if (!isLookedInto(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const current = (value as Record<string, unknown>)[key];
    let next = current;
    if (SECRET_KEYS.has(key)) next = current === undefined ? current : REDACTED;
    else if (depth + 1 < REDACT_DEPTH) next = redactSecrets(current, depth + 1);
    if (next !== current) {
      copy ??= shallowCopy(value);
      copy[key] = next;
    }
  }
  return (copy ?? value) as T;
}

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
 * method, URL (secret query values redacted), host and addresses only; redactSecrets guards
 * anything a handler logs on purpose.
 */
export function loggerOptions(
  level: LogLevel,
  stream?: DestinationStream,
): LoggerOptions & { stream?: DestinationStream } {
  return {
    level,
    // Every line's object, before the serializers below (whose own output holds no secret: the
    // request's URL is redacted by redactUrl, headers are left out). A child's bindings are
    // redacted where the child is made (LazyRequestLogger).
    formatters: { log: redactSecrets },
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
 * request that logs nothing: pino serialises the bindings at once, which was a tenth of the
 * server's time on a cheap route at LOG_LEVEL=warn. What is logged, and how it is redacted,
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
    this.#child ??= this.#parent.child(redactSecrets(this.#bindings), this.#options) as Logger;
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
    return this.#logger().child(redactSecrets(bindings), options);
  }
}
