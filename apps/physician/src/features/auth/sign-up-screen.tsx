import type { TVerifyOtpBody } from '@medhire/contract/auth';
import type { TPhysicianRegisterBody } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField, TextField } from '@medhire/ui/field.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { OneTimeCodeField, ResendCodeButton } from '@medhire/ui/one-time-code.tsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { signedIn } from '../../lib/session-slice.ts';
import {
  isSession,
  useResendSignUpCodeMutation,
  useSignUpMutation,
  useVerifySignUpCodeMutation,
} from './auth-api.ts';
import './auth.css';

const registerResolver = lazyContractResolver<TPhysicianRegisterBody, TPhysicianRegisterBody>(() =>
  import('@medhire/contract/physicians').then((contract) => contract.ZPhysicianRegisterBody),
);

const codeResolver = lazyContractResolver<TVerifyOtpBody, TVerifyOtpBody>(() =>
  import('@medhire/contract/auth').then((contract) => contract.ZVerifyOtpBody),
);

/** The second step when sign-up e-mails a code: the code turns the new account into a session. */
function ConfirmEmailStep({ email }: { email: string }) {
  const dispatch = useAppDispatch();
  const [verify, { error, isLoading }] = useVerifySignUpCodeMutation();
  const [resend, resendState] = useResendSignUpCodeMutation();
  const form = useForm<TVerifyOtpBody>({
    resolver: codeResolver.resolver,
    defaultValues: { email, otp: '' },
  });
  useEffect(() => codeResolver.warmUp(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await verify(values);
    // The signed-out guard moves on to the profile: a new account has none, and applying needs one.
    if ('data' in result && result.data) dispatch(signedIn(result.data));
  });

  return (
    <form className="auth-screen__form" onSubmit={onSubmit} noValidate aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="auth-screen__title">
        Confirm your e-mail
      </h1>
      <p className="auth-screen__switch">We sent a 6-digit code to {email}. Enter it here to finish.</p>
      {(error ?? resendState.error) && (
        <Alert variant="danger">{(error ?? resendState.error)?.message}</Alert>
      )}
      <OneTimeCodeField label="Code" error={form.formState.errors.otp?.message} {...form.register('otp')} />
      <Button type="submit" isBlock isLoading={isLoading}>
        Confirm and continue
      </Button>
      <ResendCodeButton onResend={() => resend({ email }).unwrap()} />
    </form>
  );
}

export function SignUpScreen() {
  const dispatch = useAppDispatch();
  const [signUp, { error, isLoading }] = useSignUpMutation();
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const form = useForm<TPhysicianRegisterBody>({
    resolver: registerResolver.resolver,
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  });
  const { errors } = form.formState;
  useEffect(() => registerResolver.warmUp(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signUp(values);
    if (!('data' in result) || !result.data) return;
    // The signed-out guard moves on to the profile: a new account has none, and applying needs one.
    if (isSession(result.data)) dispatch(signedIn(result.data));
    else setCodeSentTo(result.data.email);
  });

  return (
    <main className="auth-screen">
      <title>Create your account · MedHire for physicians</title>
      <div className="auth-screen__panel">
        <Logo />
        <Card>
          {codeSentTo ? (
            <ConfirmEmailStep email={codeSentTo} />
          ) : (
            <form
              className="auth-screen__form"
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="sign-up-title"
            >
              <h1 id="sign-up-title" className="auth-screen__title">
                Create your physician account
              </h1>
              {error && <Alert variant="danger">{error.message}</Alert>}
              <TextField
                label="First name"
                autoComplete="given-name"
                error={errors.firstName?.message}
                {...form.register('firstName')}
              />
              <TextField
                label="Last name"
                autoComplete="family-name"
                error={errors.lastName?.message}
                {...form.register('lastName')}
              />
              <EmailField
                label="E-mail"
                autoComplete="email"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PasswordField
                label="Password"
                autoComplete="new-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" isBlock isLoading={isLoading}>
                Create account
              </Button>
            </form>
          )}
        </Card>
        <p className="auth-screen__switch">
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
