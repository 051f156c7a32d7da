import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@medhire/contract/auth';

export interface PasswordRule {
  id: 'length' | 'notRepeated' | 'notEmail';
  label: string;
  isMet: boolean;
}

/**
 * The contract's password policy (ZNewPassword) as a checklist the person can watch while
 * typing. The schema still decides; this only explains it.
 */
export function passwordRules(password: string, email?: string): PasswordRule[] {
  const normalisedEmail = email?.trim().toLowerCase() ?? '';
  return [
    {
      id: 'length',
      label: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters`,
      isMet: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    },
    // ZNewPassword refuses only a password made of one character ("aaaaaaaaaaaa"); characters may repeat.
    { id: 'notRepeated', label: 'At least two different characters', isMet: new Set(password).size > 1 },
    {
      id: 'notEmail',
      label: 'Not your e-mail address',
      isMet: password.length > 0 && password.trim().toLowerCase() !== normalisedEmail,
    },
  ];
}
