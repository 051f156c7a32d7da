import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginBody } from '@medhire/contract/auth';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import { notifyFormError } from '@medhire/ui/toast.ts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks.ts';
import { describeError } from '../../../lib/http.ts';
import { login } from '../auth-slice.ts';
import './auth-forms.css';

/**
 * Email and password sign-in. Where the session goes next is decided by the sign-in route's
 * guard (post-login destination, or the page that asked for sign-in), not here.
 */
export function SignInForm() {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { email: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (credentials) => {
    setServerError(null);
    const result = await dispatch(login(credentials));
    if (login.rejected.match(result)) {
      const message = result.payload ?? result.error.message ?? 'Sign-in failed.';
      setServerError(describeError(message));
      notifyFormError(message);
    }
  });

  return (
    <form
      className="auth-form"
      onSubmit={onSubmit}
      noValidate
      aria-describedby={serverError ? 'sign-in-error' : undefined}
    >
      {serverError && (
        <div id="sign-in-error">
          <Alert variant="danger" title="We couldn't sign you in">
            {serverError}
          </Alert>
        </div>
      )}
      <EmailField
        label="Email address"
        autoComplete="username"
        placeholder="you@practice.com"
        error={errors.email?.message}
        {...register('email')}
      />
      <div className="auth-form__password">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <Link className="auth-form__aside-link" to="/recover-password">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
        Sign in
      </Button>
    </form>
  );
}
