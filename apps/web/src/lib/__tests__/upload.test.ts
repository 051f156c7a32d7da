import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FakeXhr } from '../../test/fake-xhr.ts';
import { makeSession } from '../../test/fixtures.ts';
import { HttpError } from '../http.ts';
import { sessionStore } from '../storage.ts';
import { isAbortError, upload } from '../upload.ts';

beforeEach(() => {
  FakeXhr.install();
});

function current(): FakeXhr {
  const xhr = FakeXhr.requests.at(-1);
  if (!xhr) throw new Error('No request was opened.');
  return xhr;
}

afterEach(() => {
  sessionStore.clear();
});

describe('upload', () => {
  it('posts the form under /api with the session token and reports progress', async () => {
    sessionStore.write(makeSession({ token: 'session-token-9' }));
    const form = new FormData();
    form.append('image', new Blob(['logo']), 'logo.png');
    const progress: number[] = [];
    const result = upload<{ url: string }>('/uploader/upload-single-image', form, {
      onProgress: ({ fraction }) => progress.push(fraction),
    });

    const xhr = current();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploader/upload-single-image');
    expect(xhr.headers.get('Authorization')).toBe('session-token-9');
    expect(xhr.sent).toBe(form);

    xhr.progress(25, 100);
    xhr.progress(100, 100);
    xhr.answer(200, { success: true, data: { url: '/uploads/images/logo.webp' } });

    await expect(result).resolves.toEqual({ url: '/uploads/images/logo.webp' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('reports 0 while the total is unknown', () => {
    const progress: number[] = [];
    void upload('/uploader/upload-single-image', new FormData(), {
      onProgress: ({ fraction }) => progress.push(fraction),
    }).catch(() => undefined);
    current().progress(500, 0, false);
    expect(progress).toEqual([0]);
  });

  it("rejects with the server's own message and code", async () => {
    const result = upload('/uploader/upload-single-image', new FormData());
    current().answer(413, {
      success: false,
      error: { message: 'Images must be at most 10 MB.', code: 'TOO_LARGE' },
    });
    const error = await result.catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Images must be at most 10 MB.', status: 413, code: 'TOO_LARGE' });
  });

  it("rejects with 'Network Error.!' when no envelope comes back", async () => {
    const proxyPage = upload('/uploader/upload-single-image', new FormData());
    current().answer(502, '<html>Bad gateway</html>');
    await expect(proxyPage).rejects.toMatchObject({ message: 'Network Error.!', status: 502 });

    const dropped = upload('/uploader/upload-single-image', new FormData());
    current().emit('error');
    await expect(dropped).rejects.toMatchObject({ message: 'Network Error.!' });
  });

  it('stops when the caller aborts, with an abort the caller can tell apart', async () => {
    const controller = new AbortController();
    const result = upload('/uploader/upload-multiple-imgs-videos', new FormData(), {
      signal: controller.signal,
    });
    const xhr = current();
    controller.abort();
    const error = await result.catch((reason: unknown) => reason);
    expect(xhr.isAborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });
});
