import type { TSecondStepChallenge } from '@medhire/contract/security';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { DoximitySignIn } from './doximity-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';
import './auth-forms.css';

// Only accounts with a second factor need it: it stays out of the sign-in page's first download.
const SecondStepPanel = lazy(() =>
  import('./second-step-panel.tsx').then((module) => ({ default: module.SecondStepPanel })),
);

export function SignInScreen() {
  const [secondStep, setSecondStep] = useState<TSecondStepChallenge['secondStep'] | null>(null);

  if (secondStep) {
    return (
      <div className="auth-screen">
        <title>Two-step sign-in · MedHire</title>
        <header className="auth-screen__header">
          <h1 className="auth-screen__title">Two-step sign-in</h1>
          <p className="auth-screen__lead">Your password was right. One more step keeps your account safe.</p>
        </header>
        <Suspense fallback={<p role="status">Loading…</p>}>
          <SecondStepPanel secondStep={secondStep} onCancel={() => setSecondStep(null)} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="auth-screen">
      <title>Sign in · MedHire</title>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title">Sign in to MedHire</h1>
        <p className="auth-screen__lead">
          Welcome back. Pick up where you left off with your jobs, candidates and messages.
        </p>
      </header>
      <SignInForm onSecondStep={setSecondStep} />
      <DoximitySignIn />
      <footer className="auth-screen__footer">
        <p>
          New to MedHire? <Link to="/register">Create an employer account</Link>
        </p>
        <p>
          Is your organization already listed? <Link to="/claimBusiness">Claim your business</Link>
        </p>
      </footer>
    </div>
  );
}
