import { ZSetPasswordBody } from '@medhire/contract/auth';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { EmailField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { AlertIcon } from '@medhire/ui/icons.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { accountAccessApi } from '../api/account-access-api.ts';
import { useStartSession } from '../session-start.ts';
import './auth-forms.css';

/**
 * The first password of a claimed organisation's account, from the link e-mailed after the
 * claim (`?email=&token=`). Setting it signs the person in.
 */
export function SetPasswordScreen() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const email = searchParams.get('email')?.trim() ?? '';

  return (
    <div className="auth-screen">
      <title>Set up your password · MedHire</title>
      {token ? (
        <SetPasswordForm email={email} token={token} />
      ) : (
        <EmptyState
          headingLevel={1}
          icon={<AlertIcon size={26} />}
          title="This link is incomplete"
          description="Open the link from your MedHire e-mail again, or copy the whole address into the browser. Links work once and expire after a while; claim your business again to get a new one."
          action={
            <div className="auth-form__row">
              <Link className={buttonClasses()} to="/claimBusiness">
                Claim your business
              </Link>
              <Link className={buttonClasses({ variant: 'secondary' })} to="/signIn">
                Sign in
              </Link>
            </div>
          }
        />
      )}
    </div>
  );
}

function SetPasswordForm({ email, token }: { email: string; token: string }) {
  const navigate = useNavigate();
  const startSession = useStartSession();
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: contractResolver(ZSetPasswordBody),
    defaultValues: { email, password: '', token },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    serverError.attempt(async () => {
      const session = await accountAccessApi.setPassword(body);
      const started = startSession(session);
      if (started.kind === 'refused') {
        serverError.setMessage(started.message);
        return;
      }
      if (started.kind === 'navigate') {
        notifySuccess('Your password is set. Welcome to MedHire.');
        await navigate(started.to, { replace: true });
      }
    }),
  );

  return (
    <>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title">Set up your password</h1>
        <p className="auth-screen__lead">
          Choose the password you will sign in with. Setting it signs you in to manage your organization.
        </p>
      </header>
      <ServerForm serverError={serverError} errorTitle="We couldn't set your password" onSubmit={onSubmit}>
        <EmailField
          label="E-mail address"
          autoComplete="username"
          readOnly={email !== ''}
          hint={email ? 'The address the link was sent to.' : undefined}
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
        {errors.token?.message && <p className="field__error">{errors.token.message}</p>}
        <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
          Set password and sign in
        </Button>
      </ServerForm>
      <footer className="auth-screen__footer">
        <p>
          Already set a password? <Link to="/signIn">Sign in</Link>
        </p>
      </footer>
    </>
  );
}
