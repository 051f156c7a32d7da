import type { TUserRow } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Why an account may not use MedHire right now, as the person should read it; undefined when
 * it may. Draft accounts belong to unclaimed practices and have no password yet.
 */
export function accessRefusal(user: TUserRow): AppError | undefined {
  if (user.archivedAt) {
    return new AppError('UNAUTHENTICATED', 'This account has been deleted.', { reason: 'ACCOUNT_ARCHIVED' });
  }
  switch (user.accountStatus) {
    case 'block':
      return new AppError(
        'FORBIDDEN',
        'This account has been blocked. Contact MedHire support to restore access.',
        { reason: 'ACCOUNT_BLOCKED' },
      );
    case 'rejected':
      return new AppError(
        'FORBIDDEN',
        'This account was not approved to use MedHire, so it cannot sign in. Contact MedHire support if you think this is a mistake.',
        { reason: 'ACCOUNT_REJECTED' },
      );
    case 'draft':
      return new AppError(
        'FORBIDDEN',
        'This practice has not been claimed yet. Claim it to set a password and sign in.',
        { reason: 'ACCOUNT_UNCLAIMED' },
      );
    default:
      return undefined;
  }
}
