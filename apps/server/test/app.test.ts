import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp, createTestDatabase } from './helper.ts';

describe('closing the app', () => {
  it('closes the database it was given', async () => {
    const database = await createTestDatabase();
    const app = await buildTestApp({}, { database });
    expect(await database.ping()).toBeTypeOf('number');

    await app.close();

    expect(await database.ping()).toBeUndefined();
  });

  it('lets an in-flight request finish and refuses new connections', async () => {
    let release: () => void = () => {};
    let markStarted: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    const app = await buildTestApp(
      {},
      {
        register: async (instance) => {
          instance.get('/api/probe/slow', async () => {
            markStarted();
            await new Promise<void>((resolve) => {
              release = resolve;
            });
            return { success: true, data: 'finished' };
          });
        },
      },
    );
    const address = await app.listen({ port: 0, host: '127.0.0.1' });

    const inFlight = fetch(`${address}/api/probe/slow`);
    await started;
    const closing = app.close();
    for (let waited = 0; app.server.listening && waited < 5_000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
    release();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, data: 'finished' });
    await closing;
  });
});

describe('request logging', () => {
  let app: FastifyInstance;
  let output = '';

  const ZProbeBody = z.object({
    email: z.string(),
    password: z.string(),
    value: z.string(),
    nested: z.object({ token: z.string() }),
  });
  const probeRoutes: FastifyPluginAsyncZod = async (instance) => {
    instance.post('/api/probe/quiet', { schema: { body: ZProbeBody } }, async () => ({
      success: true,
      data: null,
    }));
    instance.post('/api/probe/chatty', { schema: { body: ZProbeBody } }, async (request) => {
      request.log.info({ body: request.body, headers: request.headers }, 'probe received');
      return { success: true, data: null };
    });
  };

  const secrets = {
    email: 'doctor@example.com',
    password: 'pw-Secret-4242',
    value: '918273',
    nested: { token: 'tok-secret-5151' },
  };
  const headers = { authorization: 'Bearer session-secret-7373', cookie: 'sid=cookie-secret-6262' };

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    app = await buildTestApp({ logLevel: 'info' }, { register: probeRoutes, logStream });
  });
  afterAll(() => app.close());

  it('logs each request with its id but never the body or credentials', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/probe/quiet', headers, payload: secrets });

    expect(response.statusCode).toBe(200);
    expect(output).toContain(String(response.headers['x-request-id']));
    expect(output).toContain('/api/probe/quiet');
    for (const secret of [
      'pw-Secret-4242',
      '918273',
      'tok-secret-5151',
      'session-secret-7373',
      'cookie-secret-6262',
    ]) {
      expect(output).not.toContain(secret);
    }
  });

  it('redacts secret query parameters from logged URLs', async () => {
    output = '';
    await app.inject({
      method: 'GET',
      url: '/reset-password?token=link-secret-8484&email=a%40b.co&Code=oidc-9191',
    });

    expect(output).not.toMatch(/link-secret-8484|oidc-9191/);
    expect(output).toContain('/reset-password?token=%5Bredacted%5D&email=a%40b.co&Code=%5Bredacted%5D');
  });

  it('redacts passwords, codes, tokens, Authorization and cookies a handler logs on purpose', async () => {
    output = '';
    const response = await app.inject({
      method: 'POST',
      url: '/api/probe/chatty',
      headers,
      payload: secrets,
    });

    const line = output
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text))
      .find((entry) => entry.msg === 'probe received');
    expect(line.reqId).toBe(response.headers['x-request-id']);
    expect(line.body).toEqual({
      email: 'doctor@example.com',
      password: '[redacted]',
      value: '[redacted]',
      nested: { token: '[redacted]' },
    });
    expect(line.headers.authorization).toBe('[redacted]');
    expect(line.headers.cookie).toBe('[redacted]');
    expect(output).not.toMatch(
      /pw-Secret-4242|918273|tok-secret-5151|session-secret-7373|cookie-secret-6262/,
    );
  });
});

describe('request logging above info', () => {
  it('makes no child logger for a request that logs nothing, and binds the id to one that does', async () => {
    let output = '';
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        output += chunk.toString();
        callback();
      },
    });
    const app = await buildTestApp(
      { logLevel: 'warn' },
      {
        logStream,
        register: async (instance) => {
          instance.get('/api/probe/odd', async (request) => {
            request.log.warn('odd probe');
            return { success: true, data: null };
          });
        },
      },
    );
    try {
      const makeChild = vi.spyOn(app.log, 'child');
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      expect(makeChild).not.toHaveBeenCalled();
      expect(output).toBe('');

      const response = await app.inject({ method: 'GET', url: '/api/probe/odd' });
      expect(makeChild).toHaveBeenCalledTimes(1);
      expect(JSON.parse(output)).toMatchObject({
        level: 40,
        msg: 'odd probe',
        reqId: response.headers['x-request-id'],
      });
    } finally {
      await app.close();
    }
  });
});
