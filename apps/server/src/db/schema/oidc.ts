import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { userRole, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Professional-network (OpenID Connect) sign-ins that were started and not yet finished. Kept
 * in the database, not in memory, so the instance that answers the provider's redirect need not
 * be the one that started the sign-in. Each row is used at most once.
 */
export const oidcLogins = pgTable(
  'oidc_logins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the `state` sent to the provider; the state itself travels only in URLs. */
    stateHash: text('state_hash').notNull(),
    /** The PKCE secret; only its S256 challenge went to the provider. */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    /** SHA-256 of the cookie that ties the sign-in to the browser that started it. */
    browserBindingHash: text('browser_binding_hash').notNull(),
    /**
     * Which app the sign-in was started from: it decides which kind of account the provider's
     * answer may open, and which of the two callback pages the provider sends the browser to.
     */
    accountKind: userRole('account_kind').notNull().default('employer'),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oidc_logins_state_hash_unique').on(table.stateHash),
    index('oidc_logins_expires_at_idx').on(table.expiresAt),
  ],
);

/** An employer account's link to a person at the OpenID provider, who is (issuer, subject) there. */
export const oidcIdentities = pgTable(
  'oidc_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    /** The e-mail the provider vouched for when the link was made. */
    email: text('email').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSignInAt: timestamptz('last_sign_in_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oidc_identities_issuer_subject_unique').on(table.issuer, table.subject),
    index('oidc_identities_user_id_idx').on(table.userId),
  ],
);

export type TOidcLoginRow = typeof oidcLogins.$inferSelect;
export type TOidcIdentityRow = typeof oidcIdentities.$inferSelect;
