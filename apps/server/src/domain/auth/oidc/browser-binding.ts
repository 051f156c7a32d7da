import { PENDING_LOGIN_VALID_MS } from './pending-logins.ts';

/**
 * A random value in an HttpOnly cookie, remembered (hashed) with each pending sign-in. The
 * `state` alone proves that a sign-in was started, not by whom: without this, someone could
 * send a victim their own callback link and sign the victim into the sender's account.
 */
export const BROWSER_BINDING_COOKIE = 'medhire_oidc_browser';
/** Only the exchange call needs the cookie, so it is sent nowhere else. */
export const BROWSER_BINDING_COOKIE_PATH = '/api/employee/auth/v1/exchange-code-with-token';

const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The binding cookie's value from a Cookie header; undefined when absent or not one of ours. */
export function readBrowserBinding(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== BROWSER_BINDING_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    if (BINDING_PATTERN.test(value)) return value;
  }
  return undefined;
}

/**
 * The Set-Cookie value. SameSite=Lax, because the browser arrives at the callback page from the
 * provider's site; Secure whenever the app is served over HTTPS.
 */
export function browserBindingCookie(value: string, isSecure: boolean): string {
  const attributes = [
    `${BROWSER_BINDING_COOKIE}=${value}`,
    `Path=${BROWSER_BINDING_COOKIE_PATH}`,
    `Max-Age=${PENDING_LOGIN_VALID_MS / 1000}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (isSecure) attributes.push('Secure');
  return attributes.join('; ');
}
