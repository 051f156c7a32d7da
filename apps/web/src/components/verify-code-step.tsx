import { ZVerifyOtpBody } from '@medhire/contract/auth';
import { Button } from '@medhire/ui/button.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { OneTimeCodeField, ResendCodeButton } from '@medhire/ui/one-time-code.tsx';
import { notifyFormError, notifySuccess } from '@medhire/ui/toast.ts';
import { useForm } from 'react-hook-form';
import { describeError, errorMessage } from '../lib/http.ts';
import { FormError, ServerForm, useServerError } from './form-error.tsx';

const ZCodeForm = ZVerifyOtpBody.pick({ otp: true });

export interface VerifyCodeStepProps {
  email: string;
  /** Sends the code to the server; a rejection is shown and the typed code kept. */
  onVerify: (otp: string) => Promise<unknown>;
  onResend: () => Promise<unknown>;
  submitLabel: string;
  /**
   * `page`: a step of its own on an auth screen, with a way back to the e-mail step.
   * `inline`: inside a settings card, saying where the code went, with a way to cancel.
   */
  layout?: 'page' | 'inline';
  /** Goes back to choosing the address (page layout: "Use a different e-mail"; inline: "Cancel"). */
  onBack: () => void;
  /** The title of a refusal shown above the field. */
  errorTitle?: string;
}

/**
 * Entering the 6-digit code e-mailed to the person: to confirm a new account, to recover a
 * password, or to confirm a new sign-in address.
 */
export function VerifyCodeStep({
  email,
  onVerify,
  onResend,
  submitLabel,
  layout = 'page',
  onBack,
  errorTitle = 'That did not work',
}: VerifyCodeStepProps) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZCodeForm), defaultValues: { otp: '' } });

  const onSubmit = handleSubmit(({ otp }) => serverError.attempt(() => onVerify(otp)));

  const resend = async () => {
    if (layout === 'page') serverError.setMessage(null);
    try {
      await onResend();
      notifySuccess(`We sent a new code to ${email}.`);
    } catch (error) {
      const message = errorMessage(error);
      if (layout === 'page') serverError.setMessage(describeError(error));
      notifyFormError(message);
      throw error;
    }
  };

  if (layout === 'inline') {
    return (
      <form
        className="account-form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={serverError.message ? serverError.id : undefined}
      >
        <p role="status">
          We sent a 6-digit code to <strong>{email}</strong>.
        </p>
        <FormError id={serverError.id} title={errorTitle} message={serverError.message} />
        <OneTimeCodeField label="6-digit code" error={errors.otp?.message} {...register('otp')} />
        <div className="account-form__actions">
          <Button type="submit" isLoading={isSubmitting}>
            {submitLabel}
          </Button>
          <ResendCodeButton onResend={resend} />
          <Button variant="ghost" onClick={onBack}>
            Cancel
          </Button>
        </div>
      </form>
    );
  }

  return (
    <ServerForm serverError={serverError} errorTitle={errorTitle} onSubmit={onSubmit}>
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
        <Button variant="ghost" size="sm" onClick={onBack}>
          Use a different e-mail
        </Button>
      </div>
    </ServerForm>
  );
}
