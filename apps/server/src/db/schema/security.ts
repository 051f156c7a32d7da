import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An account's authenticator app (TOTP). The row exists from the start of an enrolment; the
 * factor is on only once `confirmed_at` is set by a code from the app.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** The base32 secret, AES-256-GCM under a key derived from the server secret (domain/auth/totp-secret-box.ts). */
  secretCiphertext: text('secret_ciphertext').notNull(),
  confirmedAt: timestamptz('confirmed_at'),
  /**
   * The 30-second time step of the last code accepted: a code of this step or an earlier one is
   * refused, so a code seen over someone's shoulder cannot be used again.
   */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: timestamptz('created_at').notNull().defaultNow(),
});

/** Single-use recovery codes, stored as HMACs under the server secret; regenerating deletes the old set. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('recovery_codes_user_code_unique').on(table.userId, table.codeHash),
    index('recovery_codes_user_unused_idx').on(table.userId).where(sql`${table.usedAt} is null`),
  ],
);

/**
 * The short-lived ticket a password sign-in answers when the account has a second factor on:
 * used once, with a code, at `…/auth/second-step`. Stored as its SHA-256 like session tokens.
 */
export const secondStepTickets = pgTable(
  'second_step_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** How the first step was passed: 'password', or 'oidc' for a sign-in with Doximity. */
    firstFactor: text('first_factor').notNull().default('password'),
    userAgent: text('user_agent'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('second_step_tickets_token_hash_unique').on(table.tokenHash)],
);

/**
 * An account's passkeys (WebAuthn credentials). One signs in alone or serves as the second step
 * after the password; the signature counter only grows (a copied authenticator shows up as a
 * counter that does not).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    isBackedUp: boolean('is_backed_up').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastUsedAt: timestamptz('last_used_at'),
  },
  (table) => [
    uniqueIndex('passkeys_credential_id_unique').on(table.credentialId),
    index('passkeys_user_idx').on(table.userId),
  ],
);

/**
 * WebAuthn challenges, stored server-side so each works once and only for a few minutes:
 * 'registration' and 'confirm' belong to a signed-in account, 'second_step' to the account of a
 * sign-in's ticket, 'sign_in' (a passkey alone) to nobody yet.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** base64url, as it comes back inside clientDataJSON. */
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('webauthn_challenges_challenge_unique').on(table.challenge)],
);

export type TPasskeyRow = typeof passkeys.$inferSelect;
export type TTotpFactorRow = typeof totpFactors.$inferSelect;
