import { Alert } from '@medhire/ui/alert.tsx';
import type { ComponentType } from 'react';
import { AuthenticatorSection } from './authenticator-section.tsx';
import { PasskeysCard } from './passkeys-card.tsx';
import { SignedInDevices } from './signed-in-devices.tsx';
import './security-screen.css';

/**
 * The sections of Settings → Security, in order. Each is self-contained (its own loading and
 * errors); another kind of sign-in protection is one more entry here.
 */
export const SECURITY_SECTIONS: readonly { id: string; Component: ComponentType }[] = [
  { id: 'authenticator-app', Component: AuthenticatorSection },
  { id: 'passkeys', Component: PasskeysCard },
  { id: 'signed-in-devices', Component: SignedInDevices },
];

export interface SecurityScreenProps {
  /**
   * The organisation requires two-step sign-in and this member has none yet: the screen shows
   * why and the set-up alone, since nothing else works until it is done.
   */
  isEnrolmentRequired?: boolean;
  /** What the server says of the session: still held to enrolment (true) or free (false). */
  onEnrolmentStatus?: (isRequired: boolean) => void;
}

/** /settings/security: how the signed-in member's own sign-in is protected. */
export function SecurityScreen({ isEnrolmentRequired = false, onEnrolmentStatus }: SecurityScreenProps) {
  if (isEnrolmentRequired) {
    return (
      <div className="security-screen">
        <Alert variant="warning" title="Your organization requires two-step sign-in">
          <p>
            Before you can use MedHire, set up an authenticator app on your phone. Signing in will then ask
            for a code from it after your password, so a stolen password alone cannot open your account.
          </p>
          <p>Choose "Set up authenticator app" below. You can sign out at any time.</p>
        </Alert>
        <AuthenticatorSection
          onStatus={(status) => onEnrolmentStatus?.(status.currentSession.enrolmentRequired)}
        />
      </div>
    );
  }
  return (
    <div className="security-screen">
      {SECURITY_SECTIONS.map(({ id, Component }) =>
        id === 'authenticator-app' ? (
          <AuthenticatorSection
            key={id}
            onStatus={(status) => onEnrolmentStatus?.(status.currentSession.enrolmentRequired)}
          />
        ) : (
          <Component key={id} />
        ),
      )}
    </div>
  );
}
