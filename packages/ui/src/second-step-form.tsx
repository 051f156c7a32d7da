import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { TextField } from './field.tsx';
import { OneTimeCodeField } from './one-time-code.tsx';
import './second-step.css';

/** The methods typed in as a code. */
export type SecondStepMethod = 'totp' | 'recovery_code';

export interface SecondStepFormProps {
  /**
   * What the account offers; the recovery-code switch shows only when it is one of them, the
   * "Use a passkey" button only when 'passkey' is (and `onPasskey` is given).
   */
  methods: readonly (SecondStepMethod | 'passkey')[];
  /** Sends the code; a rejection's message is shown above the field. */
  onSubmit: (method: SecondStepMethod, code: string) => Promise<unknown>;
  /** Asks the browser for one of the account's passkeys and sends it; a rejection's message is shown. */
  onPasskey?: () => Promise<unknown>;
  /** Back to the e-mail and password. */
  onCancel: () => void;
  /** The button that sends the code; "Verify and sign in" for a sign-in. */
  submitLabel?: string;
  /** The way out; "Back to sign in" for a sign-in. */
  cancelLabel?: string;
}

const CHECKS: Record<SecondStepMethod, (code: string) => string | undefined> = {
  totp: (code) =>
    /^\d{6}$/.test(code.replace(/\s+/g, ''))
      ? undefined
      : 'Enter the 6-digit code from your authenticator app.',
  recovery_code: (code) => (code.trim() ? undefined : 'Enter one of your recovery codes.'),
};

function messageOf(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'The code could not be checked. Try again.';
}

/**
 * The second step of a sign-in: the code from the authenticator app (the browser and password
 * managers may fill it in: autocomplete="one-time-code"), or one of the recovery codes instead.
 */
export function SecondStepForm({
  methods,
  onSubmit,
  onPasskey,
  onCancel,
  submitLabel = 'Verify and sign in',
  cancelLabel = 'Back to sign in',
}: SecondStepFormProps) {
  const codeMethods = methods.filter((option): option is SecondStepMethod => option !== 'passkey');
  const offersPasskey = methods.includes('passkey') && onPasskey !== undefined;
  const [method, setMethod] = useState<SecondStepMethod>(codeMethods[0] ?? 'totp');
  const [isPasskeyBusy, setIsPasskeyBusy] = useState(false);
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const otherMethod: SecondStepMethod = method === 'totp' ? 'recovery_code' : 'totp';
  const canSwitch = codeMethods.includes(otherMethod);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the field is focused again for each method.
  useEffect(() => {
    input.current?.focus();
  }, [method]);

  const switchMethod = () => {
    setMethod(otherMethod);
    setCode('');
    setFieldError(undefined);
    setServerError(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = CHECKS[method](code);
    setFieldError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setServerError(undefined);
    setIsSubmitting(true);
    try {
      await onSubmit(method, code.trim());
    } catch (error) {
      setServerError(messageOf(error));
      setCode('');
      input.current?.focus();
    } finally {
      setIsSubmitting(false);
    }
  };

  const signWithPasskey = async () => {
    if (!onPasskey) return;
    setServerError(undefined);
    setIsPasskeyBusy(true);
    try {
      await onPasskey();
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setIsPasskeyBusy(false);
    }
  };

  const errorId = 'second-step-error';
  const errorAlert = serverError && (
    <div id={errorId}>
      <Alert variant="danger" title="That didn't work">
        {serverError}
      </Alert>
    </div>
  );
  if (codeMethods.length === 0) {
    // The account's only second factor is a passkey: no code to type.
    return (
      <div className="second-step" aria-describedby={serverError ? errorId : undefined}>
        <p className="second-step__lead">Use your passkey to finish signing in.</p>
        {errorAlert}
        <Button
          type="button"
          size="lg"
          isBlock
          isLoading={isPasskeyBusy}
          onClick={() => void signWithPasskey()}
        >
          Use a passkey
        </Button>
        <div className="second-step__links">
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            {cancelLabel}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form
      className="second-step"
      onSubmit={submit}
      noValidate
      aria-describedby={serverError ? errorId : undefined}
    >
      <p className="second-step__lead">
        {method === 'totp'
          ? 'Open your authenticator app and enter the 6-digit code it shows for MedHire.'
          : 'Enter one of the recovery codes you saved when you turned on the authenticator app. Each code works once.'}
      </p>
      {errorAlert}
      {method === 'totp' ? (
        <OneTimeCodeField
          key="totp"
          ref={input}
          label="Authentication code"
          name="code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
      ) : (
        <TextField
          key="recovery"
          ref={input}
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="abcde-fghij"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={fieldError}
        />
      )}
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting} disabled={isPasskeyBusy}>
        {submitLabel}
      </Button>
      {offersPasskey && (
        <Button
          type="button"
          variant="secondary"
          size="lg"
          isBlock
          isLoading={isPasskeyBusy}
          disabled={isSubmitting}
          onClick={() => void signWithPasskey()}
        >
          Use a passkey
        </Button>
      )}
      <div className="second-step__links">
        {canSwitch && (
          <Button type="button" variant="ghost" size="sm" onClick={switchMethod}>
            {otherMethod === 'recovery_code'
              ? 'Use a recovery code instead'
              : 'Use your authenticator app instead'}
          </Button>
        )}
        <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
          {cancelLabel}
        </Button>
      </div>
    </form>
  );
}
