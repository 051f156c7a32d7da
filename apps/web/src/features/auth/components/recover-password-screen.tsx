import { ZSendRecoveryOtpBody, ZUpdatePasswordByOtpBody } from '@medhire/contract/auth';
import { Button } from '@medhire/ui/button.tsx';
import { EmailField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { VerifyCodeStep } from '../../../components/verify-code-step.tsx';
import { accountAccessApi } from '../api/account-access-api.ts';
import { useStepFocus } from './use-step-focus.ts';
import './auth-forms.css';

type RecoveryStep =
  | { name: 'email' }
  | { name: 'code'; email: string }
  | { name: 'password'; email: string; resetToken: string };

export const PASSWORD_CHANGED_MESSAGE = 'Your password has been changed. Sign in with your new password.';

/**
 * Password recovery: a code to the account's e-mail, then a short-lived reset token traded
 * for the new password. The server answers the first step the same way whether or not the
 * address has an account, so nobody can probe for accounts here.
 */
export function RecoverPasswordScreen() {
  const [step, setStep] = useState<RecoveryStep>({ name: 'email' });
  const [email, setEmail] = useState('');
  const navigate = useNavigate();

  return (
    <div className="auth-screen">
      <title>Recover your password · MedHire</title>
      {step.name === 'email' && (
        <EmailStep
          defaultEmail={email}
          onSent={(sentTo) => {
            setEmail(sentTo);
            setStep({ name: 'code', email: sentTo });
          }}
        />
      )}
      {step.name === 'code' && (
        <CodeStep
          email={step.email}
          onVerified={(resetToken) => setStep({ name: 'password', email: step.email, resetToken })}
          onChangeEmail={() => setStep({ name: 'email' })}
        />
      )}
      {step.name === 'password' && (
        <PasswordStep
          email={step.email}
          resetToken={step.resetToken}
          onChanged={() => {
            notifySuccess(PASSWORD_CHANGED_MESSAGE);
            void navigate('/signIn', { replace: true });
          }}
          onExpired={() => setStep({ name: 'email' })}
        />
      )}
      <footer className="auth-screen__footer">
        <p>
          Remembered your password? <Link to="/signIn">Sign in</Link>
        </p>
      </footer>
    </div>
  );
}

function StepHeader({ step, title, lead }: { step: number; title: string; lead: ReactNode }) {
  const headingRef = useStepFocus<HTMLHeadingElement>();
  return (
    <header className="auth-screen__header">
      <p className="auth-screen__eyebrow">Step {step} of 3</p>
      <h1 className="auth-screen__title" ref={headingRef} tabIndex={-1}>
        {title}
      </h1>
      <p className="auth-screen__lead">{lead}</p>
    </header>
  );
}

function EmailStep({ defaultEmail, onSent }: { defaultEmail: string; onSent: (email: string) => void }) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZSendRecoveryOtpBody), defaultValues: { email: defaultEmail } });

  const onSubmit = handleSubmit((body) =>
    serverError.attempt(async () => {
      await accountAccessApi.sendRecoveryOtp(body);
      onSent(body.email);
    }),
  );

  return (
    <>
      <StepHeader
        step={1}
        title="Recover your password"
        lead="Enter the e-mail address you sign in with. We will send you a 6-digit code."
      />
      <ServerForm serverError={serverError} errorTitle="We couldn't send the code" onSubmit={onSubmit}>
        <EmailField
          label="E-mail address"
          autoComplete="username"
          placeholder="you@practice.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          Send code
        </Button>
      </ServerForm>
    </>
  );
}

function CodeStep({
  email,
  onVerified,
  onChangeEmail,
}: {
  email: string;
  onVerified: (resetToken: string) => void;
  onChangeEmail: () => void;
}) {
  return (
    <>
      <StepHeader
        step={2}
        title="Enter your code"
        lead={
          <>
            If <strong>{email}</strong> has a MedHire account, a 6-digit code is on its way there.
          </>
        }
      />
      <VerifyCodeStep
        email={email}
        submitLabel="Continue"
        onVerify={async (otp) => {
          const { resetToken } = await accountAccessApi.verifyRecoveryOtp({ email, otp });
          onVerified(resetToken);
        }}
        onResend={() => accountAccessApi.sendRecoveryOtp({ email })}
        onBack={onChangeEmail}
      />
    </>
  );
}

const ZNewPasswordForm = ZUpdatePasswordByOtpBody.pick({ password: true });

function PasswordStep({
  email,
  resetToken,
  onChanged,
  onExpired,
}: {
  email: string;
  resetToken: string;
  onChanged: () => void;
  onExpired: () => void;
}) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: contractResolver(ZNewPasswordForm),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ password }) =>
    serverError.attempt(async () => {
      await accountAccessApi.updatePasswordByOtp({ password, resetToken });
      onChanged();
    }),
  );

  return (
    <>
      <StepHeader
        step={3}
        title="Choose a new password"
        lead="Other devices signed in to this account will be signed out."
      />
      <ServerForm serverError={serverError} errorTitle="We couldn't change your password" onSubmit={onSubmit}>
        <NewPasswordFields
          email={email}
          password={watch('password')}
          registration={register('password')}
          error={errors.password?.message}
          withHiddenUsername
        />
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          Change password
        </Button>
        {serverError.message && (
          <Button variant="ghost" size="sm" onClick={onExpired}>
            Start again with a new code
          </Button>
        )}
      </ServerForm>
    </>
  );
}
