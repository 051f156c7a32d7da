import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isBlank(value: unknown): boolean {
  return value === '' || value === null || value === undefined || Number.isNaN(value);
}

/**
 * What a form holds, as the API will receive it: blank text, cleared number inputs (NaN) and
 * nulls are dropped at any depth (spec §5), so an optional field left blank is "not given"
 * and a required one reports its own "enter …" message.
 */
export function withoutBlanks<T>(value: T): T {
  if (Array.isArray(value)) return value.filter((item) => !isBlank(item)).map(withoutBlanks) as T;
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!isBlank(item)) result[key] = withoutBlanks(item);
    }
    return result as T;
  }
  return value;
}

/**
 * The contract's zod schema as a react-hook-form resolver, validating the form's values the
 * way the payload will be sent. The submit handler receives the schema's output (trimmed,
 * normalised), so what is validated is exactly what is sent.
 */
export function contractResolver<
  Schema extends z.ZodType<unknown, FieldValues>,
  /** The form's own shape when it differs from the schema's input (e.g. '' for a blank optional). */
  Values extends FieldValues = z.input<Schema>,
>(
  schema: Schema,
  /** Turns form-only shapes into the payload's, e.g. a select's '2027' into 2027. */
  prepare: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, z.output<Schema>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<Values, unknown, z.output<Schema>>;
  // The resolver validates the payload's shape; the form keeps its own (Values) for display.
  return (values, context, options) => resolve(withoutBlanks(prepare(values)) as Values, context, options);
}
