import { type TClaimBody, ZClaimBody } from '@medhire/contract/organization';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmailField, TextField } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { CheckCircleIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ServerForm, useServerError } from '../../../components/form-error.tsx';
import { accountAccessApi } from '../api/account-access-api.ts';
import { useStepFocus } from './use-step-focus.ts';
import './auth-forms.css';

/** /claimBusiness: a visitor claims a practice listed from public records. */
export function ClaimBusinessScreen() {
  const [claimedBy, setClaimedBy] = useState<string | null>(null);
  return (
    <div className="auth-screen">
      <title>{claimedBy ? 'Check your e-mail · MedHire' : 'Claim your business · MedHire'}</title>
      {claimedBy ? (
        <ClaimSent email={claimedBy} headingLevel={1} onRestart={() => setClaimedBy(null)} />
      ) : (
        <>
          <header className="auth-screen__header">
            <h1 className="auth-screen__title">Claim your business</h1>
            <p className="auth-screen__lead">
              Many US practices are listed on MedHire from public records. Claim yours to manage its profile
              and start recruiting.
            </p>
          </header>
          <ClaimForm onClaimed={setClaimedBy} />
        </>
      )}
      <footer className="auth-screen__footer">
        <p>
          Not listed yet? <Link to="/register">Create an employer account</Link>
        </p>
        <p>
          Already have an account? <Link to="/signIn">Sign in</Link>
        </p>
      </footer>
    </div>
  );
}

/** /claimBusinessProfile: a signed-in employer claims another listed practice. */
export function ClaimBusinessProfileScreen() {
  const [claimedBy, setClaimedBy] = useState<string | null>(null);
  return (
    <div className="claim-profile">
      <title>{claimedBy ? 'Check your e-mail · MedHire' : 'Claim an organization · MedHire'}</title>
      <PageHeader
        eyebrow="Profile"
        title="Claim an organization"
        description="If a practice is listed on MedHire from public records, confirm it with its NPI number to take over its profile."
      />
      <Card padding="lg" className="claim-profile__card">
        {claimedBy ? (
          <ClaimSent email={claimedBy} headingLevel={2} onRestart={() => setClaimedBy(null)} />
        ) : (
          <ClaimForm onClaimed={setClaimedBy} />
        )}
      </Card>
    </div>
  );
}

function ClaimForm({ onClaimed }: { onClaimed: (email: string) => void }) {
  const serverError = useServerError();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<TClaimBody, unknown, TClaimBody>({
    resolver: contractResolver(ZClaimBody),
    defaultValues: { email: '', npiNumber: '', organization: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((body) =>
    serverError.attempt(async () => {
      const { email } = await accountAccessApi.claim(body);
      onClaimed(email || body.email);
    }),
  );

  return (
    <ServerForm serverError={serverError} errorTitle="We couldn't confirm the claim" onSubmit={onSubmit}>
      <TextField
        label="Organization name"
        autoComplete="organization"
        hint="As it is listed, e.g. Lakeside Family Medicine."
        error={errors.organization?.message}
        {...register('organization')}
      />
      <TextField
        label="NPI number"
        inputMode="numeric"
        autoComplete="off"
        maxLength={10}
        spellCheck={false}
        hint="The organization's 10-digit National Provider Identifier."
        error={errors.npiNumber?.message}
        {...register('npiNumber')}
      />
      <EmailField
        label="Work e-mail address"
        autoComplete="email"
        placeholder="you@practice.com"
        hint="We send the link to set your password here."
        error={errors.email?.message}
        {...register('email')}
      />
      <Button type="submit" size="lg" isBlock isLoading={isSubmitting}>
        Claim business
      </Button>
    </ServerForm>
  );
}

function ClaimSent({
  email,
  onRestart,
  headingLevel,
}: {
  email: string;
  onRestart: () => void;
  headingLevel: 1 | 2;
}) {
  const headingRef = useStepFocus<HTMLHeadingElement>();
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <div className="auth-result" role="status">
      <span className="auth-result__icon" aria-hidden="true">
        <CheckCircleIcon size={26} />
      </span>
      <Heading className="auth-screen__title" ref={headingRef} tabIndex={-1}>
        Check your e-mail
      </Heading>
      <p className="auth-screen__lead">
        We sent a link to <strong>{email}</strong>. Open it to set your password and manage the organization.
        The link works once and expires after a while.
      </p>
      <Button variant="secondary" onClick={onRestart}>
        Claim another organization
      </Button>
    </div>
  );
}
