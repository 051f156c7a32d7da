/** Largest JSON body the API accepts; file uploads have their own limits. */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;
