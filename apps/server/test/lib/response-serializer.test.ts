import type { FastifyInstance } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../helper.ts';

/**
 * Every route's responses are serialized by a function compiled from its contract schema. Here
 * each route's every response schema serializes sample answers through both the compiled
 * function and the zod serializer it replaced (encode, then JSON.stringify): the bytes must be
 * the same. The samples are made from the schema itself: every optional property present, then
 * only the required ones with nullable values null, with text that needs escaping, an extra
 * property the contract does not name (both must leave it out), and records over an enum with
 * their keys out of order.
 */

type JsonSchema = Record<string, unknown>;
type Variant = 'full' | 'minimal';

const TEXT = 'Dr. "Ana" Ruiz – Austin, TX\n\\ <b>&</b> é 😀';
const UUID = '0b4f6c4e-5a8e-4c47-9a52-1f0f8d6c2a11';
/** Values for the contract's patterns (state codes, ZIP codes, NPI numbers, keys). */
const PATTERN_SAMPLES = ['TX', '78701', '123456', '1234567893', 'uploads/ana-ruiz.png', 'latest', 'Ana'];

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'date-time':
      return '2026-11-27T05:10:21.123Z';
    case 'date':
      return '2026-11-27';
    case 'uuid':
      return UUID;
    case 'email':
      return 'ana.ruiz@clinic.example';
    case 'uri':
    case 'url':
      return 'https://clinic.example/path?q=1';
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    return PATTERN_SAMPLES.find((candidate) => pattern.test(candidate)) ?? '';
  }
  let text = TEXT;
  while (text.length < min) text += TEXT;
  return text.slice(0, Math.max(min, Math.min(max, text.length)));
}

function sample(schema: JsonSchema, variant: Variant, root: JsonSchema, depth = 0): unknown {
  if (depth > 12) return null;
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').pop() ?? '';
    const definitions = (root.definitions ?? root.$defs ?? {}) as Record<string, JsonSchema>;
    const target = schema.$ref === '#' ? root : definitions[name];
    return target ? sample(target, variant, root, depth + 1) : null;
  }
  if ('const' in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[variant === 'full' ? 0 : schema.enum.length - 1];
  const branches = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (branches) {
    const nonNull = branches.filter((branch) => branch.type !== 'null');
    if (variant === 'minimal' && nonNull.length < branches.length) return null;
    return sample(nonNull[0] ?? branches[0] ?? {}, variant, root, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    return Object.assign(
      {},
      ...schema.allOf.map((part) => sample(part as JsonSchema, variant, root, depth + 1)),
    );
  }
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string | undefined];
  if (variant === 'minimal' && types.includes('null')) return null;
  const type = types.find((item) => item !== 'null');
  if (types.length === 1 && types[0] === 'null') return null;
  switch (type) {
    case 'string':
      return schema.format === 'date-time' && variant === 'full'
        ? new Date('2026-11-27T05:10:21.123Z').toISOString()
        : sampleString(schema);
    case 'integer':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 1) : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? Math.max(schema.minimum, 0.5) : 0.5;
    case 'null':
      return null;
    case 'boolean':
      return variant === 'full';
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const count =
        variant === 'full' ? Math.max(2, Number(schema.minItems ?? 0)) : Number(schema.minItems ?? 0);
      return Array.from({ length: Math.min(count, depth > 4 ? 1 : 2) }, () =>
        sample(items, variant, root, depth + 1),
      );
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const value: Record<string, unknown> = {};
      for (const [key, property] of Object.entries(properties)) {
        if (variant === 'full' || required.has(key)) value[key] = sample(property, variant, root, depth + 1);
      }
      const keys = (schema.propertyNames as JsonSchema | undefined)?.enum as string[] | undefined;
      if (keys && typeof schema.additionalProperties === 'object') {
        // A record over an enum: zod requires every key, and writes them in the enum's order
        // whatever order the value has them in (here, the reverse).
        for (const key of [...keys].reverse()) {
          value[key] = sample(schema.additionalProperties as JsonSchema, variant, root, depth + 1);
        }
      } else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        value.extraKey = sample(schema.additionalProperties as JsonSchema, variant, root, depth + 1);
      } else {
        value.notInTheContract = 'left out';
      }
      return value;
    }
    default:
      return variant === 'full' ? { any: TEXT, n: 1 } : null;
  }
}

interface ResponseSchema {
  route: string;
  status: string;
  schema: unknown;
}

/** Every response schema the app hands its serializer compiler while its routes are set up. */
const responses = vi.hoisted(() => [] as ResponseSchema[]);
vi.mock('../../src/lib/response-serializer.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/lib/response-serializer.ts')>();
  return {
    ...original,
    responseSerializerCompiler: (routeSchema: Parameters<typeof original.responseSerializerCompiler>[0]) => {
      responses.push({
        route: `${routeSchema.method} ${routeSchema.url}`,
        status: String(routeSchema.httpStatus),
        schema: routeSchema.schema,
      });
      return original.responseSerializerCompiler(routeSchema);
    },
  };
});

const actual = await vi.importActual<typeof import('../../src/lib/response-serializer.ts')>(
  '../../src/lib/response-serializer.ts',
);
const { toResponseJsonSchema } = actual;

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
}, 60_000);

afterAll(() => app?.close());

describe('compiled response serialization', () => {
  it('compiles the response schema of every route (no route falls back to the zod serializer)', () => {
    expect(responses.length).toBeGreaterThan(150);
    const fallbacks = responses
      .filter(({ schema }) => toResponseJsonSchema(schema) === null)
      .map(({ route, status }) => `${route} ${status}`);
    expect(fallbacks).toEqual([]);
  });

  it('writes the same bytes as the zod serializer for sample answers of every response schema', {
    timeout: 60_000,
  }, () => {
    const zodCompiler = createSerializerCompiler();
    let compared = 0;
    const differences: string[] = [];
    const skipped: string[] = [];
    for (const { route, status, schema } of responses) {
      if (toResponseJsonSchema(schema) === null) continue;
      // Samples follow the contract as zod states it (with its required lists and unions).
      const json = z.toJSONSchema(schema as z.ZodType, {
        io: 'output',
        target: 'draft-7',
        cycles: 'ref',
        reused: 'inline',
      }) as JsonSchema;
      const [method, url] = route.split(' ');
      const routeSchema = { schema, method: method ?? 'GET', url: url ?? '/', httpStatus: status };
      const compiled = actual.responseSerializerCompiler(routeSchema);
      const reference = zodCompiler(routeSchema as Parameters<typeof zodCompiler>[0]);
      for (const variant of ['full', 'minimal'] as const) {
        const data = sample(json, variant, json);
        let expected: string;
        try {
          expected = reference(data);
        } catch (error) {
          skipped.push(
            `${route} ${status} (${variant}) ${String((error as { cause?: unknown }).cause ?? error).slice(0, 400)}`,
          );
          continue;
        }
        compared += 1;
        const written = compiled(data);
        if (written !== expected)
          differences.push(`${route} ${status} (${variant}):\n  ${expected}\n  ${written}`);
      }
    }
    // The first few, whole, and how many: enough to see what differs without a wall of text.
    expect(differences.slice(0, 3)).toEqual([]);
    expect(differences).toHaveLength(0);
    // Every response schema was compared at least once: a sample is skipped only when the zod
    // serializer itself refuses it (a business rule of the contract, such as a job's partnership
    // answers, that generated values do not meet), and then the other sample is compared.
    const comparedOnce = new Set(responses.map(({ route, status }) => `${route} ${status}`));
    for (const entry of skipped) {
      const [method, url, status, variant] = entry.split(' ');
      const other = variant === '(full)' ? '(minimal)' : '(full)';
      if (skipped.some((item) => item.startsWith(`${method} ${url} ${status} ${other}`))) {
        comparedOnce.delete(`${method} ${url} ${status}`);
      }
    }
    expect(responses.length - comparedOnce.size, skipped.join('\n')).toBe(0);
    expect(compared).toBeGreaterThan(responses.length);
  });
});
