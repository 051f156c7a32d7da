import { describe, expect, it } from 'vitest';
import {
  PASSWORD_MESSAGES,
  ZLoginBody,
  ZRegisterBody,
  ZResetPasswordBody,
  ZUpdatePreferenceProbesBody,
  ZVerifyOtpBody,
} from '../src/auth.ts';
import { PREFERENCE_PROBES } from '../src/preference-probes.ts';

function messagesOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('e-mail addresses', () => {
  it('are trimmed and lower-cased', () => {
    expect(ZLoginBody.parse({ email: '  Pat@Clinic.Example ', password: 'x' }).email).toBe(
      'pat@clinic.example',
    );
  });

  it('must look like an address', () => {
    expect(messagesOf(ZLoginBody.safeParse({ email: 'pat', password: 'x' }))).toEqual([
      'email: Enter a valid e-mail address.',
    ]);
  });
});

describe('the password policy', () => {
  const register = (password: string, email = 'pat@clinic.example') =>
    ZRegisterBody.safeParse({ email, password });

  it('accepts 10 to 128 characters', () => {
    expect(register('abcdefghij').success).toBe(true);
    expect(register('ab'.repeat(64)).success).toBe(true);
  });

  it('refuses short, long, repeated and e-mail passwords with a clear message', () => {
    expect(messagesOf(register('short1'))).toEqual([`password: ${PASSWORD_MESSAGES.tooShort}`]);
    expect(messagesOf(register('ab'.repeat(65)))).toEqual([`password: ${PASSWORD_MESSAGES.tooLong}`]);
    expect(messagesOf(register('x'.repeat(12)))).toEqual([`password: ${PASSWORD_MESSAGES.repeated}`]);
    expect(messagesOf(register('Pat@Clinic.example'))).toEqual([
      `password: ${PASSWORD_MESSAGES.sameAsEmail}`,
    ]);
  });

  it('drops unknown fields such as a self-granted account status', () => {
    const parsed = ZRegisterBody.parse({
      email: 'pat@clinic.example',
      password: 'a long enough password',
      accountStatus: 'approved',
    });
    expect(parsed).toEqual({ email: 'pat@clinic.example', password: 'a long enough password' });
  });

  it('asks for a new password that differs from the old one', () => {
    expect(
      messagesOf(
        ZResetPasswordBody.safeParse({ oldPassword: 'same-password-1', newPassword: 'same-password-1' }),
      ),
    ).toEqual([`newPassword: ${PASSWORD_MESSAGES.sameAsOld}`]);
  });
});

describe('one-time codes', () => {
  it('are exactly six digits', () => {
    expect(ZVerifyOtpBody.safeParse({ email: 'pat@clinic.example', otp: '012345' }).success).toBe(true);
    expect(ZVerifyOtpBody.safeParse({ email: 'pat@clinic.example', otp: '12345' }).success).toBe(false);
    expect(ZVerifyOtpBody.safeParse({ email: 'pat@clinic.example', otp: '12345a' }).success).toBe(false);
  });
});

describe('would-you-rather answers', () => {
  const [first, second] = PREFERENCE_PROBES;

  it('accept answers to known probes', () => {
    const body = {
      preferenceProbe: [
        { probeId: first.probeId, choice: 'a' },
        { probeId: second.probeId, choice: 'b' },
      ],
    };
    expect(ZUpdatePreferenceProbesBody.safeParse(body).success).toBe(true);
  });

  it('refuse unknown probes and a probe answered twice', () => {
    expect(
      ZUpdatePreferenceProbesBody.safeParse({ preferenceProbe: [{ probeId: 'made-up', choice: 'a' }] })
        .success,
    ).toBe(false);
    expect(
      ZUpdatePreferenceProbesBody.safeParse({
        preferenceProbe: [
          { probeId: first.probeId, choice: 'a' },
          { probeId: first.probeId, choice: 'b' },
        ],
      }).success,
    ).toBe(false);
  });

  it('offer at least ten distinct pairs', () => {
    expect(new Set(PREFERENCE_PROBES.map((probe) => probe.probeId)).size).toBeGreaterThanOrEqual(10);
  });
});
