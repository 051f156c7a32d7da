/**
 * The sign-in form's own check: the rules and messages of `ZLoginBody` (auth.ts, with which the
 * server validates the request) for the two strings the form holds, written without zod. The
 * sign-in page is the first download, and zod's shared core alone would be an eighth of it.
 * test/sign-in.test.ts holds this check and `ZLoginBody` to the same answers.
 */

/** zod's `z.regexes.email`, copied (the test holds the two to the same matches). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export interface TSignInForm {
  email: string;
  password: string;
}

export type TSignInErrors = Partial<Record<keyof TSignInForm, string>>;

export type TSignInCheck = { success: true; data: TSignInForm } | { success: false; errors: TSignInErrors };

/** The first message `ZEmail` gives, or none; the address is compared trimmed and lower-cased. */
function emailError(email: string): string | undefined {
  if (email.length < 1) return 'Enter your e-mail address.';
  if (email.length > 254) return 'This e-mail address is too long.';
  if (!EMAIL_PATTERN.test(email)) return 'Enter a valid e-mail address.';
  return undefined;
}

/** The first message `ZPresentedPassword` gives, or none. */
function passwordError(password: string): string | undefined {
  if (password.length < 1) return 'Enter your password.';
  if (password.length > 1024) return 'This password is too long.';
  return undefined;
}

/** The credentials to send (the e-mail address trimmed and lower-cased), or each field's message. */
export function checkSignIn(values: TSignInForm): TSignInCheck {
  const data = { email: values.email.trim().toLowerCase(), password: values.password };
  const errors: TSignInErrors = {};
  const email = emailError(data.email);
  if (email) errors.email = email;
  const password = passwordError(data.password);
  if (password) errors.password = password;
  return email || password ? { success: false, errors } : { success: true, data };
}
