import { ZVerifyOtpBody } from '@medhire/contract/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { OneTimeCodeField, ResendCodeButton } from '../../../components/ui/one-time-code.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { errorMessage } from '../../../lib/http.ts';
import { notifyFormError, notifySuccess } from '../../../lib/toast.ts';
import { FormError } from './form-error.tsx';

const ZCodeForm = ZVerifyOtpBody.pick({ otp: true });

export interface VerifyCodeFormProps {
  email: string;
  /** Sends the code to the server; a rejection is shown and the typed code kept. */
  onVerify: (otp: string) => Promise<unknown>;
  onResend: () => Promise<unknown>;
  onChangeEmail: () => void;
  submitLabel: string;
}

/** The second step of registration and recovery: the 6-digit code e-mailed to the person. */
export function VerifyCodeForm({
  email,
  onVerify,
  onResend,
  onChangeEmail,
  submitLabel,
}: VerifyCodeFormProps) {
  const errorId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZCodeForm), defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      await onVerify(otp);
    } catch (error) {
      const message = errorMessage(error);
      setServerError(message);
      notifyFormError(message);
    }
  });

  const resend = async () => {
    setServerError(null);
    try {
      await onResend();
      notifySuccess(`We sent a new code to ${email}.`);
    } catch (error) {
      const message = errorMessage(error);
      setServerError(message);
      notifyFormError(message);
      throw error;
    }
  };

  return (
    <form
      className="auth-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={serverError ? errorId : undefined}
    >
      <FormError id={errorId} title="That did not work" message={serverError} />
      <OneTimeCodeField
        label="6-digit code"
        hint="The code expires after a few minutes. Check your spam folder if it has not arrived."
        error={errors.otp?.message}
        {...register('otp')}
      />
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
        {submitLabel}
      </Button>
      <div className="auth-form__row">
        <ResendCodeButton onResend={resend} />
        <Button variant="ghost" size="sm" onClick={onChangeEmail}>
          Use a different e-mail
        </Button>
      </div>
    </form>
  );
}
