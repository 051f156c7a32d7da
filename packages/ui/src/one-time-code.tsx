import { useEffect, useState } from 'react';
import { Button } from './button.tsx';
import { TextField, type TextFieldProps } from './field.tsx';
import './one-time-code.css';

export type OneTimeCodeFieldProps = Omit<TextFieldProps, 'type' | 'inputMode' | 'autoComplete'> & {
  length?: number;
};

/**
 * One box for the whole code: browsers and phones offer the code from the e-mail or SMS
 * (autocomplete="one-time-code"), pasting works, and screen readers meet one field, not six.
 */
export function OneTimeCodeField({ length = 6, className, ...props }: OneTimeCodeFieldProps) {
  return (
    <TextField
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern={`\\d{${length}}`}
      maxLength={length}
      spellCheck={false}
      className={['one-time-code', className].filter(Boolean).join(' ')}
      {...props}
    />
  );
}

export interface ResendCodeButtonProps {
  /** Sends the code again; a rejection keeps the button available. */
  onResend: () => Promise<unknown>;
  /** Seconds to wait before the first and every later resend. */
  cooldownSeconds?: number;
}

/** "Resend code", counting down before it can be used so codes are not sent in bursts. */
export function ResendCodeButton({ onResend, cooldownSeconds = 30 }: ResendCodeButtonProps) {
  const [secondsLeft, setSecondsLeft] = useState(cooldownSeconds);
  const [isSending, setIsSending] = useState(false);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);

  const resend = async () => {
    setIsSending(true);
    try {
      await onResend();
      setSecondsLeft(cooldownSeconds);
    } catch {
      // The caller reports the failure; the person may try again at once.
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={resend}
      isLoading={isSending}
      disabled={secondsLeft > 0}
      className="resend-code"
    >
      {secondsLeft > 0 ? `Resend code in ${secondsLeft} s` : 'Resend code'}
    </Button>
  );
}
