import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZLoginBody } from '../src/auth.ts';
import { checkSignIn, EMAIL_PATTERN, type TSignInForm } from '../src/sign-in.ts';

/** What the server's schema answers, as the form shows it: the data, or each field's first message. */
function serverAnswer(values: TSignInForm) {
  const result = ZLoginBody.safeParse(values);
  if (result.success) return { success: true, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return { success: false, errors };
}

const emails = [
  '',
  '   ',
  '  Pat@Clinic.Example ',
  'pat',
  'pat@clinic',
  'pat@clinic.example',
  'pat.o’neil@clinic.example',
  "pat.o'neil+jobs@clinic-north.example.org",
  '.pat@clinic.example',
  'pat..x@clinic.example',
  'pat@-clinic.example',
  'pat@clinic.e',
  'PAT@CLINIC.EXAMPLE',
  `${'a'.repeat(240)}@clinic.example`,
  `${'a'.repeat(250)}@clinic.example`,
  ` ${'a'.repeat(238)}@clinic.example `,
];
const passwords = ['', ' ', 'x', ' spaces kept ', 'p'.repeat(1024), 'p'.repeat(1025)];

describe('the sign-in form check', () => {
  it("matches the same addresses as the server's e-mail pattern", () => {
    const addresses = [
      ...emails,
      'a-b@c-d.ef',
      '-a@b.cd',
      'a-@b.cd',
      "o'neil@b.cd",
      'a+b@c.de',
      'a_b@c.de',
      'a@b_c.de',
    ];
    for (const address of addresses) {
      expect(EMAIL_PATTERN.test(address), address).toBe(z.regexes.email.test(address));
    }
  });

  it.each(
    emails.flatMap((email) =>
      passwords.map((password) => [email.slice(0, 30), password.length, email, password]),
    ),
  )('answers as the server does for %j with a %i-character password', (_label, _length, email, password) => {
    const values = { email: String(email), password: String(password) };
    expect(checkSignIn(values)).toEqual(serverAnswer(values));
  });
});
