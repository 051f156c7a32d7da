import { describe, expect, it } from 'vitest';
import {
  generateOtp,
  generateToken,
  hashesEqual,
  hashOtp,
  hashToken,
  readAuthorizationToken,
} from '../../../src/domain/auth/secret-token.ts';

describe('session tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });

  it('are stored as their SHA-256 only', () => {
    const token = generateToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });

  it('are read from a bare or a Bearer Authorization header', () => {
    const token = generateToken();
    expect(readAuthorizationToken(token)).toBe(token);
    expect(readAuthorizationToken(`Bearer ${token}`)).toBe(token);
    expect(readAuthorizationToken(`bearer  ${token}`)).toBe(token);
    expect(readAuthorizationToken(undefined)).toBeUndefined();
    expect(readAuthorizationToken('Bearer ')).toBeUndefined();
    expect(readAuthorizationToken('not a token; drop table')).toBeUndefined();
  });
});

describe('one-time codes', () => {
  it('are six digits, zero-padded', () => {
    const codes = Array.from({ length: 200 }, generateOtp);
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(190);
  });

  it('hash differently per secret, e-mail and purpose', () => {
    const base = hashOtp('secret-one', 'a@b.example', 'register', '123456');
    expect(hashOtp('secret-one', 'a@b.example', 'register', '123456')).toBe(base);
    expect(hashOtp('secret-two', 'a@b.example', 'register', '123456')).not.toBe(base);
    expect(hashOtp('secret-one', 'c@b.example', 'register', '123456')).not.toBe(base);
    expect(hashOtp('secret-one', 'a@b.example', 'recovery', '123456')).not.toBe(base);
    expect(hashOtp('secret-one', 'a@b.example', 'register', '123457')).not.toBe(base);
  });

  it('compare hashes of equal and unequal length safely', () => {
    const hash = hashOtp('s', 'e', 'register', '000000');
    expect(hashesEqual(hash, hash)).toBe(true);
    expect(hashesEqual(hash, hashOtp('s', 'e', 'register', '000001'))).toBe(false);
    expect(hashesEqual(hash, 'abcd')).toBe(false);
  });
});
