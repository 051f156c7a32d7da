import type { TTotpEnrolment } from '@medhire/contract/security';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { DisableTotpForm } from '@medhire/ui/disable-totp-form.tsx';
import { RecoveryCodesPanel } from '@medhire/ui/recovery-codes.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { TotpEnrolmentPanel } from '@medhire/ui/totp-enrolment.tsx';
import { useState } from 'react';
import {
  useConfirmTotpEnrolmentMutation,
  useDisableTotpMutation,
  useGetSecurityQuery,
  useRegenerateRecoveryCodesMutation,
  useStartTotpEnrolmentMutation,
} from './security-api.ts';

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TTotpEnrolment }
  | { kind: 'showing-codes'; codes: string[] }
  | { kind: 'disabling' };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** An RTK Query failure as the Error the shared forms show. */
function asError(failure: unknown): Error {
  const message = (failure as { message?: string } | undefined)?.message;
  return new Error(message || 'Something went wrong. Try again.');
}

/** Settings, two-step sign-in: the authenticator app (set up, turn off) and its recovery codes. */
export function AuthenticatorSection() {
  const security = useGetSecurityQuery();
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [actionError, setActionError] = useState<string>();
  const [startEnrolment, starting] = useStartTotpEnrolmentMutation();
  const [confirmEnrolment] = useConfirmTotpEnrolmentMutation();
  const [disableTotp] = useDisableTotpMutation();
  const [regenerate, regenerating] = useRegenerateRecoveryCodesMutation();

  if (security.isLoading) return <Spinner label="Loading your sign-in security" />;
  if (security.isError || !security.data) {
    return (
      <Alert variant="danger" title="Your sign-in security could not be loaded">
        <p>{asError(security.error).message}</p>
        <Button variant="secondary" size="sm" onClick={() => void security.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { totp, recoveryCodes } = security.data;

  if (mode.kind === 'enrolling') {
    return (
      <TotpEnrolmentPanel
        qrCodeDataUrl={mode.enrolment.qrCodeDataUrl}
        secret={mode.enrolment.secret}
        onCancel={() => setMode({ kind: 'idle' })}
        onConfirm={async (code) => {
          const result = await confirmEnrolment({ code });
          if ('error' in result) throw asError(result.error);
          setMode({ kind: 'showing-codes', codes: result.data.recoveryCodes });
        }}
      />
    );
  }
  if (mode.kind === 'showing-codes') {
    return <RecoveryCodesPanel codes={mode.codes} onDone={() => setMode({ kind: 'idle' })} />;
  }
  if (mode.kind === 'disabling') {
    return (
      <DisableTotpForm
        onCancel={() => setMode({ kind: 'idle' })}
        onDisable={async (proof) => {
          const result = await disableTotp(proof);
          if ('error' in result) throw asError(result.error);
          setMode({ kind: 'idle' });
        }}
      />
    );
  }

  const onStart = async () => {
    setActionError(undefined);
    const result = await startEnrolment();
    if ('error' in result) setActionError(asError(result.error).message);
    else setMode({ kind: 'enrolling', enrolment: result.data });
  };
  const onRegenerate = async () => {
    setActionError(undefined);
    const result = await regenerate();
    if ('error' in result) setActionError(asError(result.error).message);
    else setMode({ kind: 'showing-codes', codes: result.data.recoveryCodes });
  };

  return (
    <div className="settings-form">
      <p className="settings-section__text">
        <Badge variant={totp.isEnabled ? 'success' : 'neutral'}>{totp.isEnabled ? 'On' : 'Off'}</Badge>{' '}
        {totp.isEnabled && totp.enabledAt
          ? `Signing in asks for a code from your authenticator app (on since ${DAY.format(new Date(totp.enabledAt))}). ${
              recoveryCodes.remaining === 1 ? '1 recovery code' : `${recoveryCodes.remaining} recovery codes`
            } left.`
          : 'Signing in needs only your password. Add an authenticator app so a stolen password is not enough.'}
      </p>
      {actionError && <Alert variant="danger">{actionError}</Alert>}
      <div className="settings-section__actions">
        {totp.isEnabled ? (
          <>
            <Button variant="secondary" onClick={onRegenerate} isLoading={regenerating.isLoading}>
              Make new recovery codes
            </Button>
            <Button variant="ghost" onClick={() => setMode({ kind: 'disabling' })}>
              Turn off
            </Button>
          </>
        ) : (
          <Button onClick={onStart} isLoading={starting.isLoading}>
            Set up authenticator app
          </Button>
        )}
      </div>
    </div>
  );
}
