import type {
  TCandidatePreferences,
  TPlace,
  TPreferenceProbe,
  TSubscriptionMeta,
} from '@medhire/contract/account';
import { ACCOUNT_STATUSES, SUBSCRIPTION_STATUSES } from '@medhire/contract/account';
import type { TLocationDetail, TMediaItem } from '@medhire/contract/organization';
import { MEMBER_ROLES } from '@medhire/contract/team-roles';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const accountStatus = pgEnum('account_status', ACCOUNT_STATUSES);
export const subscriptionStatus = pgEnum('subscription_status', SUBSCRIPTION_STATUSES);
export const organizationStatus = pgEnum('organization_status', ['draft', 'claimed', 'active']);
export const otpPurpose = pgEnum('otp_purpose', ['register', 'recovery', 'update_email']);
export const accountTokenPurpose = pgEnum('account_token_purpose', ['password_reset', 'set_password']);
/** Employers use the employer app and /api/employer; physicians use /api/employee. */
export const userRole = pgEnum('user_role', ['employer', 'physician']);
/**
 * An employer's place in its organisation's hiring team (domain/team/rights.ts says what each
 * may do): owner (created or claimed the organisation), admin, recruiter, and delegate (an
 * outside recruiter working the jobs given to them). The spec's delegate flag is the delegate role.
 */
export const memberRole = pgEnum('member_role', MEMBER_ROLES);
export { MEMBER_ROLES };

export type TOrganizationLocations = { locations: TPlace[]; numberOfLocations: number };
export type TOrganizationFeatures = {
  practiceType?: string;
  noOfPhysician?: number;
  nonPhysicianProvider?: number;
  aboutUs?: string;
};
export type TOrganizationMedia = TMediaItem[];
export type TSocialLinks = { facebook?: string; twitter?: string; instagram?: string; websiteUrl?: string };

export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    practiceManagerName: text('practice_manager_name'),
    email: text('email'),
    phoneNumber: text('phone_number'),
    npiNumber: text('npi_number'),
    status: organizationStatus('status').notNull().default('draft'),
    logo: text('logo'),
    orgLocations: jsonb('org_locations').$type<TOrganizationLocations>(),
    features: jsonb('features').$type<TOrganizationFeatures>(),
    media: jsonb('media').$type<TOrganizationMedia>().notNull().default([]),
    socialLinks: jsonb('social_links').$type<TSocialLinks>(),
    /** Per-location details (site names) kept beside orgLocations; null until first set. */
    locationsDetails: jsonb('locations_details').$type<TLocationDetail[]>(),
    /** The owner requires every member to sign in with a second factor (domain/auth/two-step-policy.ts). */
    isTwoStepRequired: boolean('is_two_step_required').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  // Claims look an organisation up by its NPI number.
  (table) => [index('organizations_npi_number_idx').on(table.npiNumber)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Always stored lower-cased; the unique index compares as stored. */
    email: text('email').notNull(),
    /** Null for accounts that never chose a password (an unclaimed organisation's account). */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamptz('email_verified_at'),
    accountStatus: accountStatus('account_status').notNull().default('pending'),
    subscriptionStatus: subscriptionStatus('subscription_status').notNull().default('incomplete'),
    subscriptionMeta: jsonb('subscription_meta')
      .$type<TSubscriptionMeta>()
      .notNull()
      .default({ planId: null, planName: null, currentPeriodEnd: null, invitesLeft: 0 }),
    preferenceProbes: jsonb('preference_probes').$type<TPreferenceProbe[]>().notNull().default([]),
    candidatePreferences: jsonb('candidate_preferences').$type<TCandidatePreferences>(),
    currentProfileStep: integer('current_profile_step').notNull().default(0),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    isDelegate: boolean('is_delegate').notNull().default(false),
    /** The member's role in its organisation; physicians keep the default, which means nothing for them. */
    memberRole: memberRole('member_role').notNull().default('owner'),
    /** The member's name as colleagues see it (activity log, message authors); null until given. */
    fullName: text('full_name'),
    /** When a delegate accepted the Delegate Access agreement; a delegate without it must accept first. */
    delegateAgreementAcceptedAt: timestamptz('delegate_agreement_accepted_at'),
    role: userRole('role').notNull().default('employer'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    archivedAt: timestamptz('archived_at'),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(table.email),
    index('users_organization_id_idx').on(table.organizationId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever known to the client. */
    tokenHash: text('token_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    revokedAt: timestamptz('revoked_at'),
    /** How the session was proven: 'password', then a second factor ('totp', 'recovery_code') if any. */
    factors: text('factors').array().notNull().default(sql`'{}'::text[]`),
    /** When the second step of its sign-in was passed; null for a session opened without one. */
    secondFactorAt: timestamptz('second_factor_at'),
    /**
     * Opened without a second factor in an organisation that requires one: the session may only
     * set up a factor (or sign out) until it does; passing a second step clears it.
     */
    enrolmentRequired: boolean('enrolment_required').notNull().default(false),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_unique').on(table.tokenHash),
    index('sessions_user_id_active_idx').on(table.userId).where(sql`${table.revokedAt} is null`),
  ],
);

/**
 * The devices (User-Agent strings, hashed) an account has opened a session on. A sign-in from one
 * not listed here is a new device: logged for employers and mailed to the account. Kept while the
 * account exists; sessions themselves are purged a day after they end.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the User-Agent as sessions store it (first 512 characters; '' when absent). */
    deviceHash: text('device_hash').notNull(),
    firstSeenAt: timestamptz('first_seen_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);

export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: otpPurpose('purpose').notNull(),
    /** HMAC-SHA-256 of the code under the server secret, bound to the e-mail and purpose. */
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('otp_codes_email_purpose_idx').on(table.email, table.purpose, table.createdAt)],
);

/** Single-use links and tokens that act on an account without a session (password reset, first password). */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: accountTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    consumedAt: timestamptz('consumed_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('account_tokens_token_hash_unique').on(table.tokenHash)],
);

/**
 * Browser push registrations: `value` is the browser's PushSubscription JSON. A subscription
 * (one push-service endpoint) belongs to the account that registered it last.
 */
export const pushTokens = pgTable(
  'push_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    value: text('value').notNull(),
    /** The subscription's push-service URL; null for rows stored before subscriptions. */
    endpoint: text('endpoint'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('push_tokens_value_unique').on(table.value),
    uniqueIndex('push_tokens_endpoint_unique').on(table.endpoint),
    index('push_tokens_user_id_idx').on(table.userId),
  ],
);

export type TUserRow = typeof users.$inferSelect;
export type TOrganizationRow = typeof organizations.$inferSelect;
export type TSessionRow = typeof sessions.$inferSelect;
