import {
  MAX_PASSKEYS_PER_ACCOUNT,
  PASSKEY_CHALLENGE_VALID_MINUTES,
  PASSKEY_MESSAGES,
  type TPasskey,
  type TPasskeyAssertion,
  type TPasskeyList,
  type TPasskeyOptions,
  type TPasskeyRegistration,
} from '@medhire/contract/passkeys';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import { and, asc, count, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { type TUserRow, users } from '../../../db/schema/accounts.ts';
import { passkeys, type TPasskeyRow, webauthnChallenges } from '../../../db/schema/security.ts';
import { AppError } from '../../../lib/app-error.ts';
import type { AuthContext } from '../context.ts';

/**
 * The WebAuthn library, loaded when a passkey is first used rather than at start-up (it and its
 * CBOR and crypto dependencies are among the heaviest modules the server would load).
 */
let loadingWebAuthn: Promise<typeof import('@simplewebauthn/server')> | undefined;
function webAuthn(): Promise<typeof import('@simplewebauthn/server')> {
  loadingWebAuthn ??= import('@simplewebauthn/server');
  return loadingWebAuthn;
}

/** Base64URL as WebAuthn writes it, through Node's own codec. */
const base64Url = {
  toUTF8String: (value: string) => Buffer.from(value, 'base64url').toString('utf8'),
  fromBuffer: (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url'),
  toBuffer: (value: string) => new Uint8Array(Buffer.from(value, 'base64url')),
};

/** What a challenge is for; a challenge answers only the call it was made for. */
export type ChallengePurpose = 'registration' | 'sign_in' | 'second_step' | 'confirm';

const RP_NAME = 'MedHire';

/** The relying party: its id is PUBLIC_URL's host name, the only origin accepted is PUBLIC_URL's. */
export function relyingParty(publicUrl: string): { rpID: string; origin: string } {
  const url = new URL(publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

function refusal(message: string, reason: string): AppError {
  return new AppError('BAD_REQUEST', message, { reason });
}

async function storeChallenge(
  db: Db,
  challenge: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<void> {
  await db.insert(webauthnChallenges).values({
    challenge,
    purpose,
    userId,
    expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_VALID_MINUTES * 60_000),
  });
}

/** The challenge the browser signed, read from clientDataJSON (checked again by the verification). */
function challengeOf(clientDataJSON: string): string {
  try {
    const parsed = JSON.parse(base64Url.toUTF8String(clientDataJSON)) as { challenge?: unknown };
    if (typeof parsed.challenge === 'string' && parsed.challenge.length > 0) return parsed.challenge;
  } catch {
    // Falls through to the refusal.
  }
  throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_RESPONSE_INVALID');
}

/**
 * Spends the challenge the response signed: it must be live, unused, made for `purpose` and, when
 * `userId` is given, for that account. Spent through the main handle before anything else is
 * checked, so a response that fails verification has still used its challenge up.
 */
async function spendChallenge(
  db: Db,
  clientDataJSON: string,
  purpose: ChallengePurpose,
  userId: string | null,
): Promise<string> {
  const challenge = challengeOf(clientDataJSON);
  const [spent] = await db
    .update(webauthnChallenges)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(webauthnChallenges.challenge, challenge),
        eq(webauthnChallenges.purpose, purpose),
        userId === null ? isNull(webauthnChallenges.userId) : eq(webauthnChallenges.userId, userId),
        isNull(webauthnChallenges.consumedAt),
        gt(webauthnChallenges.expiresAt, new Date()),
      ),
    )
    .returning({ id: webauthnChallenges.id });
  if (!spent) throw refusal(PASSKEY_MESSAGES.challengeUsed, 'PASSKEY_CHALLENGE_INVALID');
  return challenge;
}

function toView(row: TPasskeyRow): TPasskey {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    isBackedUp: row.isBackedUp,
  };
}

export async function listPasskeys(db: Db, userId: string): Promise<TPasskeyList> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return { passkeys: rows.map(toView) };
}

export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .limit(1);
  return Boolean(row);
}

async function credentialsOf(db: Db, userId: string) {
  const rows = await db
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return rows.map((row) => ({
    id: row.id,
    transports: row.transports as AuthenticatorTransportFuture[],
  }));
}

/**
 * The options for creating a passkey of `user`: a resident (discoverable) credential, so it can
 * sign in alone; the account's passkeys are excluded so one authenticator is not registered twice.
 */
export async function passkeyRegistrationOptions(
  context: AuthContext,
  user: TUserRow,
): Promise<TPasskeyOptions> {
  const { rpID } = relyingParty(context.publicUrl);
  const options = await (await webAuthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userDisplayName: user.email,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: await credentialsOf(context.db, user.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await storeChallenge(context.db, options.challenge, 'registration', user.id);
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * Checks the browser's answer to the registration options and stores the passkey in `tx`. The
 * challenge is spent first, through `context.db`, whatever the outcome.
 */
export async function verifyAndStorePasskey(
  context: AuthContext,
  tx: Db,
  userId: string,
  name: string,
  credential: TPasskeyRegistration,
): Promise<void> {
  const response = credential as RegistrationResponseJSON;
  const expectedChallenge = await spendChallenge(
    context.db,
    response.response.clientDataJSON,
    'registration',
    userId,
  );
  const { rpID, origin } = relyingParty(context.publicUrl);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await (await webAuthn()).verifyRegistrationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
  } catch {
    throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_RESPONSE_INVALID');
  }
  if (!verification.verified || !verification.registrationInfo) {
    throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_RESPONSE_INVALID');
  }
  const { credential: verified, credentialBackedUp } = verification.registrationInfo;
  const [held] = await tx.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if ((held?.total ?? 0) >= MAX_PASSKEYS_PER_ACCOUNT) {
    throw new AppError('BUSINESS_RULE', PASSKEY_MESSAGES.tooMany, { reason: 'PASSKEY_LIMIT' });
  }
  const [stored] = await tx
    .insert(passkeys)
    .values({
      userId,
      credentialId: verified.id,
      publicKey: base64Url.fromBuffer(verified.publicKey),
      counter: verified.counter,
      transports: verified.transports ?? credential.response.transports ?? [],
      name,
      isBackedUp: credentialBackedUp,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({ id: passkeys.id });
  if (!stored) {
    throw new AppError('CONFLICT', 'This passkey is already registered.', { reason: 'PASSKEY_EXISTS' });
  }
}

/**
 * The options for signing with a passkey. With `userId`, only that account's passkeys are offered
 * (the second step, or confirming a signed-in session); without, any passkey of this site the
 * browser holds (a sign-in with a passkey alone, or the browser's autofill).
 */
export async function passkeyAuthenticationOptions(
  context: AuthContext,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  userId: string | null,
): Promise<TPasskeyOptions> {
  const { rpID } = relyingParty(context.publicUrl);
  const options = await (await webAuthn()).generateAuthenticationOptions({
    rpID,
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
    allowCredentials: userId ? await credentialsOf(context.db, userId) : [],
  });
  await storeChallenge(context.db, options.challenge, purpose, userId);
  return { options: options as unknown as Record<string, unknown> };
}

/**
 * Checks a passkey assertion: its challenge (spent first, whatever the outcome), the signature
 * with the stored public key, and the signature counter, which must grow when it is not zero; the
 * new counter is written in `tx` only if no parallel request moved it meanwhile. With `userId`,
 * the passkey must be that account's. Answers the account the passkey belongs to.
 */
export async function verifyPasskeyAssertion(
  context: AuthContext,
  tx: Db,
  assertion: TPasskeyAssertion,
  purpose: Exclude<ChallengePurpose, 'registration'>,
  userId: string | null,
): Promise<TUserRow> {
  const response = assertion as AuthenticationResponseJSON;
  const expectedChallenge = await spendChallenge(
    context.db,
    response.response.clientDataJSON,
    purpose,
    userId,
  );
  const [found] = await tx
    .select({ passkey: passkeys, user: users })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!found || (userId !== null && found.user.id !== userId)) {
    throw new AppError('UNAUTHENTICATED', PASSKEY_MESSAGES.notRecognised, { reason: 'PASSKEY_UNKNOWN' });
  }
  const { passkey, user } = found;
  const { rpID, origin } = relyingParty(context.publicUrl);
  let verification: VerifiedAuthenticationResponse;
  try {
    verification = await (await webAuthn()).verifyAuthenticationResponse({
      response,
      expectedChallenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: base64Url.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: purpose === 'sign_in',
    });
  } catch (error) {
    const isCounter = error instanceof Error && /counter/i.test(error.message);
    throw refusal(
      PASSKEY_MESSAGES.failed,
      isCounter ? 'PASSKEY_COUNTER_REPLAYED' : 'PASSKEY_RESPONSE_INVALID',
    );
  }
  if (!verification.verified) throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_RESPONSE_INVALID');
  // A user handle, when the authenticator sends one, must name the passkey's own account.
  const userHandle = response.response.userHandle;
  if (userHandle && base64Url.toUTF8String(userHandle) !== user.id) {
    throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_RESPONSE_INVALID');
  }
  const { newCounter, credentialBackedUp } = verification.authenticationInfo;
  const [moved] = await tx
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: new Date(), isBackedUp: credentialBackedUp })
    .where(
      and(
        eq(passkeys.id, passkey.id),
        newCounter === 0 ? eq(passkeys.counter, 0) : lt(passkeys.counter, newCounter),
      ),
    )
    .returning({ id: passkeys.id });
  if (!moved) throw refusal(PASSKEY_MESSAGES.failed, 'PASSKEY_COUNTER_REPLAYED');
  return user;
}

/** Renames one of the account's passkeys; another account's is unknown (404). */
export async function renamePasskey(db: Db, userId: string, id: string, name: string): Promise<TPasskeyList> {
  const [renamed] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!renamed) throw new AppError('NOT_FOUND', 'This passkey was not found.');
  return listPasskeys(db, userId);
}

/** Deletes one of the account's passkeys in `tx`; another account's is unknown (404). Answers its name. */
export async function deletePasskeyRow(tx: Db, userId: string, id: string): Promise<string> {
  const [deleted] = await tx
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ name: passkeys.name });
  if (!deleted) throw new AppError('NOT_FOUND', 'This passkey was not found.');
  return deleted.name;
}
