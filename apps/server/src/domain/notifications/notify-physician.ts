import type { TMatchStatus, TPipelineStatus } from '@medhire/contract/matches';
import {
  candidateStatusOf,
  type TPhysicianNotificationType,
} from '@medhire/contract/physician-notifications';
import { CANDIDATE_STATUS_LABELS } from '@medhire/contract/physicians';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import type { TNotificationData, TNotificationRow } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { notifyUsers, notifyUsersEach } from './notify.ts';

/** The user behind a physician profile, unless the account was deleted (a deleted one hears nothing). */
async function activePhysicianUserId(db: Db, physicianId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: users.id })
    .from(physicians)
    .innerJoin(users, and(eq(users.id, physicians.userId), isNull(users.archivedAt)))
    .where(eq(physicians.id, physicianId))
    .limit(1);
  return row?.userId;
}

/** The job's title and the name of the organisation posting it, for the sentences below. */
async function jobAndOrganization(db: Db, jobId: string | null) {
  if (!jobId) return { title: 'a job', organization: 'An employer' };
  const [row] = await db
    .select({ title: jobs.title, organization: organizations.name })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(eq(jobs.id, jobId))
    .limit(1);
  return { title: row?.title ?? 'a job', organization: row?.organization ?? 'An employer' };
}

async function notifyPhysician(
  db: Db,
  physicianId: string,
  type: TPhysicianNotificationType,
  title: string,
  body: string,
  data: TNotificationData,
  now?: Date,
): Promise<TNotificationRow | undefined> {
  const userId = await activePhysicianUserId(db, physicianId);
  if (!userId) return undefined;
  const [row] = await notifyUsers({ db, userIds: [userId], type, title, body, data, now });
  return row;
}

/** An employer invited the physician to a job. Pass the transaction that stores the invite. */
export async function notifyPhysicianOfInvite(
  db: Db,
  { physicianId, jobId, matchId, now }: { physicianId: string; jobId: string; matchId: string; now?: Date },
) {
  const { title, organization } = await jobAndOrganization(db, jobId);
  return notifyPhysician(
    db,
    physicianId,
    'JOB_INVITE',
    'New job invitation',
    `${organization} invited you to apply for ${title}.`,
    { jobId, matchId },
    now,
  );
}

/**
 * Where an application stands changed: a notification only when the candidate word changes
 * (an employer moving a candidate between stages the physician reads alike tells them nothing).
 * Pass the transaction that changes the status.
 */
export interface StatusChange {
  physicianId: string;
  jobId: string;
  from: TPipelineStatus | null;
  to: TPipelineStatus;
  matchStatus?: TMatchStatus | null;
  now?: Date;
}

export async function notifyPhysicianOfStatusChange(db: Db, change: StatusChange) {
  const [row] = await notifyPhysiciansOfStatusChanges(db, [change]);
  return row;
}

/**
 * notifyPhysicianOfStatusChange for many changes (a bulk move): the same rule and sentences,
 * the names read once per job and physician, the notifications stored and queued together.
 */
export async function notifyPhysiciansOfStatusChanges(db: Db, changes: readonly StatusChange[]) {
  const told = changes.flatMap((change) => {
    const before = candidateStatusOf(change.from, change.matchStatus);
    const after = candidateStatusOf(change.to, change.matchStatus);
    return !after || before === after ? [] : [{ ...change, after }];
  });
  if (told.length === 0) return [];
  const jobNames = new Map<string, Awaited<ReturnType<typeof jobAndOrganization>>>();
  for (const jobId of new Set(told.map((change) => change.jobId))) {
    jobNames.set(jobId, await jobAndOrganization(db, jobId));
  }
  const accounts = await db
    .select({ physicianId: physicians.id, userId: users.id })
    .from(physicians)
    .innerJoin(users, and(eq(users.id, physicians.userId), isNull(users.archivedAt)))
    .where(inArray(physicians.id, [...new Set(told.map((change) => change.physicianId))]));
  const userOf = new Map(accounts.map((account) => [account.physicianId, account.userId]));
  return notifyUsersEach(
    db,
    told.flatMap((change) => {
      const userId = userOf.get(change.physicianId);
      const names = jobNames.get(change.jobId);
      if (!userId || !names) return [];
      return [
        {
          userId,
          type: 'APPLICATION_STATUS' as const,
          title: `Application update: ${CANDIDATE_STATUS_LABELS[change.after]}`,
          body: `Your application for ${names.title} at ${names.organization} is now: ${CANDIDATE_STATUS_LABELS[change.after].toLowerCase()}.`,
          data: { jobId: change.jobId, candidateStatus: change.after },
          now: change.now,
        },
      ];
    }),
  );
}
