import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import './auth-forms.css';

interface AccountStepsScreenProps {
  documentTitle: string;
  title: string;
  lead: string;
  /** What the person will do on this screen, in order. */
  steps: readonly string[];
  footer: ReactNode;
}

function AccountStepsScreen({ documentTitle, title, lead, steps, footer }: AccountStepsScreenProps) {
  return (
    <div className="auth-screen">
      <title>{`${documentTitle} · MedHire`}</title>
      <header className="auth-screen__header">
        <h1 className="auth-screen__title">{title}</h1>
        <p className="auth-screen__lead">{lead}</p>
      </header>
      <ol className="auth-screen__steps">
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <footer className="auth-screen__footer">{footer}</footer>
    </div>
  );
}

const backToSignIn = (
  <p>
    Remembered your details? <Link to="/signIn">Sign in</Link>
  </p>
);

export function RegisterScreen() {
  return (
    <AccountStepsScreen
      documentTitle="Create an account"
      title="Create your employer account"
      lead="MedHire accounts are for practices, groups and health organisations recruiting physicians in the United States."
      steps={[
        'Enter your work e-mail address and choose a password.',
        'Confirm the 6-digit code we send to that address.',
        'Establish your organisation profile, then tell us which physicians you are looking for.',
      ]}
      footer={
        <>
          <p>
            Already have an account? <Link to="/signIn">Sign in</Link>
          </p>
          <p>
            Is your organisation already listed? <Link to="/claimBusiness">Claim your business</Link>
          </p>
        </>
      }
    />
  );
}

export function RecoverPasswordScreen() {
  return (
    <AccountStepsScreen
      documentTitle="Recover your password"
      title="Recover your password"
      lead="Locked out? You can choose a new password after proving you own the account's e-mail address."
      steps={[
        'Enter the e-mail address you sign in with.',
        'Type the 6-digit code we e-mail you.',
        'Choose a new password. Other signed-in devices are signed out.',
      ]}
      footer={backToSignIn}
    />
  );
}

export function ClaimBusinessScreen() {
  return (
    <AccountStepsScreen
      documentTitle="Claim your business"
      title="Claim your business"
      lead="Many US practices are already listed on MedHire from public records. Claim yours to manage its profile and start recruiting."
      steps={[
        'Enter your work e-mail address and the organisation name as it is listed.',
        "Add the organisation's 10-digit NPI number so we can confirm it.",
        'Follow the link we e-mail you to set your password.',
      ]}
      footer={
        <>
          <p>
            Not listed yet? <Link to="/register">Create an employer account</Link>
          </p>
          {backToSignIn}
        </>
      }
    />
  );
}

export function SetupPasswordScreen() {
  return (
    <AccountStepsScreen
      documentTitle="Set up your password"
      title="Set up your password"
      lead="You are here from the link we e-mailed after your organisation was claimed. Choose the password you will sign in with."
      steps={[
        'Confirm the e-mail address the link was sent to.',
        'Choose a password of at least 10 characters that is not your e-mail address.',
        'Sign in and establish your organisation profile.',
      ]}
      footer={backToSignIn}
    />
  );
}

export function SetUpNewPasswordScreen() {
  return (
    <AccountStepsScreen
      documentTitle="Choose a new password"
      title="Choose a new password"
      lead="This is the last step of password recovery, after you confirmed the code we e-mailed you."
      steps={[
        'Choose a password of at least 10 characters that is not your e-mail address.',
        'Type it again to make sure it is right.',
        'Sign in with your new password.',
      ]}
      footer={backToSignIn}
    />
  );
}

export function DoximitySuccessScreen() {
  return (
    <article className="auth-screen">
      <title>Professional network sign-in · MedHire</title>
      <PageHeader
        eyebrow="Professional network sign-in"
        title="Finishing your sign-in"
        description="This page completes signing in after you approve MedHire with your professional network account. It only does its work when your network's sign-in sends you here."
      />
      <p>
        If you opened this page directly, nothing has changed on your account. You can{' '}
        <Link to="/signIn">sign in with your e-mail and password</Link> instead.
      </p>
    </article>
  );
}
