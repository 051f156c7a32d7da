import { useEffect, useRef, useState } from 'react';
import { Button } from './button.tsx';
import {
  cancelPasskeyRequest,
  getPasskey,
  isPasskeyCancelled,
  isPasskeySupported,
  passkeyErrorMessage,
  supportsPasskeyAutofill,
} from './passkey-browser.ts';

/** A sign-in with a passkey alone, through the app's own API client. */
export interface PasskeySignInCalls {
  /** `POST …/auth/passkey/authentication-options` without a ticket. */
  options: () => Promise<{ options: Record<string, unknown> }>;
  /** `POST …/auth/passkey/sign-in`: opens the session (the app stores it). */
  signIn: (credential: Record<string, unknown>) => Promise<unknown>;
}

/**
 * Whether a passkey sign-in is under way on this page. The e-mail field's suggestion and the
 * button are two ceremonies over the same passkeys: when both answered, the second assertion
 * carried an older signature counter and was refused. Only one of them signs in at a time.
 */
let isSigningIn = false;

/**
 * Offers the browser's passkeys among the suggestions of the e-mail field (conditional UI: the
 * field needs `autocomplete="username webauthn"`), from when the sign-in screen opens until it
 * closes. Picking one signs in; failures go to `onError`. Does nothing where unsupported.
 */
export function usePasskeyAutofill(calls: PasskeySignInCalls, onError: (message: string) => void): void {
  const latest = useRef({ calls, onError });
  latest.current = { calls, onError };
  useEffect(() => {
    let isActive = true;
    void (async () => {
      let credential: Record<string, unknown>;
      try {
        if (!(await supportsPasskeyAutofill()) || !isActive) return;
        const { options } = await latest.current.calls.options();
        if (!isActive) return;
        credential = await getPasskey(options, true);
      } catch {
        // Nobody asked for a passkey yet: a suggestion that cannot be offered is no error to show.
        return;
      }
      if (!isActive || isSigningIn) return;
      isSigningIn = true;
      try {
        await latest.current.calls.signIn(credential);
      } catch (error) {
        if (isActive && !isPasskeyCancelled(error)) latest.current.onError(passkeyErrorMessage(error));
      } finally {
        isSigningIn = false;
      }
    })();
    return () => {
      isActive = false;
      void cancelPasskeyRequest().catch(() => undefined);
    };
  }, []);
}

export interface PasskeySignInButtonProps {
  calls: PasskeySignInCalls;
  /** A failure's message, for the screen's error alert. */
  onError: (message: string) => void;
  /** Clears the screen's earlier error when a new try starts. */
  onStart?: () => void;
}

/** "Sign in with a passkey": the browser asks which of its passkeys for this site to use. */
export function PasskeySignInButton({ calls, onError, onStart }: PasskeySignInButtonProps) {
  const [isBusy, setIsBusy] = useState(false);
  if (!isPasskeySupported()) return null;
  const start = async () => {
    // The e-mail field's suggestion is already signing in with a passkey the browser returned.
    if (isSigningIn) return;
    onStart?.();
    isSigningIn = true;
    setIsBusy(true);
    try {
      // A pending autofill request would block this one: the library cancels it before starting.
      const { options } = await calls.options();
      const credential = await getPasskey(options);
      await calls.signIn(credential);
    } catch (error) {
      onError(passkeyErrorMessage(error));
    } finally {
      isSigningIn = false;
      setIsBusy(false);
    }
  };
  return (
    <Button
      type="button"
      variant="secondary"
      size="lg"
      isBlock
      isLoading={isBusy}
      onClick={() => void start()}
    >
      Sign in with a passkey
    </Button>
  );
}
