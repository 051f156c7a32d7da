import type { TSecondStepChallenge } from '@medhire/contract/security';
import { Alert } from '@medhire/ui/alert.tsx';
import { buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Logo } from '@medhire/ui/logo.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks.ts';
import { selectSession, signedIn } from '../../lib/session-slice.ts';
import { useExchangeOidcCodeMutation } from './auth-api.ts';
import { SecondStep } from './second-step.tsx';
import './auth.css';

export const OIDC_MESSAGES = {
  missingCode: 'The sign-in with Doximity did not finish, so there is nothing to complete here.',
  cancelled: 'You did not allow MedHire to sign you in with Doximity, so you are not signed in.',
  unavailable:
    'Sign-in with Doximity is not available right now. Try again in a few minutes, or sign in with your e-mail.',
  refused: 'Doximity could not sign you in. Please try again, or sign in with your e-mail.',
} as const;

/**
 * The message for an `error` the provider (or the server, when it could not reach the provider)
 * sent back. Its own `error_description` is not shown: anyone can put any text in a link to this
 * page, and the page would present it as MedHire's.
 */
function providerErrorMessage(error: string): string {
  if (error === 'access_denied') return OIDC_MESSAGES.cancelled;
  if (error === 'temporarily_unavailable' || error === 'server_error') return OIDC_MESSAGES.unavailable;
  return OIDC_MESSAGES.refused;
}

/** Where a new session goes: a profile still to fill in first (applying needs it), else the jobs. */
function landingFor(isProfileComplete: boolean): string {
  return isProfileComplete ? '/jobs' : '/profile?welcome=1';
}

/**
 * Where Doximity sends the person back: `?code=&state=` (and `iss`), or `?error=` when they
 * declined or the sign-in could not start. The code is traded for a physician session once — a
 * code is single-use, so a repeated effect must not trade it twice — and the session is kept
 * like a password sign-in's.
 */
function OidcCallback() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [exchange] = useExchangeOidcCodeMutation();
  const code = searchParams.get('code');
  const state = searchParams.get('state');
  const iss = searchParams.get('iss');
  const providerError = searchParams.get('error');
  const [failure, setFailure] = useState<string | null>(
    providerError ? providerErrorMessage(providerError) : code ? null : OIDC_MESSAGES.missingCode,
  );
  const [secondStep, setSecondStep] = useState<TSecondStepChallenge['secondStep'] | null>(null);
  const hasExchanged = useRef(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!code || providerError || hasExchanged.current) return;
    hasExchanged.current = true;
    exchange({ code, state, iss }).then((result) => {
      const answer = 'data' in result ? result.data : undefined;
      if (answer && 'secondStep' in answer) {
        // An account with a second factor on: Doximity stood in for the password only.
        setSecondStep(answer.secondStep);
      } else if (answer) {
        dispatch(signedIn(answer));
        void navigate(landingFor(answer.physician.isComplete), { replace: true });
      } else {
        setFailure(result.error?.message ?? OIDC_MESSAGES.refused);
      }
    });
  }, [code, state, iss, providerError, exchange, dispatch, navigate]);

  // The spinner that had the screen is replaced: focus goes to what went wrong, so a screen
  // reader reads it and the keyboard starts next to the way back.
  useEffect(() => {
    if (failure) titleRef.current?.focus();
  }, [failure]);

  return (
    <main className="auth-screen">
      <title>Signing in with Doximity · MedHire for physicians</title>
      <div className="auth-screen__panel">
        <Logo />
        <Card>
          {secondStep && !failure ? (
            <SecondStep
              secondStep={secondStep}
              onCancel={() => void navigate('/sign-in', { replace: true })}
              onSignedIn={(session) =>
                void navigate(landingFor(session.physician.isComplete), { replace: true })
              }
            />
          ) : failure ? (
            <section className="auth-callback" aria-labelledby="oidc-callback-title">
              <h1
                id="oidc-callback-title"
                ref={titleRef}
                tabIndex={-1}
                className="auth-screen__title auth-callback__title"
              >
                We couldn't sign you in with Doximity
              </h1>
              <Alert variant="danger">{failure}</Alert>
              <Link to="/sign-in" className={buttonClasses({ isBlock: true })}>
                Back to sign in
              </Link>
            </section>
          ) : (
            <div className="auth-callback__busy" aria-busy="true">
              <h1 className="auth-screen__title">Signing you in…</h1>
              <Spinner size="lg" label="Completing your Doximity sign-in" />
            </div>
          )}
        </Card>
      </div>
    </main>
  );
}

/**
 * Someone already signed in who comes back here (the browser's Back button after signing in)
 * has nothing to finish: they go on to the jobs, and the used code is not sent again.
 */
export function OidcCallbackScreen() {
  const session = useAppSelector(selectSession);
  const [wasSignedIn] = useState(session !== null);
  if (wasSignedIn) return <Navigate to="/jobs" replace />;
  return <OidcCallback />;
}
