import type { TPasskeyList, TPasskeyOptions, TPasskeyRegistration } from '@medhire/contract/passkeys';
import { forgetCachedUser } from '../session-cache.ts';
import {
  deletePasskeyRow,
  listPasskeys,
  passkeyAuthenticationOptions,
  passkeyRegistrationOptions,
  renamePasskey,
  verifyAndStorePasskey,
} from './passkeys.ts';
import {
  type AccountSecurityOptions,
  assertFreshSecondStep,
  logSecurityEvent,
  mailSecurityChange,
  recordSecondStep,
  requireUser,
} from './second-factor.ts';

/**
 * The options for registering one more passkey. Adding a factor is a sensitive change: an account
 * that already has one needs a fresh second step, so a stolen session cannot slip its own in.
 */
export async function startPasskeyRegistration({
  context,
  userId,
  sessionId,
}: AccountSecurityOptions): Promise<TPasskeyOptions> {
  const user = await requireUser(context.db, userId);
  await assertFreshSecondStep(context.db, userId, sessionId);
  return passkeyRegistrationOptions(context, user);
}

/**
 * Stores the new passkey once the browser's answer checks out; logged for an employer's
 * organisation and mailed to the owner. Creating it proved the authenticator is at hand, so the
 * session counts as having just passed a second step.
 */
export async function registerPasskey({
  context,
  userId,
  sessionId,
  name,
  credential,
}: AccountSecurityOptions & { name: string; credential: TPasskeyRegistration }): Promise<TPasskeyList> {
  const { db } = context;
  const user = await requireUser(db, userId);
  await assertFreshSecondStep(db, userId, sessionId);
  await db.transaction(async (tx) => {
    await verifyAndStorePasskey(context, tx, userId, name, credential);
    await recordSecondStep(tx, sessionId, 'passkey');
    await logSecurityEvent(tx, user, 'auth.second_factor_added', `Added a passkey for signing in: ${name}`);
    await mailSecurityChange(tx, user, 'passkey_added');
  });
  // A session that was held to enrolment is free now, on this instance's session cache too.
  forgetCachedUser(userId);
  return listPasskeys(db, userId);
}

export async function renameOwnPasskey({
  context,
  userId,
  id,
  name,
}: AccountSecurityOptions & { id: string; name: string }): Promise<TPasskeyList> {
  await requireUser(context.db, userId);
  return renamePasskey(context.db, userId, id, name);
}

/** Removes one of the account's passkeys: a sensitive change, logged and mailed like adding one. */
export async function removePasskey({
  context,
  userId,
  sessionId,
  id,
}: AccountSecurityOptions & { id: string }): Promise<TPasskeyList> {
  const { db } = context;
  const user = await requireUser(db, userId);
  await assertFreshSecondStep(db, userId, sessionId);
  await db.transaction(async (tx) => {
    const name = await deletePasskeyRow(tx, userId, id);
    await logSecurityEvent(tx, user, 'auth.second_factor_removed', `Removed the passkey ${name}`);
    await mailSecurityChange(tx, user, 'passkey_removed');
  });
  return listPasskeys(db, userId);
}

/** The options for confirming the signed-in session with one of its account's passkeys. */
export async function passkeyConfirmOptions({
  context,
  userId,
}: AccountSecurityOptions): Promise<TPasskeyOptions> {
  await requireUser(context.db, userId);
  return passkeyAuthenticationOptions(context, 'confirm', userId);
}
