import { INVITE_ORIGINS, MATCH_STATUSES, PIPELINE_STATUSES } from '@medhire/contract/matches';
import { NOTIFICATION_TYPES } from '@medhire/contract/notifications';
import { PHYSICIAN_NOTIFICATION_TYPES } from '@medhire/contract/physician-notifications';
import type { TCandidateStatus } from '@medhire/contract/physicians';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { organizations, users } from './accounts.ts';
import { jobs } from './jobs.ts';
import { physicians } from './physicians.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const pipelineStatus = pgEnum('pipeline_status', PIPELINE_STATUSES);
export const matchStatus = pgEnum('match_status', MATCH_STATUSES);
export const inviteOrigin = pgEnum('invite_origin', INVITE_ORIGINS);
export const applicationSource = pgEnum('application_source', ['application', 'match']);
export const pipelineActor = pgEnum('pipeline_actor', ['physician', 'employer']);
export const messageSender = pgEnum('message_sender', ['employer', 'employee']);
/** Employers' types first (the spec's), then physicians' (contract/physician-notifications.ts). */
export const notificationType = pgEnum('notification_type', [
  ...NOTIFICATION_TYPES,
  ...PHYSICIAN_NOTIFICATION_TYPES,
]);

/**
 * A physician in a job's hiring pipeline: they applied, or accepted an invite. One per job and
 * physician. `organizationId` repeats the job's organisation so every employer-side list reads
 * one organisation's rows through one index.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    source: applicationSource('source').notNull().default('application'),
    pipelineStatus: pipelineStatus('pipeline_status').notNull().default('Submitted'),
    coverLetter: text('cover_letter'),
    /**
     * When the physician withdrew. The stage stays where it was (the employer sees where the
     * candidate left), and a withdrawn application no longer moves.
     */
    withdrawnAt: timestamptz('withdrawn_at'),
    /** The member looking after this applicant; null = nobody in particular. */
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The furthest stage the application ever reached along the hiring order (0 submitted,
     * 1 shortlisted, 2 interview, 3 offer, 4 hired), kept by a trigger on application_events so
     * the reports' funnel reads one row per application, not its timeline.
     */
    furthestStageRank: smallint('furthest_stage_rank').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('applications_job_physician_unique').on(table.jobId, table.physicianId),
    // INCLUDE (job_id, physician_id, source, furthest_stage_rank) in migration 0035: the reports
    // count a period's applications from the index alone.
    index('applications_organization_created_idx').on(table.organizationId, table.createdAt.desc()),
    index('applications_physician_idx').on(table.physicianId),
  ],
);

/** Every pipeline change of an application, oldest first: the timeline the applicant page shows. */
export const applicationEvents = pgTable(
  'application_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    fromStatus: pipelineStatus('from_status'),
    toStatus: pipelineStatus('to_status').notNull(),
    actor: pipelineActor('actor').notNull(),
    changedByUserId: uuid('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [index('application_events_application_idx').on(table.applicationId, table.createdAt)],
);

/**
 * Every finished stay of an application in a stage: how many hours it stayed before its next
 * pipeline event. Derived from application_events (rebuilt for an application by a trigger each
 * time an event of it is written), with the application's organisation, job, physician and
 * creation time copied in, so the reports' time in stage reads one index range of the period's
 * applications instead of ordering every event of their timelines.
 */
export const applicationStays = pgTable(
  'application_stays',
  {
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    jobId: uuid('job_id').notNull(),
    physicianId: uuid('physician_id').notNull(),
    applicationCreatedAt: timestamptz('application_created_at').notNull(),
    stage: pipelineStatus('stage').notNull(),
    hours: doublePrecision('hours').notNull(),
  },
  (table) => [
    // INCLUDE (job_id, physician_id, stage, hours) in the migration: read from the index alone.
    index('application_stays_organization_created_idx').on(table.organizationId, table.applicationCreatedAt),
    index('application_stays_application_idx').on(table.applicationId),
  ],
);

/**
 * The figures each job shows on the employer's lists: its applicants, its invites in any state
 * and those by answer, leaving out physicians who hid from the job's organisation (as every
 * employer figure does). Kept by statement triggers (migration 0036) in the transaction of every
 * write that changes them: applications and matches written or removed, an invite answered, a
 * physician hiding or unhiding. The job list reads one row a job instead of counting.
 */
export const jobActivityCounts = pgTable('job_activity_counts', {
  jobId: uuid('job_id')
    .primaryKey()
    .references(() => jobs.id, { onDelete: 'cascade' }),
  applicants: integer('applicants').notNull().default(0),
  invites: integer('invites').notNull().default(0),
  pending: integer('pending').notNull().default(0),
  accepted: integer('accepted').notNull().default(0),
  declined: integer('declined').notNull().default(0),
});

/** Physicians an organisation saved to come back to. */
export const savedApplicants = pgTable(
  'saved_applicants',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    savedByUserId: uuid('saved_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.physicianId] }),
    index('saved_applicants_organization_created_idx').on(table.organizationId, table.createdAt.desc()),
  ],
);

/**
 * Match invites (spec §4): pending → accepted | declined | cancelled; nothing leaves a final
 * state. At most one pending or accepted invite per job and physician.
 */
export const matches = pgTable(
  'matches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    jobId: uuid('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    status: matchStatus('status').notNull().default('pending'),
    message: text('message'),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the invite was sent from; null: not recorded (older invites, the applicant's page). */
    origin: inviteOrigin('origin'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    respondedAt: timestamptz('responded_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('matches_active_unique')
      .on(table.jobId, table.physicianId)
      .where(sql`${table.status} in ('pending', 'accepted')`),
    index('matches_organization_created_idx').on(table.organizationId, table.createdAt.desc()),
    index('matches_job_created_idx').on(table.jobId, table.createdAt.desc()),
    index('matches_physician_idx').on(table.physicianId),
  ],
);

/**
 * A conversation between an organisation and a physician about one of its jobs: opened when an
 * invite is accepted, or by a member writing to a physician who applied (start-conversation).
 * One per job and physician, whichever way it was opened (a row whose job was deleted has no job
 * and stands alone).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    physicianId: uuid('physician_id')
      .notNull()
      .references(() => physicians.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    matchId: uuid('match_id').references(() => matches.id, { onDelete: 'set null' }),
    /** Messages the employer / the physician have not read yet. */
    employerUnread: integer('employer_unread').notNull().default(0),
    physicianUnread: integer('physician_unread').notNull().default(0),
    isArchived: boolean('is_archived').notNull().default(false),
    lastMessageAt: timestamptz('last_message_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /**
     * The sequence number of the conversation's last message. Sending raises it in the same
     * transaction as the insert (the row lock orders concurrent senders), so messages are
     * numbered 1, 2, 3… without gaps.
     */
    lastSeq: integer('last_seq').notNull().default(0),
  },
  (table) => [
    uniqueIndex('conversations_match_unique').on(table.matchId),
    uniqueIndex('conversations_job_physician_unique').on(table.jobId, table.physicianId),
    index('conversations_organization_idx').on(table.organizationId, table.lastMessageAt.desc()),
    index('conversations_physician_idx').on(table.physicianId),
  ],
);

/** Messages of a conversation; sending is idempotent on (conversation, sender, tempMsgId). */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    sender: messageSender('sender').notNull(),
    senderUserId: uuid('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    tempMsgId: text('temp_msg_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** Its place in the conversation: 1 for the first message, no gaps (conversations.last_seq). */
    seq: integer('seq').notNull(),
  },
  (table) => [
    uniqueIndex('messages_temp_id_unique').on(table.conversationId, table.sender, table.tempMsgId),
    uniqueIndex('messages_conversation_seq_unique').on(table.conversationId, table.seq),
  ],
);

/**
 * What changed in a conversation, one row per change, written in the same transaction as the
 * change: a new message, a deleted message, a read marker, an archive change. The global id is
 * the cursor of `conversation/sync`; the organisation's and the physician's writes are serialised
 * (a transaction advisory lock each) so ids become visible in order for every reader.
 */
export const conversationChanges = pgTable(
  'conversation_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').notNull(),
    physicianId: uuid('physician_id').notNull(),
    /** 'message' | 'deleted' | 'read' | 'archived' */
    kind: text('kind').$type<'message' | 'deleted' | 'read' | 'archived'>().notNull(),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    /** read: {reader}; archived: {archived}. */
    data: jsonb('data')
      .$type<{ reader?: 'employer' | 'employee'; archived?: boolean }>()
      .notNull()
      .default({}),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('conversation_changes_organization_idx').on(table.organizationId, table.id),
    index('conversation_changes_physician_idx').on(table.physicianId, table.id),
  ],
);

export type TNotificationData = {
  conversation?: string;
  jobId?: string;
  matchId?: string;
  physicianId?: string;
  /** Physician notifications: the alert a JOB_ALERT came from, and that alert's own channels. */
  alertId?: string;
  alertChannels?: { push: boolean; email: boolean };
  /** APPLICATION_STATUS: the candidate word the application moved to. */
  candidateStatus?: TCandidateStatus;
};

/** In-app notifications of an employer user (spec §3 "Notification") or of a physician. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    data: jsonb('data').$type<TNotificationData>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    /** When the delivery job (socket, push) handled it; null while it waits in the queue. */
    deliveredAt: timestamptz('delivered_at'),
  },
  (table) => [
    // The notification list's order (newest first, id breaking ties), so a page is read off the
    // index without sorting the user's whole history.
    // NULLS FIRST is what `order by … desc` means; an index in another null order is not used for it.
    index('notifications_user_created_id_idx').on(
      table.userId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The bell's queries: the unread count and the unread filter, in the same order.
    index('notifications_user_unread_created_idx').on(
      table.userId,
      sql`(${table.readAt} is null)`,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The sweep of notifications whose delivery job was never queued (sweep-notifications.ts).
    index('notifications_undelivered_idx').on(table.createdAt).where(sql`${table.deliveredAt} is null`),
  ],
);

export type TApplicationRow = typeof applications.$inferSelect;
export type TMatchRow = typeof matches.$inferSelect;
export type TConversationRow = typeof conversations.$inferSelect;
export type TMessageRow = typeof messages.$inferSelect;
export type TConversationChangeRow = typeof conversationChanges.$inferSelect;
export type TNotificationRow = typeof notifications.$inferSelect;
