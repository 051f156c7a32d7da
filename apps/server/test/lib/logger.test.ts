import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { LazyRequestLogger, loggerOptions, redactSecrets } from '../../src/lib/logger.ts';

/** The app's pino logger at `level`, writing into an array of parsed lines. */
function appLogger(level: 'info' | 'warn') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(text));
      callback();
    },
  });
  const { stream: _unused, ...options } = loggerOptions(level);
  return { logger: pino(options, stream), lines };
}

describe('a request logger', () => {
  it('makes no pino child while nothing is written at an enabled level', () => {
    const { logger, lines } = appLogger('warn');
    const makeChild = vi.spyOn(logger, 'child');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-1' }, {});

    requestLogger.info({ res: { statusCode: 200 } }, 'request completed');
    requestLogger.debug('details');
    requestLogger.trace('more details');

    expect(makeChild).not.toHaveBeenCalled();
    expect(lines).toEqual([]);
    expect(requestLogger.level).toBe('warn');
  });

  it('writes enabled lines through one child carrying the request id, redacted as before', () => {
    const { logger, lines } = appLogger('warn');
    const makeChild = vi.spyOn(logger, 'child');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-2' }, {});

    requestLogger.warn({ body: { password: 'pw-Secret-4242' } }, 'odd request');
    requestLogger.error('it failed');
    expect(makeChild).toHaveBeenCalledTimes(1);
    requestLogger.child({ part: 'upload' }).warn('from a part');

    expect(lines).toMatchObject([
      { level: 40, reqId: 'request-2', msg: 'odd request', body: { password: '[redacted]' } },
      { level: 50, reqId: 'request-2', msg: 'it failed' },
      { level: 40, reqId: 'request-2', part: 'upload', msg: 'from a part' },
    ]);
  });

  it('writes at the level a route sets for its requests', () => {
    const { logger, lines } = appLogger('warn');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-4' }, { level: 'debug' });

    requestLogger.debug('route detail');
    requestLogger.trace('too fine');

    expect(requestLogger.level).toBe('debug');
    expect(lines).toMatchObject([{ level: 20, reqId: 'request-4', msg: 'route detail' }]);
  });

  it('stays without a child while a route that sets a quieter level logs below it', () => {
    const { logger, lines } = appLogger('info');
    const makeChild = vi.spyOn(logger, 'child');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-5' }, { level: 'warn' });

    requestLogger.info({ res: { statusCode: 200 } }, 'request completed');
    expect(makeChild).not.toHaveBeenCalled();
    expect(requestLogger.level).toBe('warn');
    requestLogger.error('health check failed');

    expect(lines).toMatchObject([{ level: 50, reqId: 'request-5', msg: 'health check failed' }]);
  });

  it('follows the level of its own child once one is set', () => {
    const { logger, lines } = appLogger('warn');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-3' }, {});

    requestLogger.level = 'info';
    requestLogger.info('now shown');

    expect(logger.level).toBe('warn');
    expect(lines).toMatchObject([{ level: 30, reqId: 'request-3', msg: 'now shown' }]);
  });
});

describe('redactSecrets', () => {
  it('replaces secret fields at the top and two levels below, and copies instead of changing', () => {
    const logged = {
      password: 'pw-1',
      body: { email: 'a@b.co', token: 'tok-2', nested: { otp: '918273', deeper: { secret: 'kept-3' } } },
      headers: { authorization: 'Bearer x', 'x-api-key': 'key-4', accept: 'application/json' },
      list: [{ refreshToken: 'r-5' }],
      count: 3,
    };
    const before = structuredClone(logged);

    expect(redactSecrets(logged)).toEqual({
      password: '[redacted]',
      body: {
        email: 'a@b.co',
        token: '[redacted]',
        nested: { otp: '[redacted]', deeper: { secret: 'kept-3' } },
      },
      headers: { authorization: '[redacted]', 'x-api-key': '[redacted]', accept: 'application/json' },
      list: [{ refreshToken: '[redacted]' }],
      count: 3,
    });
    expect(logged).toEqual(before);
  });

  it('answers an object without secrets as it is, and leaves class instances alone', () => {
    const clean = { conversationId: 'c-1', details: { attempts: 2 } };
    expect(redactSecrets(clean)).toBe(clean);
    const when = new Date(0);
    expect(redactSecrets({ when }).when).toBe(when);
    class Holder {
      token = 'inside-a-class';
    }
    const holder = new Holder();
    expect(redactSecrets({ holder }).holder).toBe(holder);
  });

  it("redacts an error's own secret fields in a copy that is still that error", () => {
    const error = Object.assign(new TypeError('refused'), { token: 'tok-6', code: 'E_REFUSED' });
    const { err } = redactSecrets({ err: error });
    expect(err).not.toBe(error);
    expect(err).toBeInstanceOf(TypeError);
    expect(err.message).toBe('refused');
    expect(err.stack).toBe(error.stack);
    expect(err.token).toBe('[redacted]');
    expect(err.code).toBe('E_REFUSED');
    expect(error.token).toBe('tok-6');
  });

  it('keeps secrets out of the written line, bindings of a child included', () => {
    const { logger, lines } = appLogger('info');
    const requestLogger = new LazyRequestLogger(logger, { reqId: 'request-6' }, {});
    requestLogger
      .child({ token: 'bound-secret-7' })
      .info({ err: Object.assign(new Error('x'), { password: 'pw-8' }) }, 'failed');
    expect(JSON.stringify(lines)).not.toMatch(/bound-secret-7|pw-8/);
    expect(lines).toMatchObject([
      { reqId: 'request-6', token: '[redacted]', err: { message: 'x', password: '[redacted]' } },
    ]);
  });
});
