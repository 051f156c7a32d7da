import type { TMatchUpdate } from '@medhire/contract/matches';
import { MATCH_MESSAGES } from '@medhire/contract/matches';
import {
  PHYSICIAN_MESSAGES,
  type TPhysicianMatch,
  type TPhysicianMatchesQuery,
  type TPhysicianMatchList,
  type TRespondToMatchBody,
} from '@medhire/contract/physicians';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { subscriptions } from '../../db/schema/billing.ts';
import { applicationEvents, applications, conversations, matches } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicianHiddenOrganizations } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { syncMembers } from '../billing/subscription-view.ts';
import { openConversation } from '../conversations/open-conversation.ts';
import { assertMatchTransition } from '../matches/match-transitions.ts';
import { loadMatchView } from '../matches/match-view.ts';
import { notifyOrganization, organizationEmployerUserIds } from '../notifications/notify.ts';
import { findPhysicianWithEmail, fullNameOf } from './physician-profile.ts';

function matchNotFound(): AppError {
  return new AppError('NOT_FOUND', MATCH_MESSAGES.notFound);
}

function selectPhysicianMatches(db: Db) {
  return db
    .select({
      id: matches.id,
      status: matches.status,
      message: matches.message,
      createdAt: matches.createdAt,
      respondedAt: matches.respondedAt,
      jobId: jobs.id,
      jobTitle: jobs.title,
      organizationId: organizations.id,
      organizationName: organizations.name,
      conversationId: conversations.id,
    })
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(organizations, eq(organizations.id, matches.organizationId))
    .leftJoin(conversations, eq(conversations.matchId, matches.id));
}

type PhysicianMatchRow = Awaited<ReturnType<ReturnType<typeof selectPhysicianMatches>['where']>>[number];

function toPhysicianMatch(row: PhysicianMatchRow): TPhysicianMatch {
  return {
    _id: row.id,
    status: row.status,
    job: { _id: row.jobId, title: row.jobTitle },
    organization: { _id: row.organizationId, name: row.organizationName ?? '' },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    conversationId: row.conversationId,
  };
}

export interface ListOwnMatchesOptions {
  db: Db;
  physicianId: string;
  query: TPhysicianMatchesQuery;
}

/** The invites the physician received, newest first, optionally of one status. */
export async function listOwnMatches({
  db,
  physicianId,
  query,
}: ListOwnMatchesOptions): Promise<TPhysicianMatchList> {
  const { pageSize, pageNumber } = query;
  const conditions: SQL[] = [eq(matches.physicianId, physicianId)];
  if (query.status) conditions.push(eq(matches.status, query.status));
  const where = and(...conditions);
  const rows = await selectPhysicianMatches(db)
    .where(where)
    .orderBy(desc(matches.createdAt), desc(matches.id))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(matches).where(where);
  return { matches: rows.map(toPhysicianMatch), total: counted?.total ?? 0, pageNumber, pageSize };
}

export interface RespondToMatchOptions {
  db: Db;
  physicianId: string;
  matchId: string;
  status: TRespondToMatchBody['status'];
  now?: Date;
}

export interface RespondToMatchResult {
  /** The match as the employer sees it, with the inviting user's subscriptionMeta when an invite was spent. */
  match: TMatchUpdate;
  /** The same match as the physician sees it. */
  physicianMatch: TPhysicianMatch;
  /** Employer users of the organisation, for the `onNewMatch` socket event. */
  employerUserIds: string[];
  /** The conversation an acceptance opened; null for a decline. */
  conversationId: string | null;
}

/**
 * Takes away one invite of the organisation's subscription, never below zero, copies it onto
 * every member (domain/billing) and answers the inviting user's new subscriptionMeta; undefined
 * when that user no longer exists. An organisation without a subscription row (invites sent
 * before subscriptions existed) spends from the inviting user's own meta, as it always did.
 */
async function spendInvite(db: Db, organizationId: string, userId: string | null, now: Date) {
  if (!userId) return undefined;
  const [spent] = await db
    .update(subscriptions)
    .set({ invitesLeft: sql`greatest(0, ${subscriptions.invitesLeft} - 1)`, updatedAt: now })
    .where(eq(subscriptions.organizationId, organizationId))
    .returning({ id: subscriptions.id });
  if (spent) {
    await syncMembers(db, organizationId, now);
    const [user] = await db
      .select({ subscriptionMeta: users.subscriptionMeta })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return user?.subscriptionMeta;
  }
  const [updated] = await db
    .update(users)
    .set({
      subscriptionMeta: sql`jsonb_set(${users.subscriptionMeta}, '{invitesLeft}', to_jsonb(greatest(0, coalesce((${users.subscriptionMeta} ->> 'invitesLeft')::int, 0) - 1)))`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ subscriptionMeta: users.subscriptionMeta });
  return updated?.subscriptionMeta;
}

/**
 * The physician answers a pending invite of theirs (another's answers 404), within the match
 * state machine (422 otherwise). Accepting opens the conversation with the organisation, puts
 * the physician in the job's pipeline as Shortlisted unless an application is already there,
 * spends one invite of the inviting employer user and notifies the organisation
 * (INVITE_ACCEPTED); declining notifies it too (INVITE_REJECTED). Socket events are the
 * caller's, after this returns.
 */
export async function respondToMatch({
  db,
  physicianId,
  matchId,
  status,
  now = new Date(),
}: RespondToMatchOptions): Promise<RespondToMatchResult> {
  if (!isUuid(matchId)) throw matchNotFound();
  // An organisation the physician hides from is not told of the answer, live or otherwise.
  let isHiddenFromOrganization = false;
  const outcome = await db.transaction(async (tx) => {
    const [match] = await tx
      .select()
      .from(matches)
      .where(and(eq(matches.id, matchId), eq(matches.physicianId, physicianId)))
      .limit(1)
      .for('update');
    if (!match) throw matchNotFound();
    assertMatchTransition(match.status, status, 'physician');
    const [hidden] = await tx
      .select({ organizationId: physicianHiddenOrganizations.organizationId })
      .from(physicianHiddenOrganizations)
      .where(
        and(
          eq(physicianHiddenOrganizations.physicianId, physicianId),
          eq(physicianHiddenOrganizations.organizationId, match.organizationId),
        ),
      )
      .limit(1);
    isHiddenFromOrganization = hidden !== undefined;
    // Accepting opens a conversation the organisation could not see; declining is answered
    // without telling it who declined.
    if (hidden && status === 'accepted') {
      throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.inviteFromHiddenOrganization);
    }
    await tx.update(matches).set({ status, respondedAt: now, updatedAt: now }).where(eq(matches.id, matchId));

    const { physician } = await findPhysicianWithEmail(tx, physicianId);
    const [job] = await tx.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, match.jobId)).limit(1);
    const jobTitle = job?.title ?? 'your job';

    if (status === 'declined' && hidden) {
      return { conversationId: null, subscriptionMeta: undefined, organizationId: match.organizationId };
    }
    if (status === 'declined') {
      await notifyOrganization({
        db: tx,
        organizationId: match.organizationId,
        type: 'INVITE_REJECTED',
        title: 'Invite declined',
        body: `${fullNameOf(physician)} declined your invite to ${jobTitle}.`,
        data: { matchId, jobId: match.jobId, physicianId },
        now,
      });
      return { conversationId: null, subscriptionMeta: undefined, organizationId: match.organizationId };
    }

    const conversation = await openConversation({
      db: tx,
      organizationId: match.organizationId,
      physicianId,
      jobId: match.jobId,
      matchId,
      now,
    });
    const [application] = await tx
      .insert(applications)
      .values({
        jobId: match.jobId,
        organizationId: match.organizationId,
        physicianId,
        source: 'match',
        pipelineStatus: 'Shortlisted',
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [applications.jobId, applications.physicianId] })
      .returning({ id: applications.id });
    if (application) {
      await tx.insert(applicationEvents).values({
        applicationId: application.id,
        fromStatus: null,
        toStatus: 'Shortlisted',
        actor: 'physician',
        createdAt: now,
      });
    }
    const subscriptionMeta = await spendInvite(tx, match.organizationId, match.invitedByUserId, now);
    await notifyOrganization({
      db: tx,
      organizationId: match.organizationId,
      type: 'INVITE_ACCEPTED',
      title: 'Invite accepted',
      body: `${fullNameOf(physician)} accepted your invite to ${jobTitle}.`,
      data: { matchId, jobId: match.jobId, physicianId, conversation: conversation.id },
      now,
    });
    return {
      conversationId: conversation.id,
      subscriptionMeta,
      organizationId: match.organizationId,
      jobId: match.jobId,
    };
  });

  const [matchView, [physicianRow], employerUserIds] = await Promise.all([
    loadMatchView(db, matchId),
    selectPhysicianMatches(db).where(eq(matches.id, matchId)),
    organizationEmployerUserIds(db, outcome.organizationId, outcome.jobId),
  ]);
  if (!physicianRow) throw matchNotFound();
  return {
    match: outcome.subscriptionMeta
      ? { ...matchView, subscriptionMeta: outcome.subscriptionMeta }
      : matchView,
    physicianMatch: toPhysicianMatch(physicianRow),
    employerUserIds: isHiddenFromOrganization ? [] : employerUserIds,
    conversationId: outcome.conversationId,
  };
}
