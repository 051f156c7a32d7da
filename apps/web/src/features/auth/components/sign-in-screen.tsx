import { Link } from 'react-router';
import { DoximitySignIn } from './doximity-sign-in.tsx';
import { SignInForm } from './sign-in-form.tsx';
import './auth-forms.css';

export function SignInScreen() {
  return (
    <div className="auth-screen">
      <title>Sign in · MedHire</title>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title">Sign in to MedHire</h1>
        <p className="auth-screen__lead">
          Welcome back. Pick up where you left off with your jobs, candidates and messages.
        </p>
      </header>
      <SignInForm />
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
