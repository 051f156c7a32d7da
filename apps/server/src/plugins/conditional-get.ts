import { hash } from 'node:crypto';
import type { onSendHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: the route's answers are never cached, so no ETag is worked out for them. */
    conditionalGet?: boolean;
  }
}

/**
 * Conditional reads of the API: every successful JSON answer to a GET carries a weak ETag (a
 * hash of its bytes), and a request whose If-None-Match names it is answered 304 with no body.
 * A browser revalidates its copy (`Cache-Control: private, no-cache`) on every read, so a list
 * that has not changed costs a few hundred bytes instead of its whole JSON, and is never shown
 * stale. `Vary: Authorization` keeps one account's copy from being offered for another's.
 * Routes that set their own ETag (the reference data) or caching (a sign-in's session answer is
 * `no-store`) keep theirs.
 */
export function weakEtag(payload: string): string {
  return `W/"${hash('sha1', payload, 'base64url').slice(0, 22)}"`;
}

/** If-None-Match may list several tags, or '*'; a weak comparison, as RFC 9110 asks for GET. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/** The routes that can answer a conditional read: a GET (or its HEAD) of the API, not opted out. */
function takesConditionalReads(route: RouteOptions): boolean {
  const methods = [route.method].flat();
  return (
    (methods.includes('GET') || methods.includes('HEAD')) &&
    route.url.startsWith('/api/') &&
    route.config?.conditionalGet !== false
  );
}

/**
 * The ETag step joins each route that can use it when the route is registered, instead of
 * running as a hook on every request (writes, uploads, the health checks) only to step aside.
 * A route opts out with `config: { conditionalGet: false }` (answers that are never cached).
 */
export default fp(
  async (app) => {
    const onSend: onSendHookHandler = (request, reply, payload, done) => {
      if (
        (request.method !== 'GET' && request.method !== 'HEAD') ||
        reply.statusCode !== 200 ||
        typeof payload !== 'string' ||
        reply.hasHeader('etag') ||
        reply.hasHeader('cache-control') ||
        !request.url.startsWith('/api/')
      ) {
        done(null, payload);
        return;
      }
      const etag = weakEtag(payload);
      const vary = reply.getHeader('vary');
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', vary ? `${String(vary)}, authorization` : 'authorization');
      if (matchesIfNoneMatch(request.headers['if-none-match'], etag)) {
        reply.code(304);
        done(null, '');
        return;
      }
      done(null, payload);
    };
    app.addHook('onRoute', (route) => {
      if (!takesConditionalReads(route)) return;
      // First, as an application hook would run: a HEAD route's own step empties the payload.
      route.onSend = [onSend, ...(route.onSend ? [route.onSend].flat() : [])];
    });
  },
  { name: 'conditional-get' },
);
