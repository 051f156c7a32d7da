import type { TPasskeyAssertion } from '@medhire/contract/passkeys';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { checkSignIn, type TSignInErrors, type TSignInForm } from '@medhire/contract/sign-in';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { EmailField, PasswordField } from '@medhire/ui/field.tsx';
import {
  PasskeySignInButton,
  type PasskeySignInCalls,
  usePasskeyAutofill,
} from '@medhire/ui/passkey-sign-in.tsx';
import { dismissFormErrors, notifyFormError } from '@medhire/ui/toast.ts';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useAppDispatch } from '../../../app/hooks.ts';
import { preloadSignedInState } from '../../../app/load-signed-in-state.ts';
import { describeError } from '../../../lib/http.ts';
import { authApi } from '../api/auth-api.ts';
import { login, signInWithPasskey } from '../auth-slice.ts';
import './auth-forms.css';

type Field = keyof TSignInForm;

/** In the order the form shows them: a failed submit focuses the first one with a message. */
const FIELDS: readonly Field[] = ['email', 'password'];

/**
 * Email and password sign-in. Where the session goes next is decided by the sign-in route's
 * guard (post-login destination, or the page that asked for sign-in), not here.
 *
 * The form library and zod, which the other forms use, stay out of the sign-in page's download
 * (see checkSignIn); the form behaves as they do: a field is checked when it first loses focus
 * and on every change after that (or after a submit attempt), and a refused submit shows every
 * message and focuses the first field with one.
 */
export interface SignInFormProps {
  /** The password was right and the account asks for its second factor: the screen asks for the code. */
  onSecondStep: (secondStep: TSecondStepChallenge['secondStep']) => void;
}

export function SignInForm({ onSecondStep }: SignInFormProps) {
  const dispatch = useAppDispatch();
  const [serverError, setServerError] = useState<string | null>(null);
  const [errors, setErrors] = useState<TSignInErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const inputs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const touched = useRef(new Set<Field>());
  const wasSubmitted = useRef(false);

  // A passkey signs in alone: offered in the e-mail field's suggestions, and by its own button.
  const passkeyCalls = useMemo<PasskeySignInCalls>(
    () => ({
      options: () => authApi.passkeyOptions(),
      signIn: async (credential) => {
        dismissFormErrors();
        preloadSignedInState();
        const result = await dispatch(signInWithPasskey({ credential: credential as TPasskeyAssertion }));
        if (signInWithPasskey.rejected.match(result)) {
          throw new Error(describeError(result.payload ?? result.error.message ?? 'Sign-in failed.'));
        }
      },
    }),
    [dispatch],
  );
  usePasskeyAutofill(passkeyCalls, setServerError);

  const values = (): TSignInForm => ({
    email: inputs.email.current?.value ?? '',
    password: inputs.password.current?.value ?? '',
  });

  const recheck = (field: Field) => {
    const answer = checkSignIn(values());
    const message = answer.success ? undefined : answer.errors[field];
    setErrors((current) => (current[field] === message ? current : { ...current, [field]: message }));
  };

  const handlers = (field: Field) => ({
    name: field,
    ref: inputs[field],
    onBlur: () => {
      touched.current.add(field);
      recheck(field);
    },
    onChange: () => {
      if (wasSubmitted.current || touched.current.has(field)) recheck(field);
    },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    wasSubmitted.current = true;
    const answer = checkSignIn(values());
    if (!answer.success) {
      setErrors(answer.errors);
      const first = FIELDS.find((field) => answer.errors[field]);
      if (first) inputs[first].current?.focus();
      return;
    }
    setErrors({});
    // An earlier attempt's error toast is stale now, and must not follow a success onto Home.
    dismissFormErrors();
    // What the signed-in pages need downloads while the server checks the credentials.
    preloadSignedInState();
    setIsSubmitting(true);
    setServerError(null);
    try {
      const result = await dispatch(login(answer.data));
      if (login.rejected.match(result)) {
        const message = result.payload ?? result.error.message ?? 'Sign-in failed.';
        setServerError(describeError(message));
        notifyFormError(message);
      } else if ('secondStep' in result.payload) {
        onSecondStep(result.payload.secondStep);
      }
    } finally {
      setIsSubmitting(false);
    }
  };

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
        autoComplete="username webauthn"
        placeholder="you@practice.com"
        error={errors.email}
        {...handlers('email')}
      />
      <div className="auth-form__password">
        <PasswordField
          label="Password"
          autoComplete="current-password"
          error={errors.password}
          {...handlers('password')}
        />
        <Link className="auth-form__aside-link" to="/recover-password">
          Forgot password?
        </Link>
      </div>
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
        Sign in
      </Button>
      <PasskeySignInButton
        calls={passkeyCalls}
        onStart={() => setServerError(null)}
        onError={(message) => {
          setServerError(message);
          notifyFormError(message);
        }}
      />
    </form>
  );
}
