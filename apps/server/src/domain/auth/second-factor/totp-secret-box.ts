import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets are kept encrypted (AES-256-GCM), so a copy of the database alone does not
 * let anyone compute an account's codes. The key is derived from the server secret with HKDF for
 * this one purpose; the account's id is bound in as associated data, so a ciphertext copied onto
 * another account does not decrypt.
 */
const VERSION = 'v1';
const KEY_INFO = 'medhire/totp-secret/v1';

const keys = new Map<string, Buffer>();

function keyFor(serverSecret: string): Buffer {
  let key = keys.get(serverSecret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', serverSecret, 'medhire-totp', KEY_INFO, 32));
    keys.set(serverSecret, key);
  }
  return key;
}

export function sealTotpSecret(serverSecret: string, userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(serverSecret), iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
  return [VERSION, ...parts].join('.');
}

/** Throws when the box was not sealed for this account under this server secret. */
export function openTotpSecret(serverSecret: string, userId: string, sealed: string): string {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !ciphertext) {
    throw new Error('Unknown authenticator secret format');
  }
  const decipher = createDecipheriv('aes-256-gcm', keyFor(serverSecret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
