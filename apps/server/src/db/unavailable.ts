/**
 * Failures that mean "the database cannot be reached right now", not "this request is wrong":
 * the server answers them 503 with a message a person can act on (try again), and the health
 * check reports the database unreachable.
 */

/** What a person reads when a request failed because the database could not be reached. */
export const DATABASE_UNAVAILABLE_MESSAGE =
  'MedHire cannot reach its database right now. Please try again in a moment.';

/** Socket errors while connecting or talking to the server. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** postgres.js's own codes for a connection that failed, closed or timed out. */
const CLIENT_CODES = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
]);

/**
 * SQLSTATEs of a server that is going away or not there yet: 57P01 admin_shutdown (stopped),
 * 57P02 crash_shutdown (another backend crashed), 57P03 cannot_connect_now (starting up or
 * recovering), 53300 too_many_connections; class 08 is "connection exception".
 */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);

/** True when `error` (or an error it wraps, as Drizzle's DrizzleQueryError does) is one of those. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current !== 'object') return false;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code) || CLIENT_CODES.has(code)) return true;
      if (SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a request meets while the server restarts its embedded cluster: PostgreSQL's own
 * "cannot connect now" (57P03), raised before the request waits on connection attempts to a
 * cluster that is still starting, so it answers 503 at once.
 */
export class DatabaseRestartingError extends Error {
  readonly code = '57P03';
  constructor() {
    super('The embedded database is restarting.');
    this.name = 'DatabaseRestartingError';
  }
}
