import { PasswordField } from '@medhire/ui/field.tsx';
import { NewPasswordField } from '@medhire/ui/new-password-field.tsx';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { passwordRules } from '../lib/password-rules.ts';

export interface NewPasswordFieldsProps {
  /** The account's e-mail: the password may not repeat it. */
  email: string;
  /** What is typed so far, for the checklist of rules. */
  password: string;
  registration: UseFormRegisterReturn;
  error?: string;
  label?: string;
  /**
   * The page shows no e-mail field: a hidden one lets password managers store the new
   * password against the right account.
   */
  withHiddenUsername?: boolean;
  /** Changing a password that is known: its current value first. */
  current?: { registration: UseFormRegisterReturn; error?: string };
}

/** Choosing a password: its rules listed and checked while typing, for every form that sets one. */
export function NewPasswordFields({
  email,
  password,
  registration,
  error,
  label = 'New password',
  withHiddenUsername = false,
  current,
}: NewPasswordFieldsProps) {
  return (
    <>
      {withHiddenUsername && (
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      )}
      {current && (
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          error={current.error}
          {...current.registration}
        />
      )}
      <NewPasswordField
        label={label}
        error={error}
        requirements={passwordRules(password, email)}
        {...registration}
      />
    </>
  );
}
