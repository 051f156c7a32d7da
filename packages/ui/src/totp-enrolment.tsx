import { type FormEvent, useState } from 'react';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';
import { OneTimeCodeField } from './one-time-code.tsx';
import './second-step.css';

export interface TotpEnrolmentPanelProps {
  /** The QR code as an image address (a data URL drawn by the server). */
  qrCodeDataUrl: string;
  /** The same key as text, for typing into the app. */
  secret: string;
  /** Sends a code from the app; a rejection's message is shown. */
  onConfirm: (code: string) => Promise<unknown>;
  onCancel: () => void;
}

/** "ABCD EFGH …": easier to read off and type. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

/** Setting up an authenticator app: scan the QR code (or type the key), then prove it with a code. */
export function TotpEnrolmentPanel({ qrCodeDataUrl, secret, onConfirm, onCancel }: TotpEnrolmentPanelProps) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.replace(/\s+/g, ''))) {
      setFieldError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setFieldError(undefined);
    setServerError(undefined);
    setIsSubmitting(true);
    try {
      await onConfirm(code);
    } catch (error) {
      setServerError(error instanceof Error ? error.message : 'The code could not be checked. Try again.');
      setCode('');
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <form className="totp-enrolment" onSubmit={submit} noValidate>
      <ol className="totp-enrolment__steps">
        <li>
          Open an authenticator app on your phone (for example Google Authenticator, Microsoft Authenticator
          or 1Password).
        </li>
        <li>Scan this QR code with it.</li>
      </ol>
      <img
        className="totp-enrolment__qr"
        src={qrCodeDataUrl}
        alt="QR code to add MedHire to your authenticator app"
      />
      <div>
        <p className="second-step__lead">Can't scan it? Enter this key in the app instead:</p>
        <code className="totp-enrolment__secret">{groupedSecret(secret)}</code>
      </div>
      {serverError && (
        <Alert variant="danger" title="That code didn't work">
          {serverError}
        </Alert>
      )}
      <OneTimeCodeField
        label="Code from the app"
        name="code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={fieldError}
      />
      <div className="totp-enrolment__actions">
        <Button type="submit" isLoading={isSubmitting}>
          Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
