import { AppError } from '../../lib/app-error.ts';

/** A browser's PushSubscription as stored in push_tokens.value (its toJSON() shape). */
export interface StoredPushSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Whether `hostname` is on the allow-list; a `*.example.com` entry matches its subdomains. */
export function isAllowedPushHost(hostname: string, allowedHosts: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return allowedHosts.some((allowed) =>
    allowed.startsWith('*.')
      ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1
      : host === allowed,
  );
}

function invalid(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message, [{ field: 'value', message }]);
}

/**
 * Reads the PushSubscription JSON a browser sends (save/delete-fcm-token `value`) and answers
 * it in the stored shape. The endpoint must be an `https:` URL on a push service of the
 * allow-list: the server sends requests to it, so any other address would be an SSRF hole.
 */
export function parsePushSubscription(
  value: string,
  allowedHosts: readonly string[],
): StoredPushSubscription {
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw invalid('The push subscription must be the JSON of a browser PushSubscription.');
  }
  const candidate = parsed as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } } | null;
  const endpoint = candidate?.endpoint;
  const p256dh = candidate?.keys?.p256dh;
  const auth = candidate?.keys?.auth;
  if (typeof endpoint !== 'string' || typeof p256dh !== 'string' || typeof auth !== 'string') {
    throw invalid('The push subscription needs an endpoint and its p256dh and auth keys.');
  }
  if (!BASE64URL.test(p256dh) || !BASE64URL.test(auth)) {
    throw invalid('The push subscription keys must be base64url text.');
  }
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw invalid('The push subscription endpoint is not a valid address.');
  }
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    !isAllowedPushHost(url.hostname, allowedHosts)
  ) {
    throw invalid('This browser’s push service is not supported.');
  }
  return { endpoint: url.href, keys: { p256dh, auth } };
}
