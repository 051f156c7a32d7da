import { createHmac, randomInt } from 'node:crypto';
import { normalizeRecoveryCode, RECOVERY_CODE_COUNT } from '@medhire/contract/security';

/** No 0/o, 1/l/i: codes are read off paper. 10 characters of 31 ≈ 49.5 bits each. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function randomCode(): string {
  let code = '';
  for (let index = 0; index < 10; index += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Ten distinct codes, as shown to the person (`abcde-fghij`). */
export function generateRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(randomCode());
  return [...codes];
}

/** Keyed with the server secret and bound to the account, like the e-mailed codes. */
export function hashRecoveryCode(serverSecret: string, userId: string, code: string): string {
  return createHmac('sha256', serverSecret)
    .update(`recovery_code\u0000${userId}\u0000${normalizeRecoveryCode(code)}`)
    .digest('hex');
}
