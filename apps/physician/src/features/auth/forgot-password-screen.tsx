import type {
  TSendRecoveryOtpBody,
  TUpdatePasswordByOtpBody,
  TVerifyRecoveryOtpBody,
} from '@medhire/contract/auth';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { OneTimeCodeField, ResendCodeButton } from '@medhire/ui/one-time-code.tsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { noticeRaised } from '../../lib/session-slice.ts';
import {
  useSendRecoveryCodeMutation,
  useUpdatePasswordByCodeMutation,
  useVerifyRecoveryCodeMutation,
} from './auth-api.ts';
import './auth.css';

const emailResolver = lazyContractResolver<TSendRecoveryOtpBody, TSendRecoveryOtpBody>(() =>
  import('@medhire/contract/auth').then((contract) => contract.ZSendRecoveryOtpBody),
);
const codeResolver = lazyContractResolver<TVerifyRecoveryOtpBody, TVerifyRecoveryOtpBody>(() =>
  import('@medhire/contract/auth').then((contract) => contract.ZVerifyRecoveryOtpBody),
);
const passwordResolver = lazyContractResolver<TUpdatePasswordByOtpBody, TUpdatePasswordByOtpBody>(() =>
  import('@medhire/contract/auth').then((contract) => contract.ZUpdatePasswordByOtpBody),
);

export const PASSWORD_RESET_NOTICE = 'Your password has been changed. Sign in with your new password.';

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const [send, { error, isLoading }] = useSendRecoveryCodeMutation();
  const form = useForm<TSendRecoveryOtpBody>({
    resolver: emailResolver.resolver,
    defaultValues: { email: '' },
  });
  useEffect(() => emailResolver.warmUp(), []);
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await send(values);
    if ('data' in result && result.data) onSent(values.email);
  });
  return (
    <form className="auth-screen__form" onSubmit={onSubmit} noValidate aria-labelledby="recover-title">
      <h1 id="recover-title" className="auth-screen__title">
        Reset your password
      </h1>
      <p className="auth-screen__switch">
        Enter the e-mail of your account. We will send you a 6-digit code.
      </p>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <EmailField
        label="E-mail"
        autoComplete="email"
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      <Button type="submit" isBlock isLoading={isLoading}>
        Send code
      </Button>
    </form>
  );
}

function CodeStep({ email, onVerified }: { email: string; onVerified: (resetToken: string) => void }) {
  const [verify, { error, isLoading }] = useVerifyRecoveryCodeMutation();
  const [resend, resendState] = useSendRecoveryCodeMutation();
  const form = useForm<TVerifyRecoveryOtpBody>({
    resolver: codeResolver.resolver,
    defaultValues: { email, otp: '' },
  });
  useEffect(() => codeResolver.warmUp(), []);
  // Each step replaces the one just sent: focus goes to its field.
  useEffect(() => form.setFocus('otp'), [form]);
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await verify(values);
    if ('data' in result && result.data) onVerified(result.data.resetToken);
  });
  const failure = error ?? resendState.error;
  return (
    <form className="auth-screen__form" onSubmit={onSubmit} noValidate aria-labelledby="recover-code-title">
      <h1 id="recover-code-title" className="auth-screen__title">
        Enter your code
      </h1>
      <p className="auth-screen__switch">
        If {email} has a MedHire account, we sent it a 6-digit code. It works for 15 minutes.
      </p>
      {failure && <Alert variant="danger">{failure.message}</Alert>}
      <OneTimeCodeField label="Code" error={form.formState.errors.otp?.message} {...form.register('otp')} />
      <Button type="submit" isBlock isLoading={isLoading}>
        Continue
      </Button>
      <ResendCodeButton onResend={() => resend({ email }).unwrap()} />
    </form>
  );
}

function NewPasswordStep({ resetToken }: { resetToken: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [update, { error, isLoading }] = useUpdatePasswordByCodeMutation();
  const form = useForm<TUpdatePasswordByOtpBody>({
    resolver: passwordResolver.resolver,
    defaultValues: { password: '', resetToken },
  });
  useEffect(() => passwordResolver.warmUp(), []);
  useEffect(() => form.setFocus('password'), [form]);
  const onSubmit = form.handleSubmit(async (values) => {
    const result = await update({ ...values, resetToken });
    if ('data' in result && result.data) {
      dispatch(noticeRaised(PASSWORD_RESET_NOTICE));
      navigate('/sign-in', { replace: true });
    }
  });
  return (
    <form
      className="auth-screen__form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="recover-password-title"
    >
      <h1 id="recover-password-title" className="auth-screen__title">
        Choose a new password
      </h1>
      {error && <Alert variant="danger">{error.message}</Alert>}
      <PasswordField
        label="New password"
        autoComplete="new-password"
        hint="Use at least 10 characters. Every device signed in to your account is signed out."
        error={form.formState.errors.password?.message}
        {...form.register('password')}
      />
      <Button type="submit" isBlock isLoading={isLoading}>
        Change password
      </Button>
    </form>
  );
}

/** Password recovery by an e-mailed code: e-mail, then the code, then the new password. */
export function ForgotPasswordScreen() {
  const [email, setEmail] = useState<string | null>(null);
  const [resetToken, setResetToken] = useState<string | null>(null);
  return (
    <main className="auth-screen">
      <title>Reset your password · MedHire for physicians</title>
      <div className="auth-screen__panel">
        <Logo />
        <Card>
          {resetToken ? (
            <NewPasswordStep resetToken={resetToken} />
          ) : email ? (
            <CodeStep email={email} onVerified={setResetToken} />
          ) : (
            <EmailStep onSent={setEmail} />
          )}
        </Card>
        <p className="auth-screen__switch">
          Remembered it? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
