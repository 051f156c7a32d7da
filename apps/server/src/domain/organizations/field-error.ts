import { AppError } from '../../lib/app-error.ts';

/** A body field the schema cannot judge alone (it needs stored data); fails like schema validation. */
export function bodyFieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', `${field}: ${message}`, [{ field, in: 'body', message }]);
}
