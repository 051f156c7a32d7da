import { Writable } from 'node:stream';
import { ZFailure } from '@medhire/contract/envelope';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../../src/lib/app-error.ts';
import { JSON_BODY_LIMIT_BYTES } from '../../src/lib/limits.ts';
import { NOT_FOUND_RATE_LIMIT } from '../../src/plugins/web-app.ts';
import { buildTestApp } from '../helper.ts';

const ZEchoBody = z.object({
  email: z.email(),
  name: z.string().min(1),
  address: z.object({ city: z.string() }).optional(),
});

let received: unknown;

const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/probe/echo', { schema: { body: ZEchoBody } }, async (request) => {
    received = request.body;
    return { success: true, data: request.body };
  });
  app.get('/api/probe/item/:id', { schema: { params: z.object({ id: z.string() }) } }, async (request) => {
    received = request.params;
    return { success: true, data: request.params };
  });
  app.get('/api/probe/conflict', async () => {
    throw new AppError('CONFLICT', 'This e-mail is already registered.', { field: 'email' });
  });
  // A database that is not there: nothing listens on port 1, the connection is refused.
  const absent = postgres('postgres://postgres@127.0.0.1:1/none', { max: 1, connect_timeout: 2 });
  app.addHook('onClose', () => absent.end({ timeout: 1 }));
  app.get('/api/probe/database-down', async () => drizzle({ client: absent }).execute(sql`select 1`));
  app.get('/api/probe/database-shutting-down', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/api/probe/crash', async () => {
    throw new Error('database password=hunter2 leaked in a driver error');
  });
};

function failureOf(response: { json(): unknown }) {
  return ZFailure.parse(response.json()).error;
}

describe('error handling', () => {
  let app: FastifyInstance;
  const logLines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line));
        callback();
      },
    });
    app = await buildTestApp({ logLevel: 'info' }, { register: probeRoutes, logStream });
  });
  afterAll(() => app.close());

  it('answers an unknown /api route with the 404 envelope', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await app.inject({
        method,
        url: '/api/no/such/route',
        headers: { accept: 'text/html' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(failureOf(response)).toEqual({ message: 'This address does not exist.', code: 'NOT_FOUND' });
    }
  });

  it('refuses text holding U+0000 (which the database cannot store) as a 400 naming the field', async () => {
    received = undefined;
    const body = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { email: 'a@example.com', name: 'Ada', address: { city: 'Aus\u0000tin' } },
    });
    expect(body.statusCode).toBe(400);
    expect(failureOf(body)).toEqual({
      message: 'Text cannot contain the character U+0000.',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'address.city', in: 'body', message: 'Text cannot contain the character U+0000.' }],
    });
    expect(received).toBeUndefined();

    const query = await app.inject({ method: 'GET', url: '/api/enums/search-specialty?queryText=card%00io' });
    expect(query.statusCode).toBe(400);
    expect(failureOf(query)).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'queryText', in: 'query' }],
    });

    const params = await app.inject({ method: 'GET', url: '/api/probe/item/ab%00c' });
    expect(params.statusCode).toBe(400);
    expect(failureOf(params)).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ in: 'params' }] });
    expect(received).toBeUndefined();
  });

  it('answers an over-long path parameter and a malformed address with the 400 envelope', async () => {
    const tooLong = await app.inject({
      method: 'GET',
      url: `/api/employer/job/get-single-job/${'a'.repeat(150)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(failureOf(tooLong)).toEqual({ message: 'This address is too long.', code: 'BAD_REQUEST' });

    const badEncoding = await app.inject({ method: 'GET', url: '/api/employer/job/get-single-job/%E0%A4%A' });
    expect(badEncoding.statusCode).toBe(400);
    expect(failureOf(badEncoding)).toEqual({ message: 'This address is not valid.', code: 'BAD_REQUEST' });
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co",',
    });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response)).toEqual({
      message: 'The request body is not valid JSON.',
      code: 'BAD_REQUEST',
    });
  });

  it('answers a field of the wrong type with 400 VALIDATION_FAILED naming the field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { email: 'person@example.com', name: 42, address: { city: 7 } },
    });

    expect(response.statusCode).toBe(400);
    const error = failureOf(response);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toMatch(/^name: /);
    expect(error.details).toEqual([
      { field: 'name', in: 'body', message: expect.stringMatching(/string/) },
      { field: 'address.city', in: 'body', message: expect.stringMatching(/string/) },
    ]);
  });

  it('names a missing field', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/probe/echo', payload: { name: 'Ann' } });
    expect(response.statusCode).toBe(400);
    expect(failureOf(response).message).toMatch(/^email: /);
  });

  it('drops unknown fields before the handler sees the body', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      payload: { email: 'person@example.com', name: 'Ann', accountStatus: 'approved', isAdmin: true },
    });

    expect(response.statusCode).toBe(200);
    expect(received).toEqual({ email: 'person@example.com', name: 'Ann' });
    expect(response.json()).toEqual({ success: true, data: { email: 'person@example.com', name: 'Ann' } });
  });

  it('answers a content type the API does not take with 415', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=person@example.com',
    });
    expect(response.statusCode).toBe(415);
    expect(failureOf(response).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers a body over 1 MB with the 413 envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'person@example.com', name: 'x'.repeat(JSON_BODY_LIMIT_BYTES) }),
    });
    expect(response.statusCode).toBe(413);
    expect(failureOf(response)).toEqual({
      message: 'The request is too large. The limit is 1 MB.',
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('maps an AppError to its status, code, message and details', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      success: false,
      error: { message: 'This e-mail is already registered.', code: 'CONFLICT', details: { field: 'email' } },
    });
  });

  it('answers 503 UNAVAILABLE at once when the database refuses connections or is shutting down', async () => {
    for (const url of ['/api/probe/database-down', '/api/probe/database-shutting-down']) {
      const startedAt = Date.now();
      const response = await app.inject({ method: 'GET', url });
      expect(Date.now() - startedAt).toBeLessThan(3_000);
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        success: false,
        error: {
          message: 'MedHire cannot reach its database right now. Please try again in a moment.',
          code: 'UNAVAILABLE',
        },
      });
    }
  });

  it('answers an uncaught error with a generic 500 and logs it with the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/probe/crash' });

    expect(response.statusCode).toBe(500);
    const requestId = response.headers['x-request-id'];
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(failureOf(response)).toEqual({
      message: 'Something went wrong on our side. Please try again in a moment.',
      code: 'INTERNAL',
      details: { requestId },
    });
    expect(response.body).not.toMatch(/hunter2|stack|at .*\.ts/);

    const logged = logLines.find((line) => line.reqId === requestId && line.level === 50);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('leaked in a driver error');
  });

  it('rate-limits the 404 handler with a readable 429', async () => {
    const limited = await buildTestApp();
    try {
      let last = await limited.inject({ method: 'GET', url: '/api/probe-missing' });
      for (let attempt = 1; attempt <= NOT_FOUND_RATE_LIMIT.max; attempt += 1) {
        last = await limited.inject({ method: 'GET', url: `/api/probe-missing/${attempt}` });
      }
      expect(last.statusCode).toBe(429);
      expect(last.headers['retry-after']).toBeDefined();
      const error = failureOf(last);
      expect(error.code).toBe('RATE_LIMITED');
      expect(error.message).toMatch(/^Too many requests\. Please try again in \d+ (second|minute)s?\.$/);
    } finally {
      await limited.close();
    }
  });
});
