import { ERROR_STATUS, type TErrorCode } from '@medhire/contract/errors';
import type { FastifyError, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../db/unavailable.ts';
import { isAppError } from '../lib/app-error.ts';
import { JSON_BODY_LIMIT_BYTES } from '../lib/limits.ts';
import { sendFailure } from '../lib/reply.ts';

export interface FieldProblem {
  /** Dotted path of the field inside the request part, e.g. `email` or `locations.0.city`. */
  field: string;
  /** Which part of the request was wrong: body, querystring, params or headers. */
  in: string;
  message: string;
}

/** Seconds a client is told to wait before trying again while the database is unreachable. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

const STATUS_CODE: Record<number, TErrorCode> = Object.fromEntries(
  (Object.entries(ERROR_STATUS) as [TErrorCode, number][])
    // Codes that name a reason are only ever thrown as AppErrors; a bare status keeps its plain code.
    .filter(
      ([code]) =>
        ![
          'VALIDATION_FAILED',
          'FORBIDDEN_ROLE',
          'DELEGATE_AGREEMENT_REQUIRED',
          'SECOND_STEP_REQUIRED',
          'TWO_STEP_ENROLMENT_REQUIRED',
        ].includes(code),
    )
    .map(([code, status]) => [status, code]),
);

/** Messages for the framework's own client errors, worded for the person using the app. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty. Send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE:
    'This content type is not supported here. Send the data as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
  FST_ERR_CTP_BODY_TOO_LARGE: `The request is too large. The limit is ${JSON_BODY_LIMIT_BYTES / 1024 / 1024} MB.`,
};

function describePath(instancePath: string): string {
  return instancePath
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

export function toFieldProblems(
  validation: FastifySchemaValidationError[],
  context: string | undefined,
): FieldProblem[] {
  return validation.map((issue) => {
    const missingProperty =
      issue.keyword === 'required' && typeof issue.params.missingProperty === 'string'
        ? issue.params.missingProperty
        : '';
    const field = [describePath(issue.instancePath), missingProperty].filter(Boolean).join('.');
    return { field, in: context ?? 'body', message: issue.message ?? 'is invalid' };
  });
}

function validationMessage(first: FieldProblem | undefined): string {
  if (!first) return 'The request is invalid.';
  // Contract messages are sentences already; do not end them twice.
  const sentence = /[.!?]$/.test(first.message) ? first.message : `${first.message}.`;
  if (!first.field) return `The request ${first.in} is invalid: ${sentence}`;
  return `${first.field}: ${sentence}`;
}

function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (isAppError(error)) {
    if (error.statusCode >= 500) request.log.error({ err: error }, 'request failed');
    return sendFailure(reply, error.statusCode, {
      message: error.message,
      code: error.code,
      details: error.details,
    });
  }

  if (error.validation) {
    const details = toFieldProblems(error.validation, error.validationContext);
    return sendFailure(reply, 400, {
      message: validationMessage(details[0]),
      code: 'VALIDATION_FAILED',
      details,
    });
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODE[status] ?? 'BAD_REQUEST';
    const message =
      (error.code && FRAMEWORK_MESSAGES[error.code]) || error.message || 'The request is invalid.';
    return sendFailure(reply, status, { message, code });
  }

  // The database is down or restarting: the request was fine, the client should try again
  // shortly. postgres.js fails such queries at once (connection refused) or within the
  // connect timeout, so nobody waits for a client-side timeout.
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'the database is unreachable');
    reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    return sendFailure(reply, 503, { message: DATABASE_UNAVAILABLE_MESSAGE, code: 'UNAVAILABLE' });
  }

  // Anything else is our fault: log everything (the request id comes with the request
  // logger) and tell the client only what it can act on.
  request.log.error({ err: error }, 'unhandled error');
  return sendFailure(reply, 500, {
    message: INTERNAL_MESSAGE,
    code: 'INTERNAL',
    details: { requestId: request.id },
  });
}

/** One error handler for the whole app: every failure leaves as the failure envelope. */
export default fp(
  async (app) => {
    app.setErrorHandler(handleError);
  },
  { name: 'error-handler' },
);
