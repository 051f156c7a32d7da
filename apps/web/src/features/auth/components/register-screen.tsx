import { type TRegisterForm, ZRegisterForm } from '@medhire/contract/auth';
import { Button } from '@medhire/ui/button.tsx';
import { EmailField, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { OnboardingProgress } from '../../../app/onboarding-progress.tsx';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { VerifyCodeStep } from '../../../components/verify-code-step.tsx';
import { accountAccessApi } from '../api/account-access-api.ts';
import { useStartSession } from '../session-start.ts';
import { useStepFocus } from './use-step-focus.ts';
import './auth-forms.css';

/**
 * Registration (spec §2): the owner's name, e-mail and password, then the 6-digit code sent to
 * that address: the first two stages of sign-up. The code answers with a session; the guest-only
 * route then moves the new employer on to establishing the organization profile (session code 201).
 */
export function RegisterScreen() {
  const [registered, setRegistered] = useState<TRegisterForm | null>(null);
  const [draft, setDraft] = useState<TRegisterForm>({ fullName: '', email: '', password: '' });

  return (
    <div className="auth-screen">
      <title>{registered ? 'Confirm your e-mail · MedHire' : 'Create an account · MedHire'}</title>
      <OnboardingProgress stage={registered ? 'verifyEmail' : 'account'} />
      {registered ? (
        <ConfirmEmailStep credentials={registered} onChangeEmail={() => setRegistered(null)} />
      ) : (
        <DetailsStep
          defaultValues={draft}
          onRegistered={(credentials) => {
            setDraft(credentials);
            setRegistered(credentials);
          }}
        />
      )}
      <footer className="auth-screen__footer">
        <p>
          Already have an account? <Link to="/signIn">Sign in</Link>
        </p>
        <p>
          Is your organization already listed? <Link to="/claimBusiness">Claim your business</Link>
        </p>
      </footer>
    </div>
  );
}

function DetailsStep({
  defaultValues,
  onRegistered,
}: {
  defaultValues: TRegisterForm;
  onRegistered: (credentials: TRegisterForm) => void;
}) {
  const headingRef = useStepFocus<HTMLHeadingElement>();
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZRegisterForm), defaultValues, mode: 'onTouched' });

  const onSubmit = handleSubmit((credentials) =>
    serverError.attempt(async () => {
      await accountAccessApi.register(credentials);
      onRegistered(credentials);
    }),
  );

  return (
    <>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title" ref={headingRef} tabIndex={-1}>
          Create your employer account
        </h1>
        <p className="auth-screen__lead">
          For practices, groups and health organizations recruiting physicians in the United States.
        </p>
      </header>
      <ServerForm serverError={serverError} errorTitle="We couldn't create your account" onSubmit={onSubmit}>
        <TextField
          label="Your full name"
          hint="Your team sees it beside what you do in MedHire."
          autoComplete="name"
          error={errors.fullName?.message}
          {...register('fullName')}
        />
        <EmailField
          label="Work e-mail address"
          autoComplete="email"
          placeholder="you@practice.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordFields
          label="Password"
          email={watch('email')}
          password={watch('password')}
          registration={register('password')}
          error={errors.password?.message}
        />
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          Create account
        </Button>
        <p className="auth-form__legal">
          By creating an account you agree to the <Link to="/terms-conditions">terms and conditions</Link> and
          the <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </ServerForm>
    </>
  );
}

function ConfirmEmailStep({
  credentials,
  onChangeEmail,
}: {
  credentials: TRegisterForm;
  onChangeEmail: () => void;
}) {
  const headingRef = useStepFocus<HTMLHeadingElement>();
  const startSession = useStartSession();

  const verify = async (otp: string) => {
    const session = await accountAccessApi.verifyRegistrationOtp({ email: credentials.email, otp });
    const started = startSession(session);
    if (started.kind === 'refused') throw new Error(started.message);
  };

  return (
    <>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title" ref={headingRef} tabIndex={-1}>
          Confirm your e-mail
        </h1>
        <p className="auth-screen__lead">
          We sent a 6-digit code to <strong>{credentials.email}</strong>. Enter it to finish creating your
          account.
        </p>
      </header>
      <VerifyCodeStep
        email={credentials.email}
        submitLabel="Confirm and continue"
        onVerify={verify}
        // Registering again before confirming sends a fresh code (and keeps the same password).
        onResend={() => accountAccessApi.register(credentials)}
        onBack={onChangeEmail}
      />
    </>
  );
}
