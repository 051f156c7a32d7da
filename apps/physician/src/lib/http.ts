import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import { askForFreshSecondStep, SECOND_STEP_REQUIRED } from '@medhire/ui/fresh-second-step.ts';
import { sessionStorageStore } from './session-storage.ts';

/** Every call gives up after 100 s, as in the employer app. */
export const REQUEST_TIMEOUT_MS = 100_000;
export const API_BASE_URL = '/api';

/** A refused call: the server's envelope message, or the network message when nothing usable came back. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number | undefined;
  readonly code: string | undefined;
  /** Why a refusal with a broad code happened (`error.details.reason`), e.g. EMAIL_NOT_VERIFIED. */
  readonly reason: string | undefined;

  constructor(message: string, options: { status?: number; code?: string; reason?: string } = {}) {
    super(message);
    this.status = options.status;
    this.code = options.code;
    this.reason = options.reason;
  }

  /** Nothing came back from the server: the call may be tried again as it is. */
  get isNetworkError(): boolean {
    return this.code === undefined;
  }
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions {
  query?: Record<string, QueryValue>;
  /** A plain value goes as JSON; FormData as it is (uploads). */
  body?: unknown;
  signal?: AbortSignal;
  token?: string;
  /** A refusal for want of a fresh second step is answered as it is, without asking for a code. */
  isSecondStepPromptOff?: boolean;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE_URL}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

interface Envelope {
  success?: unknown;
  data?: unknown;
  error?: { message?: unknown; code?: unknown; details?: unknown };
}

function readEnvelope(text: string): Envelope | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'success' in parsed ? (parsed as Envelope) : null;
  } catch {
    return null;
  }
}

export async function request<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = options.token ?? sessionStorageStore.read()?.token;
  if (token) headers.set('Authorization', token);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => timeout.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let response: Response;
  let text: string;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: timeout.signal });
    text = await response.text();
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new HttpError(NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
  }

  const envelope = readEnvelope(text);
  if (envelope === null) throw new HttpError(NETWORK_ERROR_MESSAGE, { status: response.status });
  if (envelope.success === true) return envelope.data as T;
  const message =
    typeof envelope.error?.message === 'string' ? envelope.error.message : NETWORK_ERROR_MESSAGE;
  const code = typeof envelope.error?.code === 'string' ? envelope.error.code : 'UNKNOWN';
  const details = envelope.error?.details;
  const reason =
    typeof details === 'object' &&
    details !== null &&
    'reason' in details &&
    typeof details.reason === 'string'
      ? details.reason
      : undefined;
  // A sensitive change wants a recent second step: ask for a code, then send the call once more.
  if (
    code === SECOND_STEP_REQUIRED &&
    !options.isSecondStepPromptOff &&
    (await askForFreshSecondStep(details))
  ) {
    return request<T>(method, path, { ...options, isSecondStepPromptOff: true });
  }
  throw new HttpError(message, { status: response.status, code, reason });
}

/** The message to show for any failure. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (
    typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
  ) {
    return error.message;
  }
  return NETWORK_ERROR_MESSAGE;
}
