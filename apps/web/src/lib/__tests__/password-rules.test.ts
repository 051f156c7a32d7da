import { ZNewPassword } from '@medhire/contract/auth';
import { describe, expect, it } from 'vitest';
import { passwordRules } from '../password-rules.ts';

const variety = (password: string) => passwordRules(password).find((rule) => rule.id === 'notRepeated');

describe('the password checklist', () => {
  it('says what the schema enforces: two different characters at least, repeats allowed', () => {
    expect(variety('')?.label).toBe('At least two different characters');
    // A password with repeated characters is accepted, and the checklist says so.
    for (const password of ['Lakeside--2026!!', 'aaaaaaaaaaab']) {
      expect(ZNewPassword.safeParse(password).success).toBe(true);
      expect(variety(password)?.isMet).toBe(true);
    }
    // Only one character over and over is refused, by both.
    expect(ZNewPassword.safeParse('aaaaaaaaaaaa').success).toBe(false);
    expect(variety('aaaaaaaaaaaa')?.isMet).toBe(false);
  });
});
