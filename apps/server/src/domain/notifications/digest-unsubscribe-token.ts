import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';

const PURPOSE = 'notification-digest-unsubscribe';

function signatureOf(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${userId}`).digest('base64url');
}

/**
 * The token of the digest's one-click unsubscribe link: the user id signed with the server's
 * secret. It works without signing in and never expires (an old e-mail's link still works),
 * and it can only ever turn that one user's digest off.
 */
export function createDigestUnsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${signatureOf(secret, userId)}`;
}

/** The user id of a valid token, else undefined. */
export function readDigestUnsubscribeToken(secret: string, token: string): string | undefined {
  const [encodedUserId, signature, ...rest] = token.split('.');
  if (!encodedUserId || !signature || rest.length > 0) return undefined;
  const userId = Buffer.from(encodedUserId, 'base64url').toString('utf8');
  if (!isUuid(userId)) return undefined;
  const expected = Buffer.from(signatureOf(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}
