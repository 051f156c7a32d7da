const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a path or body id can be one of ours (ids are UUIDs inside the server). Anything else
 * is answered 404 up front, as an unknown id is, instead of reaching a uuid column and failing.
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
