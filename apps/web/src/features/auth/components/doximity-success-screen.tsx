import { buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { AlertIcon } from '@medhire/ui/icons.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/http.ts';
import { accountAccessApi } from '../api/account-access-api.ts';
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
  const hasExchanged = useRef(false);

  useEffect(() => {
    if (!code || providerError || hasExchanged.current) return;
    hasExchanged.current = true;
    accountAccessApi
      .exchangeNetworkCode(code, state)
      .then((session) => {
        const started = startSession(session);
        if (started.kind === 'refused') setFailure(started.message);
        else if (started.kind === 'navigate') void navigate(started.to, { replace: true });
      })
      .catch((error: unknown) => setFailure(describeError(error)));
  }, [code, state, providerError, startSession, navigate]);

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
