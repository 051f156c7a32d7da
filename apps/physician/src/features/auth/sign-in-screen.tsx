import type { TPasskeyAssertion, TPasskeyOptions } from '@medhire/contract/passkeys';
import type { TPhysicianLoginBody, TPhysicianSession } from '@medhire/contract/physicians';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import {
  PasskeySignInButton,
  type PasskeySignInCalls,
  usePasskeyAutofill,
} from '@medhire/ui/passkey-sign-in.tsx';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { request } from '../../lib/http.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { noticeShown, selectSessionNotice, signedIn } from '../../lib/session-slice.ts';
import { EMAIL_NOT_VERIFIED, useSignInMutation } from './auth-api.ts';
import { ConfirmEmailStep } from './confirm-email-step.tsx';
import { DoximitySignIn } from './doximity-sign-in.tsx';
import './auth.css';

// Only accounts with a second factor need it: it stays out of the sign-in page's first download.
const SecondStep = lazy(() => import('./second-step.tsx').then((module) => ({ default: module.SecondStep })));

const loginResolver = lazyContractResolver<TPhysicianLoginBody, TPhysicianLoginBody>(() =>
  import('@medhire/contract/physicians').then((contract) => contract.ZPhysicianLoginBody),
);

/** What the app said when it sent the person here (account deleted, password reset), kept for this visit. */
function useNotice(): string | null {
  const dispatch = useAppDispatch();
  const notice = useAppSelector(selectSessionNotice);
  const [shown] = useState(notice);
  useEffect(() => {
    if (notice) dispatch(noticeShown());
  }, [dispatch, notice]);
  return shown;
}

export function SignInScreen() {
  const dispatch = useAppDispatch();
  const notice = useNotice();
  const [signIn, { error, isLoading }] = useSignInMutation();
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null);
  const [secondStep, setSecondStep] = useState<TSecondStepChallenge['secondStep'] | null>(null);
  const form = useForm<TPhysicianLoginBody>({
    resolver: loginResolver.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  useEffect(() => loginResolver.warmUp(), []);

  // A passkey signs in alone: offered in the e-mail field's suggestions, and by its own button.
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const passkeyCalls = useMemo<PasskeySignInCalls>(
    () => ({
      options: () =>
        request<TPasskeyOptions>('POST', '/employee/auth/passkey/authentication-options', { body: {} }),
      signIn: async (credential) => {
        const session = await request<TPhysicianSession>('POST', '/employee/auth/passkey/sign-in', {
          body: { credential: credential as TPasskeyAssertion },
        });
        // The signed-out guard moves on to where the person was headed.
        dispatch(signedIn(session));
      },
    }),
    [dispatch],
  );
  usePasskeyAutofill(passkeyCalls, setPasskeyError);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signIn(values);
    if ('data' in result && result.data) {
      if ('secondStep' in result.data) setSecondStep(result.data.secondStep);
      // The signed-out guard moves on to where the person was headed.
      else dispatch(signedIn(result.data));
    } else if ('error' in result && result.error && 'reason' in result.error) {
      if (result.error.reason === EMAIL_NOT_VERIFIED) {
        setUnconfirmed({ email: values.email, message: result.error.message });
      }
    }
  });

  return (
    <main className="auth-screen">
      <title>Sign in · MedHire for physicians</title>
      <div className="auth-screen__panel">
        <Logo />
        <Card>
          {secondStep ? (
            <Suspense fallback={<p role="status">Loading…</p>}>
              <SecondStep secondStep={secondStep} onCancel={() => setSecondStep(null)} />
            </Suspense>
          ) : unconfirmed ? (
            <ConfirmEmailStep email={unconfirmed.email} intro={unconfirmed.message} />
          ) : (
            <form
              className="auth-screen__form"
              onSubmit={onSubmit}
              noValidate
              aria-labelledby="sign-in-title"
            >
              <h1 id="sign-in-title" className="auth-screen__title">
                Sign in
              </h1>
              {notice && <Alert variant="success">{notice}</Alert>}
              {error && <Alert variant="danger">{error.message}</Alert>}
              {passkeyError && <Alert variant="danger">{passkeyError}</Alert>}
              <EmailField
                label="E-mail"
                autoComplete="username webauthn"
                error={errors.email?.message}
                {...form.register('email')}
              />
              <PasswordField
                label="Password"
                autoComplete="current-password"
                error={errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" isBlock isLoading={isLoading}>
                Sign in
              </Button>
              <PasskeySignInButton
                calls={passkeyCalls}
                onStart={() => setPasskeyError(null)}
                onError={setPasskeyError}
              />
              <Link to="/forgot-password" className="auth-screen__link">
                Forgot your password?
              </Link>
            </form>
          )}
          {!unconfirmed && !secondStep && <DoximitySignIn />}
        </Card>
        <p className="auth-screen__switch">
          New to MedHire? <Link to="/sign-up">Create your physician account</Link>
        </p>
      </div>
    </main>
  );
}
