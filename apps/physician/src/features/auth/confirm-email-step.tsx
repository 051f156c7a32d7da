import type { TVerifyOtpBody } from '@medhire/contract/auth';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { OneTimeCodeField, ResendCodeButton } from '@medhire/ui/one-time-code.tsx';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useAppDispatch } from '../../app/hooks.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { signedIn } from '../../lib/session-slice.ts';
import { useResendSignUpCodeMutation, useVerifySignUpCodeMutation } from './auth-api.ts';

const codeResolver = lazyContractResolver<TVerifyOtpBody, TVerifyOtpBody>(() =>
  import('@medhire/contract/auth').then((contract) => contract.ZVerifyOtpBody),
);

/**
 * The e-mailed code that confirms a new account and turns it into a session: after sign-up, and
 * when someone signs in before confirming (the server has just sent a fresh code then).
 */
export function ConfirmEmailStep({ email, intro }: { email: string; intro?: string }) {
  const dispatch = useAppDispatch();
  const [verify, { error, isLoading }] = useVerifySignUpCodeMutation();
  const [resend, resendState] = useResendSignUpCodeMutation();
  const form = useForm<TVerifyOtpBody>({
    resolver: codeResolver.resolver,
    defaultValues: { email, otp: '' },
  });
  useEffect(() => codeResolver.warmUp(), []);
  // The step replaced the form the person just sent: their focus goes to the code.
  useEffect(() => form.setFocus('otp'), [form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await verify(values);
    // The signed-out guard moves on: to the profile after sign-up, to where the person was headed after sign-in.
    if ('data' in result && result.data) dispatch(signedIn(result.data));
  });

  return (
    <form className="auth-screen__form" onSubmit={onSubmit} noValidate aria-labelledby="confirm-title">
      <h1 id="confirm-title" className="auth-screen__title">
        Confirm your e-mail
      </h1>
      <p className="auth-screen__switch">
        {intro ?? `We sent a 6-digit code to ${email}. Enter it here to finish.`}
      </p>
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
