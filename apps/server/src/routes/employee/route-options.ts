import { ZFailure } from '@medhire/contract/envelope';

/** OpenAPI: the call needs a physician's session token in the Authorization header. */
export const PHYSICIAN_SECURITY = [{ sessionToken: [] }];

/** The failure answers of physician calls, for the OpenAPI description. */
export const PHYSICIAN_FAILURES = {
  400: ZFailure,
  401: ZFailure,
  403: ZFailure,
  404: ZFailure,
  409: ZFailure,
  422: ZFailure,
} as const;
