import { createHmac, timingSafeEqual } from 'node:crypto';
import { isUuid } from '../../lib/ids.ts';

const PURPOSE = 'interview-physician-link';

function signatureOf(secret: string, interviewId: string): string {
  return createHmac('sha256', secret).update(`${PURPOSE}:${interviewId}`).digest('base64url');
}

/**
 * The token of the link e-mailed to the physician: the interview id signed with the server's
 * secret. It lets whoever holds the e-mail view the interview and answer it (pick a time, ask for
 * others, decline) without signing in, and nothing else; it stops working once the interview is
 * over or called off, because those answers are refused then.
 */
export function createInterviewLinkToken(secret: string, interviewId: string): string {
  return `${Buffer.from(interviewId).toString('base64url')}.${signatureOf(secret, interviewId)}`;
}

/** The interview id of a valid token, else undefined. */
export function readInterviewLinkToken(secret: string, token: string): string | undefined {
  const [encodedId, signature, ...rest] = token.split('.');
  if (!encodedId || !signature || rest.length > 0) return undefined;
  const interviewId = Buffer.from(encodedId, 'base64url').toString('utf8');
  if (!isUuid(interviewId)) return undefined;
  const expected = Buffer.from(signatureOf(secret, interviewId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? interviewId : undefined;
}

/** The physician's page for the interview, opened from the e-mail. */
export function interviewLinkUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/physician/interview/${encodeURIComponent(token)}`;
}
