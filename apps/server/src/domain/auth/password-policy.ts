import { PASSWORD_MESSAGES } from '@medhire/contract/auth';
import { AppError } from '../../lib/app-error.ts';

/**
 * The part of the password policy a body schema cannot check because the e-mail is not in
 * that body. Fails like schema validation: 400 naming the field.
 */
export function assertPasswordIsNotEmail(password: string, email: string, field: string): void {
  if (password.trim().toLowerCase() !== email) return;
  throw new AppError('VALIDATION_FAILED', `${field}: ${PASSWORD_MESSAGES.sameAsEmail}`, [
    { field, in: 'body', message: PASSWORD_MESSAGES.sameAsEmail },
  ]);
}
