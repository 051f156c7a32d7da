import { z } from 'zod';

/**
 * Passkeys (WebAuthn) of one account, the same for employers (/api/employer/auth/…) and
 * physicians (/api/employee/auth/…): register several with names, sign in with one alone, or use
 * one as the second step after the password. The browser's JSON forms of the WebAuthn responses
 * travel as they are; binary fields are base64url.
 */

/** Minutes a WebAuthn challenge stays usable; each works once. */
export const PASSKEY_CHALLENGE_VALID_MINUTES = 5;

/** Passkeys one account may register. */
export const MAX_PASSKEYS_PER_ACCOUNT = 20;

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'must be base64url');

const ZTransports = z.array(z.string().max(20)).max(10);

/** The browser's answer to `navigator.credentials.create()` (RegistrationResponseJSON). */
export const ZPasskeyRegistration = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(20_000),
    authenticatorData: base64url(4000).optional(),
    transports: ZTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type TPasskeyRegistration = z.input<typeof ZPasskeyRegistration>;

/** The browser's answer to `navigator.credentials.get()` (AuthenticationResponseJSON). */
export const ZPasskeyAssertion = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
});
export type TPasskeyAssertion = z.input<typeof ZPasskeyAssertion>;

/** A passkey's name as its owner calls it ("Work laptop", "iPhone"). */
export const ZPasskeyName = z
  .string()
  .trim()
  .min(1, 'Give the passkey a name, such as "Work laptop".')
  .max(60, 'Keep the name under 60 characters.');

/** `POST …/auth/passkey/register`: the new passkey's name and the browser's answer. */
export const ZRegisterPasskeyBody = z.object({ name: ZPasskeyName, credential: ZPasskeyRegistration });
export type TRegisterPasskeyBody = z.input<typeof ZRegisterPasskeyBody>;

/** `PATCH …/auth/passkey/:id`: a new name. */
export const ZRenamePasskeyBody = z.object({ name: ZPasskeyName });
export type TRenamePasskeyBody = z.input<typeof ZRenamePasskeyBody>;

export const ZPasskeyParams = z.object({ id: z.uuid() });

/**
 * `POST …/auth/passkey/authentication-options`: with a sign-in's ticket, the options of the
 * second step (the account's passkeys); without, of a sign-in with a passkey alone (any passkey
 * of this site the browser holds).
 */
export const ZPasskeyAuthenticationOptionsBody = z
  .object({ ticket: z.string().min(20).max(200).optional() })
  .strict()
  .optional();

/** `POST …/auth/passkey/sign-in`: a passkey alone opens a session. */
export const ZPasskeySignInBody = z.object({ credential: ZPasskeyAssertion });
export type TPasskeySignInBody = z.input<typeof ZPasskeySignInBody>;

/**
 * The options for the browser's `navigator.credentials.create()` / `.get()`, in the JSON form
 * `@simplewebauthn/browser` takes (challenge and ids base64url).
 */
export const ZPasskeyOptions = z.object({ options: z.record(z.string(), z.unknown()) });
export type TPasskeyOptions = z.infer<typeof ZPasskeyOptions>;

export const ZPasskey = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced to the owner's other devices by their password manager (iCloud Keychain, Google…). */
  isBackedUp: z.boolean(),
});
export type TPasskey = z.infer<typeof ZPasskey>;

/** `GET …/auth/passkeys`, and the answer of every change: the account's passkeys, oldest first. */
export const ZPasskeyList = z.object({ passkeys: z.array(ZPasskey) });
export type TPasskeyList = z.infer<typeof ZPasskeyList>;

export const PASSKEY_MESSAGES = {
  registered: 'The passkey is ready. You can sign in with it now.',
  renamed: 'The passkey was renamed.',
  removed: 'The passkey was removed. It no longer signs you in.',
  notRecognised: 'This passkey is not recognised. Sign in with your e-mail and password instead.',
  failed: 'The passkey could not be checked. Try again.',
  challengeUsed: 'This passkey request has expired or was already used. Try again.',
  tooMany: `You can keep up to ${MAX_PASSKEYS_PER_ACCOUNT} passkeys. Remove one you no longer use first.`,
} as const;
