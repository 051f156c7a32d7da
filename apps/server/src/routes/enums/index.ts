import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import {
  ZEnums,
  ZSearchSpecialtyQuery,
  ZSearchSubSpecialtyQuery,
  ZSpecialty,
  ZSubSpecialty,
} from '@medhire/contract/enums';
import { ok, ZFailure } from '@medhire/contract/envelope';
import {
  ZSearchLocationQuery,
  ZSearchLocationResult,
  ZSearchStateQuery,
  ZSearchStateResult,
} from '@medhire/contract/locations';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getGazetteer } from '../../domain/reference/gazetteer.ts';
import { allEnums, ENUMS_ETAG } from '../../domain/reference/reference-data.ts';
import { searchSpecialties, searchSubSpecialties } from '../../domain/reference/search-specialties.ts';
import { searchStates } from '../../domain/reference/search-states.ts';

/**
 * Search boxes call these on every keystroke, so the per-address allowance is generous; it
 * still stops a script from walking the whole data set at full speed.
 */
const SEARCH_LIMIT = rateLimitPerIp(600);
const ENUMS_LIMIT = rateLimitPerIp(120);

/** The data only changes with a release; a browser may reuse an answer for this long. */
const ENUMS_MAX_AGE_SECONDS = 600;
/** Only answers that succeeded may be cached: an error must not stick in a browser. */
const SEARCH_CACHE_CONTROL = 'public, max-age=300';

const FAILURES = { 400: ZFailure, 429: ZFailure } as const;

/**
 * The reference data is about 54 KB of JSON that never changes while the server runs, and every
 * first screen of both apps reads it: it is serialised and compressed once (Brotli and gzip, at
 * their best settings), on first use, and each request sends the bytes its client accepts.
 */
let encodedEnums: { identity: Buffer; br: Buffer; gzip: Buffer } | undefined;
function enumsBodies() {
  if (!encodedEnums) {
    const identity = Buffer.from(JSON.stringify({ success: true, data: allEnums }));
    encodedEnums = {
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
      gzip: gzipSync(identity, { level: 9 }),
    };
  }
  return encodedEnums;
}

/** The best encoding an Accept-Encoding header allows: Brotli, then gzip, else none. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith('q='));
    weights.set(name, quality ? Number(quality.slice(2)) || 0 : 1);
  }
  const weightOf = (name: string) => weights.get(name) ?? weights.get('*') ?? 0;
  if (weightOf('br') > 0) return 'br';
  if (weightOf('gzip') > 0) return 'gzip';
  return undefined;
}

function rateLimitPerIp(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 60_000,
      keyGenerator: (request: FastifyRequest) => `${request.routeOptions.url ?? request.url}|${request.ip}`,
    },
  };
}

/**
 * /api/enums: the reference data of the spec's "utility metaData". Public: the sign-up and
 * onboarding forms need it before anyone is signed in.
 */
/** How long after listening the places index is built. */
const GAZETTEER_WARM_UP_DELAY_MS = 2_000;

const enumsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Build the places index a moment after the server starts listening, so the first search is
  // fast without holding up start-up: building it holds the event loop for a few hundred
  // milliseconds, which would otherwise delay the first health check and page loads. In-process
  // tests that never listen build it only if they search places.
  app.addHook('onListen', async () => {
    setTimeout(() => getGazetteer(), GAZETTEER_WARM_UP_DELAY_MS).unref();
  });

  app.get(
    '/get-all-enums',
    {
      config: ENUMS_LIMIT,
      schema: {
        tags: ['enums'],
        summary: 'Every reference list: specialties, sub-specialties, employment types, bonuses …',
        description: `Answers 304 to a matching If-None-Match. Cache-Control: public, max-age=${ENUMS_MAX_AGE_SECONDS}.`,
        response: { 200: ok(ZEnums), 304: z.null().describe('Not modified'), 429: ZFailure },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', `public, max-age=${ENUMS_MAX_AGE_SECONDS}`).header('etag', ENUMS_ETAG);
      if (matchesEtag(request.headers['if-none-match'], ENUMS_ETAG)) {
        // A 304 carries no body at all.
        return reply.code(304).send(undefined as never);
      }
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const bodies = enumsBodies();
      reply.header('vary', 'accept-encoding').header('content-type', 'application/json; charset=utf-8');
      if (encoding) reply.header('content-encoding', encoding);
      // Bytes already serialised: Fastify sends a Buffer as it is, past the schema's serializer.
      return reply.send((encoding ? bodies[encoding] : bodies.identity) as never);
    },
  );

  app.get(
    '/search-specialty',
    {
      config: SEARCH_LIMIT,
      schema: {
        tags: ['enums'],
        summary: 'Specialties matching the text, best first (all of them when the text is blank)',
        querystring: ZSearchSpecialtyQuery,
        response: { 200: ok(z.array(ZSpecialty)), ...FAILURES },
      },
    },
    async (request, reply) => {
      const data = searchSpecialties(request.query.queryText);
      reply.header('cache-control', SEARCH_CACHE_CONTROL);
      return { success: true as const, data };
    },
  );

  app.get(
    '/search-subSpecialty',
    {
      config: SEARCH_LIMIT,
      schema: {
        tags: ['enums'],
        summary: 'Sub-specialties matching the text, within the given specialties when any are given',
        querystring: ZSearchSubSpecialtyQuery,
        response: { 200: ok(z.array(ZSubSpecialty)), ...FAILURES },
      },
    },
    async (request, reply) => {
      const data = searchSubSpecialties(request.query);
      reply.header('cache-control', SEARCH_CACHE_CONTROL);
      return { success: true as const, data };
    },
  );

  app.get(
    '/search-state',
    {
      config: SEARCH_LIMIT,
      schema: {
        tags: ['enums'],
        summary: 'US states, DC and territories whose name or USPS code matches, one page of them',
        querystring: ZSearchStateQuery,
        response: { 200: ok(ZSearchStateResult), ...FAILURES },
      },
    },
    async (request, reply) => {
      const data = searchStates(request.query);
      reply.header('cache-control', SEARCH_CACHE_CONTROL);
      return { success: true as const, data };
    },
  );

  app.get(
    '/search-location',
    {
      config: SEARCH_LIMIT,
      schema: {
        tags: ['enums'],
        summary: 'US cities and ZIP codes for location autocomplete, best match and biggest place first',
        querystring: ZSearchLocationQuery,
        response: { 200: ok(ZSearchLocationResult), ...FAILURES },
      },
    },
    async (request, reply) => {
      const data = getGazetteer().search(request.query);
      reply.header('cache-control', SEARCH_CACHE_CONTROL);
      return { success: true as const, data };
    },
  );
};

/** If-None-Match may list several tags, or '*'; weak tags compare equal to strong ones. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

export default enumsRoutes;
