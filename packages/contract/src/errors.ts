/**
 * Error codes shared by server and client. The server maps each code to one
 * HTTP status; the client only ever shows `error.message`.
 */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  /** The caller's role in the organisation lacks the right the route needs. */
  FORBIDDEN_ROLE: 403,
  /** A delegate who has not accepted the Delegate Access agreement yet. */
  DELEGATE_AGREEMENT_REQUIRED: 403,
  /**
   * A sensitive change by an account with a second factor on, whose session has not passed a
   * second step in the last FRESH_SECOND_STEP_MINUTES (contract/security.ts): the client asks for
   * a code (`…/auth/confirm-second-step`) and tries again.
   */
  SECOND_STEP_REQUIRED: 403,
  /**
   * The organisation requires two-step sign-in and this session's member has no second factor
   * yet: every call but signing out, the shell's session sync and setting up the authenticator
   * app is refused until they enrol (contract/security.ts TWO_STEP_ENROLMENT_ROUTES).
   */
  TWO_STEP_ENROLMENT_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A link or file that was valid once and is gone: used, expired or cancelled. */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  BUSINESS_RULE: 422,
  /** A payment the card issuer refused (sandbox or Stripe); the message gives the reason. */
  CARD_DECLINED: 422,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type TErrorCode = keyof typeof ERROR_STATUS;

/** The message a client shows when there is no envelope at all (spec §8). */
export const NETWORK_ERROR_MESSAGE = 'Network Error.!';
