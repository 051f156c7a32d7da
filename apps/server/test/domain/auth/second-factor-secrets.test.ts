import { authenticator } from 'otplib';
import { describe, expect, it } from 'vitest';
import {
  generateRecoveryCodes,
  hashRecoveryCode,
} from '../../../src/domain/auth/second-factor/recovery-code-hash.ts';
import { generateTotpSecret, matchTotpStep } from '../../../src/domain/auth/second-factor/totp-codes.ts';
import { openTotpSecret, sealTotpSecret } from '../../../src/domain/auth/second-factor/totp-secret-box.ts';

const SERVER_SECRET = 'server-secret-for-the-box-0123456789abcdef';
const ALICE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const BOB = '16fd2706-8baf-433b-82eb-8c7fada847da';

describe('the authenticator secret at rest', () => {
  it('opens only for the account and the server secret it was sealed with', () => {
    const secret = generateTotpSecret();
    const sealed = sealTotpSecret(SERVER_SECRET, ALICE, secret);
    expect(sealed).not.toContain(secret);
    expect(sealed).not.toBe(sealTotpSecret(SERVER_SECRET, ALICE, secret));
    expect(openTotpSecret(SERVER_SECRET, ALICE, sealed)).toBe(secret);
    expect(() => openTotpSecret(SERVER_SECRET, BOB, sealed)).toThrow();
    expect(() => openTotpSecret(`${SERVER_SECRET}-rotated`, ALICE, sealed)).toThrow();
    const [version, iv, tag, ciphertext] = sealed.split('.');
    const flipped = Buffer.from(ciphertext ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 0xff;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => openTotpSecret(SERVER_SECRET, ALICE, tampered)).toThrow();
  });
});

describe('authenticator codes', () => {
  it('answers the time step of a right code, within one step either side, and null otherwise', () => {
    const secret = generateTotpSecret();
    const now = Date.UTC(2026, 10, 27, 12, 0, 10);
    const step = Math.floor(now / 30_000);
    const at = (ms: number) => authenticator.clone({ epoch: ms }).generate(secret);
    expect(matchTotpStep(secret, at(now), now)).toBe(step);
    expect(matchTotpStep(secret, at(now - 30_000), now)).toBe(step - 1);
    expect(matchTotpStep(secret, at(now + 30_000), now)).toBe(step + 1);
    expect(matchTotpStep(secret, at(now - 90_000), now)).toBeNull();
    expect(matchTotpStep(generateTotpSecret(), at(now), now)).toBeNull();
  });
});

describe('recovery codes', () => {
  it('are ten distinct readable codes, hashed per account and forgiving of case, spaces and dashes', () => {
    const codes = generateRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-hjkmnp-z2-9]{5}-[a-hjkmnp-z2-9]{5}$/);
    const [code = ''] = codes;
    const hash = hashRecoveryCode(SERVER_SECRET, ALICE, code);
    expect(hashRecoveryCode(SERVER_SECRET, ALICE, ` ${code.toUpperCase().replace('-', ' ')} `)).toBe(hash);
    expect(hashRecoveryCode(SERVER_SECRET, BOB, code)).not.toBe(hash);
  });
});
