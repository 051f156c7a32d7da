import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';

const PURPOSE = 'notification-digest-unsubscribe';
/** The weekly hiring summary's link signs for its own purpose: it cannot turn the digest off, nor the reverse. */
const WEEKLY_SUMMARY_PURPOSE = 'weekly-summary-unsubscribe';

function signatureOf(secret: string, userId: string, purpose = PURPOSE): string {
  return createHmac('sha256', secret).update(`${purpose}:${userId}`).digest('base64url');
}

/**
 * The token of the digest's one-click unsubscribe link: the user id signed with the server's
 * secret. It works without signing in and never expires (an old e-mail's link still works),
 * and it can only ever turn that one user's digest off.
 */
export function createDigestUnsubscribeToken(secret: string, userId: string, purpose = PURPOSE): string {
  return `${Buffer.from(userId).toString('base64url')}.${signatureOf(secret, userId, purpose)}`;
}

/** The user id of a valid token, else undefined. */
export function readDigestUnsubscribeToken(
  secret: string,
  token: string,
  purpose = PURPOSE,
): string | undefined {
  const [encodedUserId, signature, ...rest] = token.split('.');
  if (!encodedUserId || !signature || rest.length > 0) return undefined;
  const userId = Buffer.from(encodedUserId, 'base64url').toString('utf8');
  if (!isUuid(userId)) return undefined;
  const expected = Buffer.from(signatureOf(secret, userId, purpose));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : undefined;
}

/** The token of the weekly hiring summary's unsubscribe link (same shape, its own purpose). */
export function createWeeklySummaryUnsubscribeToken(secret: string, userId: string): string {
  return createDigestUnsubscribeToken(secret, userId, WEEKLY_SUMMARY_PURPOSE);
}

export function readWeeklySummaryUnsubscribeToken(secret: string, token: string): string | undefined {
  return readDigestUnsubscribeToken(secret, token, WEEKLY_SUMMARY_PURPOSE);
}
