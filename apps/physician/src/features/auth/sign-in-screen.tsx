import type { TPhysicianLoginBody } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch } from '../../app/hooks.ts';
import { lazyContractResolver } from '../../lib/lazy-resolver.ts';
import { signedIn } from '../../lib/session-slice.ts';
import { useSignInMutation } from './auth-api.ts';
import './auth.css';

const loginResolver = lazyContractResolver<TPhysicianLoginBody, TPhysicianLoginBody>(() =>
  import('@medhire/contract/physicians').then((contract) => contract.ZPhysicianLoginBody),
);

export function SignInScreen() {
  const dispatch = useAppDispatch();
  const [signIn, { error, isLoading }] = useSignInMutation();
  const form = useForm<TPhysicianLoginBody>({
    resolver: loginResolver.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;
  useEffect(() => loginResolver.warmUp(), []);

  const onSubmit = form.handleSubmit(async (values) => {
    const result = await signIn(values);
    if ('data' in result && result.data) {
      // The signed-out guard moves on to where the person was headed.
      dispatch(signedIn(result.data));
    }
  });

  return (
    <main className="auth-screen">
      <title>Sign in · MedHire for physicians</title>
      <div className="auth-screen__panel">
        <Logo />
        <Card>
          <form className="auth-screen__form" onSubmit={onSubmit} noValidate aria-labelledby="sign-in-title">
            <h1 id="sign-in-title" className="auth-screen__title">
              Sign in
            </h1>
            {error && <Alert variant="danger">{error.message}</Alert>}
            <EmailField
              label="E-mail"
              autoComplete="email"
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
          </form>
        </Card>
        <p className="auth-screen__switch">
          New to MedHire? <Link to="/sign-up">Create your physician account</Link>
        </p>
      </div>
    </main>
  );
}
