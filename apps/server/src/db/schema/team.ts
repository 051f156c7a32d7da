import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { memberRole, organizations, users } from './accounts.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An invitation to join an organisation's hiring team. The link carries a random token; only its
 * SHA-256 is stored. Single use (accepted_at), revocable (revoked_at) and expiring (expires_at).
 * At most one open invitation per organisation and e-mail.
 */
export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower-cased like users.email. */
    email: text('email').notNull(),
    role: memberRole('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Jobs a delegate is given when they join (assigned to them on acceptance). */
    jobIds: uuid('job_ids').array().notNull().default(sql`'{}'::uuid[]`),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    sentAt: timestamptz('sent_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    acceptedAt: timestamptz('accepted_at'),
    acceptedByUserId: uuid('accepted_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    uniqueIndex('team_invitations_token_hash_unique').on(table.tokenHash),
    uniqueIndex('team_invitations_open_unique')
      .on(table.organizationId, table.email)
      .where(sql`${table.acceptedAt} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * Who did what in an organisation, and when. `actor_name` is the actor's name at the time, so an
 * entry keeps its author after the member leaves. Kept for two years (purged by the queue).
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    /** e.g. job.created, pipeline.moved, invite.sent, team.member_removed, plan.changed, auth.new_device */
    type: text('type').notNull(),
    /** What the entry is about, e.g. 'job' and its id, for links from the log. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** One line a person reads: "Moved Dr. Jane Roe to Interviewing on Family Medicine, Austin". */
    summary: text('summary').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('activity_log_organization_created_idx').on(table.organizationId, table.createdAt.desc(), table.id),
    index('activity_log_organization_actor_idx').on(
      table.organizationId,
      table.actorUserId,
      table.createdAt.desc(),
    ),
    index('activity_log_organization_type_idx').on(table.organizationId, table.type, table.createdAt.desc()),
    index('activity_log_created_idx').on(table.createdAt),
  ],
);

export const dataExportStatus = pgEnum('data_export_status', ['queued', 'running', 'ready', 'failed']);

/**
 * An export of an organisation's data, built by the queue into a ZIP under DATA_DIR (or the
 * configured storage). The download link carries a token (SHA-256 stored) valid until expires_at
 * (7 days after it is ready).
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    requestedByUserId: uuid('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    status: dataExportStatus('status').notNull().default('queued'),
    /** Where the finished ZIP is kept (a storage key); null until ready. */
    fileKey: text('file_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    downloadTokenHash: text('download_token_hash'),
    error: text('error'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    completedAt: timestamptz('completed_at'),
    expiresAt: timestamptz('expires_at'),
  },
  (table) => [
    index('data_exports_organization_created_idx').on(table.organizationId, table.createdAt.desc()),
    uniqueIndex('data_exports_download_token_unique').on(table.downloadTokenHash),
  ],
);
