import { NETWORK_ERROR_MESSAGE } from '@medhire/contract/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession } from '../../test/fixtures.ts';
import { describeError, errorMessage, HttpError, http, REQUEST_TIMEOUT_MS } from '../http.ts';
import { sessionStore } from '../storage.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function stubFetch(implementation: (url: string, init: RequestInit) => Promise<Response>) {
  const fetchMock = vi.fn(implementation);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fetch that only ends when its signal aborts, like a server that never answers. */
const hangingFetch = (_url: string, init: RequestInit) =>
  new Promise<Response>((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
  });

async function rejectionOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    return error as HttpError;
  }
  throw new Error('Expected the call to reject');
}

describe('http client', () => {
  it("resolves the envelope's data on success", async () => {
    stubFetch(async () => envelope({ token: 't', code: 200 }));
    await expect(http.get('/employer/auth/sync-user-detail/u1')).resolves.toEqual({ token: 't', code: 200 });
  });

  it('calls the API under /api', async () => {
    const fetchMock = stubFetch(async () => envelope(null));
    await http.get('/enums/search-state', {
      query: { queryText: 'Ohio', pageSize: 10, pageNumber: 1, empty: '' },
    });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      '/api/enums/search-state?queryText=Ohio&pageSize=10&pageNumber=1',
    );
  });

  it("rejects with 'Network Error.!' when the network is down", async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejectionOf(http.get('/enums/get-all-enums'));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.status).toBeUndefined();
    expect(error.isNetworkError).toBe(true);
  });

  it(`gives up after ${REQUEST_TIMEOUT_MS} ms with 'Network Error.!'`, async () => {
    vi.useFakeTimers();
    stubFetch(hangingFetch);
    let settled = false;
    const call = rejectionOf(http.get('/enums/get-all-enums')).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect((await call).message).toBe(NETWORK_ERROR_MESSAGE);
    expect(REQUEST_TIMEOUT_MS).toBe(100_000);
  });

  it("rejects with 'Network Error.!' when the answer has no envelope (proxy page)", async () => {
    stubFetch(async () => new Response('<html><body>502 Bad Gateway</body></html>', { status: 502 }));
    const error = await rejectionOf(http.get('/enums/get-all-enums'));
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.status).toBe(502);
  });

  it("rejects with 'Network Error.!' for JSON that is not an envelope", async () => {
    stubFetch(async () => new Response(JSON.stringify({ ok: true }), { status: 200 }));
    expect((await rejectionOf(http.get('/enums/get-all-enums'))).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it("rejects with the server's error.message when success is false", async () => {
    stubFetch(async () => failure('This job is already closed.', 422, 'BUSINESS_RULE'));
    const error = await rejectionOf(http.patch('/employer/job/update-job/j1', { title: 'Cardiologist' }));
    expect(error.message).toBe('This job is already closed.');
    expect(error.code).toBe('BUSINESS_RULE');
    expect(error.status).toBe(422);
    expect(error.isNetworkError).toBe(false);
  });

  it("rejects an HTTP 4xx with envelope with the server's message, not the network one", async () => {
    stubFetch(async () => failure('The e-mail or password is incorrect.', 401, 'UNAUTHENTICATED'));
    const error = await rejectionOf(http.post('/employer/auth/login', { email: 'a@b.co', password: 'x' }));
    expect(error.message).toBe('The e-mail or password is incorrect.');
    expect(error.status).toBe(401);
  });

  it('rejects with success true missing only when success is exactly true', async () => {
    stubFetch(async () => new Response(JSON.stringify({ success: 'yes', data: 1 }), { status: 200 }));
    expect((await rejectionOf(http.get('/x'))).message).toBe(NETWORK_ERROR_MESSAGE);
  });

  it('drops empty strings, nulls and undefined values from JSON payloads, at any depth', async () => {
    const fetchMock = stubFetch(async () => envelope(null));
    await http.patch('/employer/auth/v1/update-orgdetails/u1', {
      organizationName: 'Lakeside Clinic',
      phoneNumber: '',
      logo: null,
      email: undefined,
      socialLinks: { facebook: '', websiteUrl: 'https://lakeside.example' },
      orgLocations: {
        locations: [{ description: 'Columbus, OH', coords: { latitude: 39.96, longitude: -83 } }, null],
      },
      features: { noOfPhysician: 0, isTeaching: false },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(JSON.parse(String(init?.body))).toEqual({
      organizationName: 'Lakeside Clinic',
      socialLinks: { websiteUrl: 'https://lakeside.example' },
      orgLocations: {
        locations: [{ description: 'Columbus, OH', coords: { latitude: 39.96, longitude: -83 } }],
      },
      features: { noOfPhysician: 0, isTeaching: false },
    });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('sends FormData untouched and lets the browser set its content type', async () => {
    const fetchMock = stubFetch(async () => envelope({ url: '/uploads/a.png' }));
    const form = new FormData();
    form.append('image', new Blob(['png'], { type: 'image/png' }), 'logo.png');
    form.append('caption', '');
    await http.post('/uploader/upload-single-image', form);
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(form.get('caption')).toBe('');
    expect(new Headers(init?.headers).has('Content-Type')).toBe(false);
  });

  it('sends the stored session token as the Authorization header', async () => {
    sessionStore.write(makeSession({ token: 'session-token-123' }));
    const fetchMock = stubFetch(async () => envelope(null));
    await http.get('/employer/notification/get-all-notification/u1');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe('session-token-123');
  });

  it('sends no Authorization header without a session', async () => {
    const fetchMock = stubFetch(async () => envelope(null));
    await http.get('/enums/get-all-enums');
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('Authorization')).toBe(false);
  });

  it("lets a caller's own abort through instead of turning it into an error message", async () => {
    stubFetch(hangingFetch);
    const controller = new AbortController();
    const call = rejectionOf(http.get('/enums/search-specialty', { signal: controller.signal }));
    controller.abort(new DOMException('Superseded', 'AbortError'));
    const error = await call;
    expect(error).not.toBeInstanceOf(HttpError);
    expect((error as unknown as DOMException).name).toBe('AbortError');
  });
});

describe('describeError', () => {
  it("puts a call that got no answer in words to act on, and keeps the server's own message", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    try {
      const dropped = new HttpError(NETWORK_ERROR_MESSAGE);
      expect(errorMessage(dropped)).toBe('Network Error.!');
      expect(describeError(dropped)).toBe("We couldn't reach MedHire. Check your connection and try again.");
      expect(describeError('Network Error.!')).toBe(
        "We couldn't reach MedHire. Check your connection and try again.",
      );
      onLine.mockReturnValue(false);
      expect(describeError(dropped)).toBe("You're offline. Check your connection and try again.");
      const refused = new HttpError('The e-mail or password is incorrect.', {
        status: 401,
        code: 'UNAUTHORIZED',
      });
      expect(describeError(refused)).toBe('The e-mail or password is incorrect.');
    } finally {
      onLine.mockRestore();
    }
  });
});
