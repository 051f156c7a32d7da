import type { TSecurityStatus, TTotpEnrolment } from '@medhire/contract/security';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { DisableTotpForm } from '@medhire/ui/disable-totp-form.tsx';
import { RecoveryCodesPanel } from '@medhire/ui/recovery-codes.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { TotpEnrolmentPanel } from '@medhire/ui/totp-enrolment.tsx';
import { useEffect, useRef, useState } from 'react';
import { describeError } from '../../../lib/http.ts';
import { securityApi } from '../api/security-api.ts';

type Load =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; data: TSecurityStatus };

type Mode =
  | { kind: 'idle' }
  | { kind: 'enrolling'; enrolment: TTotpEnrolment }
  | { kind: 'showing-codes'; codes: string[] }
  | { kind: 'disabling' };

const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** The person reads "password and authenticator app", not the server's factor names. */
const FACTOR_NAMES: Record<string, string> = {
  password: 'password',
  oidc: 'Doximity sign-in',
  totp: 'authenticator app',
  recovery_code: 'recovery code',
  passkey: 'passkey',
};

function describeSessionProof(factors: readonly string[]): string {
  if (factors.length === 0) return 'This session was opened without a password (a sign-up code or a link).';
  return `This session was opened with your ${factors.map((factor) => FACTOR_NAMES[factor] ?? factor).join(' and ')}.`;
}

export interface AuthenticatorSectionProps {
  /**
   * The server's answer about the account and session: when loaded, and once newly shown recovery
   * codes are put away (not before: the page may move on and they are shown only once).
   */
  onStatus?: (status: TSecurityStatus) => void;
}

/** Settings → Security: the authenticator app (set up, turn off) and its recovery codes. */
export function AuthenticatorSection({ onStatus }: AuthenticatorSectionProps = {}) {
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const onStatusRef = useRef(onStatus);
  onStatusRef.current = onStatus;
  const [mode, setMode] = useState<Mode>({ kind: 'idle' });
  const [reloads, setReloads] = useState(0);
  const [isBusy, setIsBusy] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloads re-runs the load.
  useEffect(() => {
    const controller = new AbortController();
    securityApi
      .getSecurity(controller.signal)
      .then((data) => {
        setLoad({ status: 'ready', data });
        onStatusRef.current?.(data);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setLoad({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [reloads]);

  const startEnrolment = async () => {
    setIsBusy(true);
    try {
      setMode({ kind: 'enrolling', enrolment: await securityApi.startTotpEnrolment() });
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setIsBusy(false);
    }
  };

  const regenerate = async () => {
    setIsBusy(true);
    try {
      const { recoveryCodes, security } = await securityApi.regenerateRecoveryCodes();
      setLoad({ status: 'ready', data: security });
      setMode({ kind: 'showing-codes', codes: recoveryCodes });
    } catch (error) {
      notifyError(describeError(error));
    } finally {
      setIsBusy(false);
    }
  };

  const body = () => {
    if (load.status === 'loading') return <Spinner label="Loading your sign-in security" />;
    if (load.status === 'failed') {
      return (
        <Alert variant="danger" title="Your sign-in security could not be loaded">
          <p>{load.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setReloads((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      );
    }
    const { totp, recoveryCodes, currentSession } = load.data;
    if (mode.kind === 'enrolling') {
      return (
        <TotpEnrolmentPanel
          qrCodeDataUrl={mode.enrolment.qrCodeDataUrl}
          secret={mode.enrolment.secret}
          onCancel={() => setMode({ kind: 'idle' })}
          onConfirm={async (code) => {
            try {
              const answer = await securityApi.confirmTotpEnrolment(code);
              setLoad({ status: 'ready', data: answer.security });
              setMode({ kind: 'showing-codes', codes: answer.recoveryCodes });
              notifySuccess('The authenticator app is on.');
            } catch (error) {
              throw new Error(describeError(error));
            }
          }}
        />
      );
    }
    if (mode.kind === 'showing-codes') {
      return (
        <RecoveryCodesPanel
          codes={mode.codes}
          onDone={() => {
            setMode({ kind: 'idle' });
            onStatusRef.current?.(load.data);
          }}
        />
      );
    }
    if (mode.kind === 'disabling') {
      return (
        <DisableTotpForm
          onCancel={() => setMode({ kind: 'idle' })}
          onDisable={async (proof) => {
            try {
              setLoad({ status: 'ready', data: await securityApi.disableTotp(proof) });
              setMode({ kind: 'idle' });
              notifySuccess('The authenticator app is off.');
            } catch (error) {
              throw new Error(describeError(error));
            }
          }}
        />
      );
    }
    return (
      <div className="security-section__body">
        <p className="security-section__status">
          <Badge variant={totp.isEnabled ? 'success' : 'neutral'}>{totp.isEnabled ? 'On' : 'Off'}</Badge>
          <span>
            {totp.isEnabled && totp.enabledAt
              ? `Signing in asks for a code from your authenticator app (on since ${DAY.format(new Date(totp.enabledAt))}).`
              : 'Signing in needs only your password. Add an authenticator app so a stolen password is not enough.'}
          </span>
        </p>
        {totp.isEnabled && (
          <p className="security-section__status">
            <span>
              {recoveryCodes.remaining === 1
                ? '1 recovery code left.'
                : `${recoveryCodes.remaining} recovery codes left.`}{' '}
              Use one to sign in when you don't have your phone.
            </span>
          </p>
        )}
        <p className="security-section__note">{describeSessionProof(currentSession.factors)}</p>
        <div className="security-section__actions">
          {totp.isEnabled ? (
            <>
              <Button variant="secondary" onClick={regenerate} isLoading={isBusy}>
                Make new recovery codes
              </Button>
              <Button variant="ghost" onClick={() => setMode({ kind: 'disabling' })}>
                Turn off
              </Button>
            </>
          ) : (
            <Button onClick={startEnrolment} isLoading={isBusy}>
              Set up authenticator app
            </Button>
          )}
        </div>
      </div>
    );
  };

  return (
    <Card
      title="Authenticator app"
      description="A code from an app on your phone after your password: two-step sign-in."
    >
      {body()}
    </Card>
  );
}
