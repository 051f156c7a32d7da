import type { TPhysicianRegisterBody } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField, TextField } from '@medhire/ui/field.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { useSignUpMutation } from './auth-api.ts';
import { ConfirmEmailStep } from './confirm-email-step.tsx';
import { DoximitySignIn } from './doximity-sign-in.tsx';
import './auth.css';

const registerResolver = lazyContractResolver<TPhysicianRegisterBody, TPhysicianRegisterBody>(() =>
  import('@medhire/contract/physicians').then((contract) => contract.ZPhysicianRegisterBody),
);

export function SignUpScreen() {
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
    // The account exists once its e-mail is confirmed with the code sent to it.
    if ('data' in result && result.data) setCodeSentTo(result.data.email);
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
          {!codeSentTo && <DoximitySignIn />}
        </Card>
        <p className="auth-screen__switch">
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      </div>
    </main>
  );
}
