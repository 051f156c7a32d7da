import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import { buildUrl, HttpError, readEnvelope } from './http.ts';
import { sessionStore } from './storage.ts';

/**
 * Downloads a file (a PDF invoice, an export) with the session token, which a plain link cannot
 * carry. A failure still answers with the JSON envelope, so its message is the server's.
 */
export async function downloadBlob(path: string, options: { signal?: AbortSignal } = {}): Promise<Blob> {
  const headers = new Headers();
  const token = sessionStore.read()?.token;
  if (token) headers.set('Authorization', token);
  let response: Response;
  try {
    response = await fetch(buildUrl(path, undefined), { headers, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason ?? error;
    throw new HttpError(NETWORK_ERROR_MESSAGE);
  }
  if (response.ok) return response.blob();
  const envelope = readEnvelope(await response.text().catch(() => ''));
  const error = (envelope?.error ?? {}) as { message?: unknown; code?: unknown };
  throw new HttpError(
    typeof error.message === 'string' && error.message ? error.message : NETWORK_ERROR_MESSAGE,
    {
      status: response.status,
      code: typeof error.code === 'string' ? error.code : undefined,
    },
  );
}

/** Hands a downloaded file to the browser to save under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the click has handed the file to the browser by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
