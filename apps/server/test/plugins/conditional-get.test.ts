import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesIfNoneMatch, weakEtag } from '../../src/plugins/conditional-get.ts';
import { buildTestApp } from '../helper.ts';
import { employerWithOpenJob, postAnotherJob, signedInPhysician } from '../routes/employee/physician-kit.ts';

describe('conditional reads (ETag / If-None-Match)', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('answers an unchanged list 304 with no body, and a changed one 200 with a new ETag', async () => {
    const { employer } = await employerWithOpenJob(app);
    const url = `/api/employer/job/get-all-jobs/${employer.id}`;
    const headers = { authorization: employer.token };

    const first = await app.inject({ method: 'GET', url, headers });
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(String(first.headers.vary)).toMatch(/authorization/i);

    const unchanged = await app.inject({
      method: 'GET',
      url,
      headers: { ...headers, 'if-none-match': etag },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers.etag).toBe(etag);

    await postAnotherJob(app, employer, { title: 'Night Hospitalist' });
    const changed = await app.inject({ method: 'GET', url, headers: { ...headers, 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().data.jobs.some((job: { title: string }) => job.title === 'Night Hospitalist')).toBe(
      true,
    );
  });

  it('tags the HEAD of a list as its GET, and never the liveness check', async () => {
    const { employer } = await employerWithOpenJob(app);
    const url = `/api/employer/job/get-all-jobs/${employer.id}`;
    const headers = { authorization: employer.token };
    const get = await app.inject({ method: 'GET', url, headers });
    const head = await app.inject({ method: 'HEAD', url, headers });
    expect(head.statusCode).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    const unchanged = await app.inject({
      method: 'HEAD',
      url,
      headers: { ...headers, 'if-none-match': String(get.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);

    const live = await app.inject({
      method: 'GET',
      url: '/api/health/live',
      headers: { 'if-none-match': '*' },
    });
    expect(live.statusCode).toBe(200);
    expect(live.headers.etag).toBeUndefined();
    expect(live.headers['cache-control']).toBe('no-store');
  });

  it("never answers 304 to another account's tag for its own different answer", async () => {
    const first = await signedInPhysician(app);
    const second = await signedInPhysician(app);
    const url = '/api/employee/profile/get-profile';
    const mine = await app.inject({ method: 'GET', url, headers: { authorization: first.token } });
    expect(mine.statusCode).toBe(200);
    const theirs = await app.inject({
      method: 'GET',
      url,
      headers: { authorization: second.token, 'if-none-match': String(mine.headers.etag) },
    });
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toBe(mine.body);
  });

  it('leaves failures, writes and routes with their own ETag alone', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/employer/job/get-all-jobs/not-a-session' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();

    const enums = await app.inject({ method: 'GET', url: '/api/enums/get-all-enums' });
    expect(enums.headers['cache-control']).toMatch(/^public/);
    expect(String(enums.headers.etag)).not.toMatch(/^W\//);
  });

  it("keeps a route's own Cache-Control (a session answer is no-store) and tags nothing there", async () => {
    const own = await buildTestApp(
      {},
      {
        register: async (scope) => {
          scope.get('/api/own-caching', async (_request, reply) => {
            reply.header('cache-control', 'no-store');
            return { success: true, data: { token: 'secret' } };
          });
        },
      },
    );
    try {
      const response = await own.inject({
        method: 'GET',
        url: '/api/own-caching',
        headers: { 'if-none-match': '*' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.etag).toBeUndefined();
    } finally {
      await own.close();
    }
  });

  it('compares tags weakly and accepts a list or *', () => {
    const tag = weakEtag('{"success":true}');
    expect(matchesIfNoneMatch(tag, tag)).toBe(true);
    expect(matchesIfNoneMatch(tag.replace('W/', ''), tag)).toBe(true);
    expect(matchesIfNoneMatch(`W/"other", ${tag}`, tag)).toBe(true);
    expect(matchesIfNoneMatch('*', tag)).toBe(true);
    expect(matchesIfNoneMatch('W/"other"', tag)).toBe(false);
    expect(matchesIfNoneMatch(undefined, tag)).toBe(false);
  });
});
