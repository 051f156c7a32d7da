import type { TSession } from '@medhire/contract/account';
import type { TSecondStepChallenge } from '@medhire/contract/security';
import { buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { AlertIcon } from '@medhire/ui/icons.tsx';
import { SecondStepForm } from '@medhire/ui/second-step-form.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/http.ts';
import { accountAccessApi } from '../api/account-access-api.ts';
import { authApi } from '../api/auth-api.ts';
import { useStartSession } from '../session-start.ts';
import './auth-forms.css';

export const NETWORK_SIGN_IN_MISSING_CODE =
  'The sign-in with Doximity did not finish, so there is nothing to complete here.';

/**
 * Where Doximity (OpenID Connect) sends the person back: `?code=&state=`, or `?error=` when
 * they declined. The code is traded for a session once; a code is single-use, so a repeated
 * effect (React's development double-run) must not trade it twice.
 */
export function DoximitySuccessScreen() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const providerError = searchParams.get('error_description') ?? searchParams.get('error');
  const [failure, setFailure] = useState<string | null>(
    providerError ?? (code ? null : NETWORK_SIGN_IN_MISSING_CODE),
  );
  const [secondStep, setSecondStep] = useState<TSecondStepChallenge['secondStep'] | null>(null);
  const hasExchanged = useRef(false);

  const start = useCallback(
    (session: TSession) => {
      const started = startSession(session);
      if (started.kind === 'refused') setFailure(started.message);
      else if (started.kind === 'navigate') void navigate(started.to, { replace: true });
    },
    [startSession, navigate],
  );

  useEffect(() => {
    if (!code || providerError || hasExchanged.current) return;
    hasExchanged.current = true;
    accountAccessApi
      .exchangeNetworkCode(code, state)
      .then((answer) => {
        // An account with a second factor on: Doximity stood in for the password only.
        if ('secondStep' in answer) setSecondStep(answer.secondStep);
        else start(answer);
      })
      .catch((error: unknown) => setFailure(describeError(error)));
  }, [code, state, providerError, start]);

  if (secondStep && !failure) {
    return (
      <div className="auth-screen">
        <title>Two-step sign-in · MedHire</title>
        <header className="auth-screen__header">
          <h1 className="auth-screen__title">Two-step sign-in</h1>
          <p className="auth-screen__lead">
            Doximity confirmed who you are. One more step keeps your account safe.
          </p>
        </header>
        <SecondStepForm
          methods={secondStep.methods}
          onCancel={() => void navigate('/signIn', { replace: true })}
          onSubmit={async (method, secondCode) => {
            try {
              start(await authApi.secondStep({ ticket: secondStep.ticket, method, code: secondCode }));
            } catch (error) {
              throw new Error(describeError(error));
            }
          }}
        />
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <title>Signing in with Doximity · MedHire</title>
      {failure ? (
        <EmptyState
          headingLevel={1}
          icon={<AlertIcon size={26} />}
          title="We couldn't sign you in with Doximity"
          description={failure}
          action={
            <Link className={buttonClasses()} to="/signIn">
              Back to sign in
            </Link>
          }
        />
      ) : (
        <div className="auth-result" aria-busy="true">
          <h1 className="auth-screen__title">Signing you in…</h1>
          <Spinner size="lg" label="Completing your Doximity sign-in" />
        </div>
      )}
    </div>
  );
}
