import { type FormEvent, useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { PasswordField, TextField } from './field.tsx';
import './second-step.css';

export type DisableTotpProof = { password: string } | { code: string };

export interface DisableTotpFormProps {
  /** Turns the app off with the proof; a rejection's message is shown. */
  onDisable: (proof: DisableTotpProof) => Promise<unknown>;
  onCancel: () => void;
}

/** Turning the authenticator app off: the current password, or a code (from the app, or a recovery code). */
export function DisableTotpForm({ onDisable, onCancel }: DisableTotpFormProps) {
  const [proofKind, setProofKind] = useState<'password' | 'code'>('password');
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!value.trim()) {
      setFieldError(proofKind === 'password' ? 'Enter your current password.' : 'Enter a code.');
      return;
    }
    setFieldError(undefined);
    setServerError(undefined);
    setIsSubmitting(true);
    try {
      await onDisable(proofKind === 'password' ? { password: value } : { code: value.trim() });
    } catch (error) {
      setServerError(
        error instanceof Error ? error.message : 'The authenticator app could not be turned off.',
      );
    } finally {
      setIsSubmitting(false);
    }
  };

  const switchKind = () => {
    setProofKind((kind) => (kind === 'password' ? 'code' : 'password'));
    setValue('');
    setFieldError(undefined);
    setServerError(undefined);
  };

  return (
    <form className="totp-enrolment" onSubmit={submit} noValidate>
      <p className="second-step__lead">
        Signing in will need only your password. Your recovery codes stop working too.
      </p>
      {serverError && (
        <Alert variant="danger" title="The authenticator app is still on">
          {serverError}
        </Alert>
      )}
      {proofKind === 'password' ? (
        <PasswordField
          key="password"
          label="Current password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
        />
      ) : (
        <TextField
          key="code"
          label="Code from your authenticator app, or a recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={fieldError}
        />
      )}
      <div className="totp-enrolment__actions">
        <Button type="submit" variant="danger" isLoading={isSubmitting}>
          Turn off
        </Button>
        <Button type="button" variant="ghost" onClick={switchKind}>
          {proofKind === 'password' ? 'Use a code instead' : 'Use my password instead'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
