import { zodResolver } from '@hookform/resolvers/zod';
import type { TInvitationPreview } from '@medhire/contract/team';
import { type TJoinTeamForm, ZJoinTeamForm } from '@medhire/contract/team';
import { ROLE_LABELS } from '@medhire/contract/team-roles';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { PasswordField, TextField } from '@medhire/ui/field.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { describeError } from '../../../lib/http.ts';
import { useStartSession } from '../../auth/session-start.ts';
import '../../auth/components/auth-forms.css';
import { teamApi } from '../api/team-api.ts';

/**
 * The invitation landing page (/join-team/:token): who invites to which organisation and role;
 * a new person chooses a name and password, someone with an account enters its password.
 */
export function JoinTeamScreen() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const startSession = useStartSession();
  const [preview, setPreview] = useState<TInvitationPreview | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TJoinTeamForm>({
    resolver: zodResolver(ZJoinTeamForm),
    defaultValues: { fullName: '', password: '' },
  });
  const [existingPassword, setExistingPassword] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    teamApi
      .previewInvitation(token, controller.signal)
      .then(setPreview)
      .catch((error) => {
        if (!controller.signal.aborted) setLoadError(describeError(error));
      });
    return () => controller.abort();
  }, [token]);

  const join = async (body: { fullName?: string; password: string }) => {
    setFailure(null);
    try {
      const session = await teamApi.acceptInvitation({ token, ...body });
      const destination = startSession(session);
      if (destination.kind === 'refused') setFailure(destination.message);
      else void navigate(session.user.isDelegate ? '/delegate-agreement' : '/home', { replace: true });
    } catch (error) {
      setFailure(describeError(error));
    }
  };

  if (loadError) {
    return (
      <div className="auth-screen">
        <title>Join a hiring team · MedHire</title>
        <header className="auth-screen__header">
          <h1 className="auth-screen__title">Join a hiring team</h1>
        </header>
        <Alert variant="danger" title="This invitation cannot be used">
          {loadError}
        </Alert>
        <footer className="auth-screen__footer">
          <p>
            Ask the person who invited you to send a new invitation, or <Link to="/signIn">sign in</Link>.
          </p>
        </footer>
      </div>
    );
  }
  if (!preview) return <Spinner label="Opening your invitation" />;

  return (
    <div className="auth-screen">
      <title>{`Join ${preview.organizationName} · MedHire`}</title>
      <header className="auth-screen__header">
        <p className="auth-screen__eyebrow">Invitation</p>
        <h1 className="auth-screen__title">Join {preview.organizationName}</h1>
        <p className="auth-screen__lead">
          {preview.inviterName ?? 'A colleague'} invited <strong>{preview.email}</strong> to join the hiring
          team as <strong>{ROLE_LABELS[preview.role].toLowerCase()}</strong>.
          {preview.role === 'delegate' &&
            ' At your first sign-in you read and accept the Delegate Access agreement.'}
        </p>
      </header>
      {failure && (
        <Alert variant="danger" title="You could not join">
          {failure}
        </Alert>
      )}
      {preview.hasAccount ? (
        <form
          className="auth-form"
          aria-label="Sign in to join"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void join({ password: existingPassword });
          }}
        >
          <PasswordField
            label="Your MedHire password"
            autoComplete="current-password"
            value={existingPassword}
            onChange={(event) => setExistingPassword(event.target.value)}
          />
          <Button type="submit" size="lg" isBlock>
            Sign in and join
          </Button>
        </form>
      ) : (
        <form
          className="auth-form"
          aria-label="Create your account"
          noValidate
          onSubmit={handleSubmit((values) => join(values))}
        >
          <TextField
            label="Full name"
            autoComplete="name"
            error={errors.fullName?.message}
            {...register('fullName')}
          />
          <PasswordField
            label="Choose a password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register('password')}
          />
          <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
            Join the team
          </Button>
        </form>
      )}
      <footer className="auth-screen__footer">
        <p>
          Not {preview.email}? <Link to="/signIn">Sign in</Link> with your own account.
        </p>
      </footer>
    </div>
  );
}
