import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import { askForFreshSecondStep, SECOND_STEP_REQUIRED } from '@medhire/ui/fresh-second-step.ts';
import { sessionStore } from './storage.ts';
import { stripEmpty } from './strip-empty.ts';
import { reportEnrolmentRequired, TWO_STEP_ENROLMENT_REQUIRED } from './two-step-enrolment.ts';

/** Spec §7: one backend, every call gives up after 100 s. */
export const REQUEST_TIMEOUT_MS = 100_000;

export const API_BASE_URL: string = import.meta.env.VITE_API_BASE_URL ?? '/api';

/**
 * A refused or failed call. `message` is always fit to show the person: the server's own
 * `error.message`, or NETWORK_ERROR_MESSAGE when no envelope came back at all.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** HTTP status, absent when nothing came back (network down, timeout). */
  readonly status: number | undefined;
  /** The server's error code (errors.ts), absent without an envelope. */
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(message: string, options: { status?: number; code?: string; details?: unknown } = {}) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }

  get isNetworkError(): boolean {
    return this.code === undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON (emptied fields dropped); FormData is sent untouched. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** The session token to send instead of the stored one (sign-out runs after it is cleared). */
  token?: string;
  /** Extra request headers, e.g. an `Idempotency-Key` that makes a retried payment safe. */
  headers?: Record<string, string>;
  /** A refusal for want of a fresh second step is answered as it is, without asking for a code. */
  isSecondStepPromptOff?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function buildUrl(path: string, query: RequestOptions['query']): string {
  const base = API_BASE_URL.replace(/\/+$/, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) {
      for (const item of value) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

export function readEnvelope(text: string): { success: unknown; data?: unknown; error?: unknown } | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && 'success' in parsed) {
      return parsed as { success: unknown; data?: unknown; error?: unknown };
    }
    return null;
  } catch {
    // An HTML error page from a proxy or a truncated body is "no envelope".
    return null;
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  const token = options.token ?? sessionStore.read()?.token;
  // The API takes the bare token (a `Bearer ` prefix is accepted too, ARCHITECTURE.md).
  if (token) headers.set('Authorization', token);

  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(stripEmpty(options.body));
  }

  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('Timed out', 'TimeoutError')),
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  const onCallerAbort = () => timeout.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });

  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: timeout.signal });
    text = await response.text();
  } catch (error) {
    // The caller gave up on purpose: let it see its own abort, not an error to show.
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new HttpError(NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const envelope = readEnvelope(text);
  if (envelope === null) throw new HttpError(NETWORK_ERROR_MESSAGE, { status: response.status });
  if (envelope.success === true) return envelope.data as T;

  // A 401 is deliberately not special-cased (spec §8): the screen shows the server's message
  // and the session stays until the person signs out or a sync fails.
  const error = (typeof envelope.error === 'object' && envelope.error !== null ? envelope.error : {}) as {
    message?: unknown;
    code?: unknown;
    details?: unknown;
  };
  const code = typeof error.code === 'string' ? error.code : 'UNKNOWN';
  // A sensitive change wants a recent second step: ask for a code, then send the call once more.
  if (
    code === SECOND_STEP_REQUIRED &&
    !options.isSecondStepPromptOff &&
    (await askForFreshSecondStep(error.details))
  ) {
    return request<T>(method, path, { ...options, isSecondStepPromptOff: true });
  }
  // The organisation requires two-step sign-in: the app takes the person to set it up.
  if (code === TWO_STEP_ENROLMENT_REQUIRED) reportEnrolmentRequired();
  throw new HttpError(
    typeof error.message === 'string' && error.message ? error.message : NETWORK_ERROR_MESSAGE,
    { status: response.status, code, details: error.details },
  );
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('DELETE', path, { ...options, body }),
};

/**
 * The text a call rejected with: the server's message, or the spec's NETWORK_ERROR_MESSAGE
 * ("Network Error.!") when no answer came back. Error toasts show it as it is (spec §8).
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return NETWORK_ERROR_MESSAGE;
}

export const OFFLINE_MESSAGE = "You're offline. Check your connection and try again.";
export const UNREACHABLE_MESSAGE = "We couldn't reach MedHire. Check your connection and try again.";

/** Whether the browser says it has no network (an unknown answer counts as online). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The failure in words a person can act on, for messages on the page (an alert, a form's error,
 * a list that could not load): a call that got no answer says the person is offline or that
 * MedHire could not be reached, instead of the spec's terse "Network Error.!", which stays the
 * rejection's text and the error toasts' (errorMessage). Takes the error or its message.
 */
export function describeError(error: unknown): string {
  const message = typeof error === 'string' ? error : errorMessage(error);
  if (message !== NETWORK_ERROR_MESSAGE) return message;
  return isOffline() ? OFFLINE_MESSAGE : UNREACHABLE_MESSAGE;
}
