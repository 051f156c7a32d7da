import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/** The contract's own serializer: validates (encodes) with zod, then JSON.stringify. */
const zodSerializerCompiler = createSerializerCompiler();

function isZodSchema(value: unknown): value is z.ZodType {
  return typeof value === 'object' && value !== null && '_zod' in value;
}

/**
 * Rewrites that keep the bytes the zod serializer wrote and spare fast-json-stringify work:
 * - zod writes "nullable" as `anyOf: [X, {type: 'null'}]`, which fast-json-stringify would
 *   serialize by validating the value against each branch; `nullable: true` on X checks for
 *   null and otherwise writes X directly.
 * - zod marks every output object `additionalProperties: false`. The serializer leaves out
 *   properties a schema does not name without it, and with it a value with one more property
 *   than the contract names would match no branch of a union (the zod parse strips it instead).
 * - A record over an enum becomes an object with the enum's keys as properties, in order.
 * - fast-json-stringify writes an object's `required` properties before the optional ones; the
 *   contract's order is the order of its shape. Outside union branches (where `required` picks
 *   the branch) the list is dropped, so properties come out in the shape's order.
 */
function simplify(node: unknown, isUnionBranch = false): unknown {
  if (Array.isArray(node)) return node.map((item) => simplify(item));
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    if (key === 'required' && !isUnionBranch) continue;
    out[key] =
      key === 'anyOf' || key === 'oneOf'
        ? (value as unknown[]).map((branch) => simplify(branch, true))
        : key === 'properties' || key === '$defs' || key === 'definitions'
          ? Object.fromEntries(
              Object.entries(value as JsonSchema).map(([name, child]) => [name, simplify(child)]),
            )
          : simplify(value);
  }
  // A record over an enum: zod writes its keys in the enum's order, whatever order the value
  // has them in; as named properties they come out in that order here too.
  const keys = (out.propertyNames as JsonSchema | undefined)?.enum;
  if (Array.isArray(keys) && typeof out.additionalProperties === 'object' && out.properties === undefined) {
    const { propertyNames: _names, additionalProperties: values, ...rest } = out;
    return { ...rest, properties: Object.fromEntries(keys.map((key) => [String(key), values])) };
  }
  const anyOf = out.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const branches = anyOf as JsonSchema[];
    const isNull = (branch: JsonSchema) => branch.type === 'null' && Object.keys(branch).length === 1;
    const other = branches.find((branch) => !isNull(branch));
    if (
      other &&
      branches.some(isNull) &&
      typeof other.type === 'string' &&
      !('$ref' in other || 'anyOf' in other || 'oneOf' in other || 'allOf' in other)
    ) {
      // No longer a union branch: its `required` list would reorder it.
      const { required: _required, ...rest } = other;
      return { ...rest, nullable: true };
    }
  }
  return out;
}

/**
 * A response schema of the contract as the JSON Schema fast-json-stringify compiles, or null
 * when zod cannot state it exactly (a transform, a date object, a custom check): such a route
 * keeps the zod serializer.
 */
export function toResponseJsonSchema(schema: unknown): JsonSchema | null {
  if (!isZodSchema(schema)) return null;
  try {
    const json = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

/**
 * Serializes every response with a function fast-json-stringify compiles from the route's
 * contract schema, instead of a zod parse followed by JSON.stringify: the same bytes for every
 * answer the contract allows (test/lib/response-serializer.test.ts compares both on every
 * route), at a fraction of the CPU. Properties the contract does not name are left out, as the
 * zod parse strips them.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  // Compiled on the route's first answer, not at registration: compiling every route's
  // serializer up front was most of the server's start-up CPU, and many routes answer rarely.
  let serialize: ((data: unknown) => string) | undefined;
  return (data) => {
    serialize ??= compileSerializer(routeSchema);
    return serialize(data);
  };
};

function compileSerializer(routeSchema: Parameters<FastifySerializerCompiler<unknown>>[0]) {
  const jsonSchema = toResponseJsonSchema(routeSchema.schema);
  if (jsonSchema === null) {
    return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]) as (
      data: unknown,
    ) => string;
  }
  return fastJsonStringify(jsonSchema as unknown as Parameters<typeof fastJsonStringify>[0]);
}
