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

/** /settings/security: how the signed-in member's own sign-in is protected. */
export function SecurityScreen() {
  return (
    <div className="security-screen">
      {SECURITY_SECTIONS.map(({ id, Component }) => (
        <Component key={id} />
      ))}
    </div>
  );
}
