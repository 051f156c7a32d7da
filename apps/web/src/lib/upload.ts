import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import { API_BASE_URL, HttpError, REQUEST_TIMEOUT_MS } from './http.ts';
import { sessionStore } from './storage.ts';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1; stays 0 while the browser cannot tell the total. */
  fraction: number;
}

export interface UploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/**
 * Sends multipart form data the way `http` sends JSON (same base, token, envelope and error
 * text), but over XMLHttpRequest: fetch cannot report upload progress, and a progress bar is
 * what makes a 40 MB video upload bearable.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    const base = API_BASE_URL.replace(/\/+$/, '');
    xhr.open('POST', `${base}${path.startsWith('/') ? path : `/${path}`}`);
    xhr.timeout = timeoutMs;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = sessionStore.read()?.token;
    if (token) xhr.setRequestHeader('Authorization', token);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : 0;
      onProgress({
        loaded: event.loaded,
        total,
        fraction: total > 0 ? Math.min(1, event.loaded / total) : 0,
      });
    });

    xhr.addEventListener('load', () => {
      settle();
      const envelope = readEnvelope(xhr.responseText);
      if (envelope === null) {
        reject(new HttpError(NETWORK_ERROR_MESSAGE, { status: xhr.status }));
        return;
      }
      if (envelope.success === true) {
        resolve(envelope.data as T);
        return;
      }
      const error = (typeof envelope.error === 'object' && envelope.error !== null ? envelope.error : {}) as {
        message?: unknown;
        code?: unknown;
        details?: unknown;
      };
      reject(
        new HttpError(
          typeof error.message === 'string' && error.message ? error.message : NETWORK_ERROR_MESSAGE,
          {
            status: xhr.status,
            code: typeof error.code === 'string' ? error.code : 'UNKNOWN',
            details: error.details,
          },
        ),
      );
    });
    const fail = () => {
      settle();
      reject(new HttpError(NETWORK_ERROR_MESSAGE));
    };
    xhr.addEventListener('error', fail);
    xhr.addEventListener('timeout', fail);
    xhr.addEventListener('abort', () => {
      settle();
      // The caller cancelled on purpose: it sees its own reason, not an error to show.
      reject(signal?.reason ?? new DOMException('The upload was canceled.', 'AbortError'));
    });

    xhr.send(form);
  });
}

function readEnvelope(text: string): { success: unknown; data?: unknown; error?: unknown } | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && 'success' in parsed
      ? (parsed as { success: unknown; data?: unknown; error?: unknown })
      : null;
  } catch {
    return null;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
