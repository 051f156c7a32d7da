import { ERROR_STATUS, type TErrorCode } from '@medhire/contract/errors';

/**
 * The one error type domain code throws. The error handler turns it into the failure
 * envelope with the status ERROR_STATUS assigns to its code; `message` is shown to the
 * person using the app, so write it for them.
 */
export class AppError extends Error {
  readonly code: TErrorCode;
  readonly statusCode: number;
  readonly details: unknown;

  constructor(code: TErrorCode, message: string, details?: unknown) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = details;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
