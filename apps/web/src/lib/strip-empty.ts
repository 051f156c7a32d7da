function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined;
}

/**
 * Drops empty strings, nulls and undefined values from a payload, at any depth (spec §5):
 * an optional field the person left blank is "not given", never "set to nothing".
 * Only plain objects and arrays are walked; Dates, Blobs and other instances pass unchanged.
 */
export function stripEmpty<T>(value: T): T {
  if (Array.isArray(value)) {
    return value.filter((item) => !isEmpty(item)).map((item) => stripEmpty(item)) as T;
  }
  if (isPlainObject(value)) {
    const result: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (!isEmpty(item)) result[key] = stripEmpty(item);
    }
    return result as T;
  }
  return value;
}
