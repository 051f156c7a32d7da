/**
 * The browser side of passkeys (WebAuthn), shared by both apps. `@simplewebauthn/browser` is
 * loaded only when a passkey is actually used, so it stays out of the sign-in page's first download.
 */

type Json = Record<string, unknown>;

function load() {
  return import('@simplewebauthn/browser');
}

/**
 * Whether passkeys can work here at all (the buttons are hidden where they cannot): the browser
 * must have WebAuthn, and the page a host name (a passkey belongs to a domain, never to an IP
 * address such as 127.0.0.1).
 */
export function isPasskeySupported(): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return false;
  const host = window.location.hostname;
  return !/^\d+(\.\d+){3}$/.test(host) && !host.includes(':') && !host.startsWith('[');
}

/** Creates a passkey from the server's registration options; answers the browser's response. */
export async function createPasskey(options: Json): Promise<Json> {
  const { startRegistration } = await load();
  // biome-ignore lint/suspicious/noExplicitAny: the options come from the server as JSON.
  return (await startRegistration({ optionsJSON: options as any })) as unknown as Json;
}

/** Signs the server's challenge with a passkey; answers the browser's assertion. */
export async function getPasskey(options: Json, useBrowserAutofill = false): Promise<Json> {
  const { startAuthentication } = await load();
  return (await startAuthentication({
    // biome-ignore lint/suspicious/noExplicitAny: the options come from the server as JSON.
    optionsJSON: options as any,
    useBrowserAutofill,
  })) as unknown as Json;
}

/** Whether the browser offers passkeys among the e-mail field's suggestions (conditional UI). */
export async function supportsPasskeyAutofill(): Promise<boolean> {
  if (!isPasskeySupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await load();
  return browserSupportsWebAuthnAutofill();
}

/** Stops a passkey request in progress (such as the autofill one when the person types a password). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await load();
  WebAuthnAbortService.cancelCeremony();
}

/** True for the browser's answer when the person closed its passkey window or it timed out. */
export function isPasskeyCancelled(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'NotAllowedError' ||
      error.name === 'AbortError' ||
      (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED')
  );
}

/** What to tell the person when the browser's passkey step failed. */
export function passkeyErrorMessage(error: unknown): string {
  if (isPasskeyCancelled(error)) return 'The passkey request was cancelled or timed out. Try again.';
  const code = (error as { code?: string } | undefined)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') {
    return 'This device already holds a passkey for your account.';
  }
  return error instanceof Error && error.message ? error.message : 'The passkey did not work. Try again.';
}
