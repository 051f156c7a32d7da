import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** 32 random bytes, base64url: the session and reset tokens handed to clients. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak yields no usable token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Reads `Authorization: <token>` or `Authorization: Bearer <token>`. Anything that cannot be
 * one of our tokens (empty, too long, odd characters) counts as absent.
 */
export function readAuthorizationToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return /^[A-Za-z0-9_-]{20,200}$/.test(token) ? token : undefined;
}

export function generateOtp(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * A 6-digit code has only a million values, so a plain hash is no protection: the code is
 * keyed with the server secret and bound to its e-mail and purpose.
 */
export function hashOtp(secret: string, email: string, purpose: string, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}\u0000${email}\u0000${code}`).digest('hex');
}

export function hashesEqual(left: string, right: string): boolean {
  const a = Buffer.from(left, 'hex');
  const b = Buffer.from(right, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
