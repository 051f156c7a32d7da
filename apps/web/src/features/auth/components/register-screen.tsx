import { type TRegisterBody, ZRegisterBody } from '@medhire/contract/auth';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { NewPasswordField } from '../../../components/ui/new-password-field.tsx';
import { contractResolver } from '../../../lib/form-resolver.ts';
import { errorMessage } from '../../../lib/http.ts';
import { passwordRules } from '../../../lib/password-rules.ts';
import { notifyFormError } from '../../../lib/toast.ts';
import { accountAccessApi } from '../api/account-access-api.ts';
import { useStartSession } from '../session-start.ts';
import { FormError } from './form-error.tsx';
import { useStepFocus } from './use-step-focus.ts';
import { VerifyCodeForm } from './verify-code-form.tsx';
import './auth-forms.css';

/**
 * Registration (spec §2): e-mail and password, then the 6-digit code sent to that address.
 * The code answers with a session; the guest-only route then moves the new employer on to
 * establishing the organisation profile (session code 201).
 */
export function RegisterScreen() {
  const [registered, setRegistered] = useState<TRegisterBody | null>(null);
  const [draft, setDraft] = useState<TRegisterBody>({ email: '', password: '' });

  return (
    <div className="auth-screen">
      <title>{registered ? 'Confirm your e-mail · MedHire' : 'Create an account · MedHire'}</title>
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
          Is your organisation already listed? <Link to="/claimBusiness">Claim your business</Link>
        </p>
      </footer>
    </div>
  );
}

function DetailsStep({
  defaultValues,
  onRegistered,
}: {
  defaultValues: TRegisterBody;
  onRegistered: (credentials: TRegisterBody) => void;
}) {
  const headingRef = useStepFocus<HTMLHeadingElement>();
  const errorId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: contractResolver(ZRegisterBody), defaultValues, mode: 'onTouched' });
  const password = watch('password');
  const email = watch('email');

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    try {
      await accountAccessApi.register(credentials);
      onRegistered(credentials);
    } catch (error) {
      const message = errorMessage(error);
      setServerError(message);
      notifyFormError(message);
    }
  });

  return (
    <>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title" ref={headingRef} tabIndex={-1}>
          Create your employer account
        </h1>
        <p className="auth-screen__lead">
          For practices, groups and health organisations recruiting physicians in the United States.
        </p>
      </header>
      <form
        className="auth-form"
        onSubmit={onSubmit}
        noValidate
        aria-describedby={serverError ? errorId : undefined}
      >
        <FormError id={errorId} title="We couldn't create your account" message={serverError} />
        <TextField
          label="Work e-mail address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@practice.com"
          error={errors.email?.message}
          {...register('email')}
        />
        <NewPasswordField
          label="Password"
          error={errors.password?.message}
          requirements={passwordRules(password, email)}
          {...register('password')}
        />
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          Create account
        </Button>
        <p className="auth-form__legal">
          By creating an account you agree to the <Link to="/terms-conditions">terms and conditions</Link> and
          the <Link to="/privacy-policy">privacy policy</Link>.
        </p>
      </form>
    </>
  );
}

function ConfirmEmailStep({
  credentials,
  onChangeEmail,
}: {
  credentials: TRegisterBody;
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
        <p className="auth-screen__eyebrow">Step 2 of 2</p>
        <h1 className="auth-screen__title" ref={headingRef} tabIndex={-1}>
          Confirm your e-mail
        </h1>
        <p className="auth-screen__lead">
          We sent a 6-digit code to <strong>{credentials.email}</strong>. Enter it to finish creating your
          account.
        </p>
      </header>
      <VerifyCodeForm
        email={credentials.email}
        submitLabel="Confirm and continue"
        onVerify={verify}
        // Registering again before confirming sends a fresh code (and keeps the same password).
        onResend={() => accountAccessApi.register(credentials)}
        onChangeEmail={onChangeEmail}
      />
    </>
  );
}
