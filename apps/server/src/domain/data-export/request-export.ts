import { DATA_EXPORT_MESSAGES, type TDataExport } from '@medhire/contract/data-export';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import { dataExports } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { enqueueJob } from '../../queue/enqueue-job.ts';
import { assertFreshSecondStep } from '../auth/second-factor/second-factor.ts';
import { requireMemberRight, type TeamMember } from '../team/member-right.ts';
import { recordActivity } from '../team/record-activity.ts';
import { DATA_EXPORT_QUEUE, toDataExport } from './export-view.ts';

export interface RequestExportOptions {
  db: Db;
  /** The signed-in caller (request.account). */
  member: TeamMember & { sessionId: string };
  now?: Date;
}

/**
 * The owner asks for an export of the organisation's data. The export row, its job on the queue
 * and the activity entry commit together, so a queued export always has a job to build it. One
 * export at a time: another while one is queued or running answers 409. The organisation's row
 * is locked meanwhile, so two requests at once cannot both pass that check.
 */
export async function requestExport({
  db,
  member,
  now = new Date(),
}: RequestExportOptions): Promise<TDataExport> {
  const { organizationId, userId } = requireMemberRight(
    member,
    'data.export',
    DATA_EXPORT_MESSAGES.forbidden,
  );
  if (!organizationId) throw new AppError('BUSINESS_RULE', DATA_EXPORT_MESSAGES.noOrganization);
  // The whole organisation's data leaves with it: a stolen session alone must not be enough.
  await assertFreshSecondStep(db, userId, member.sessionId);
  return db.transaction(async (tx) => {
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .for('update');
    const [pending] = await tx
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.organizationId, organizationId),
          inArray(dataExports.status, ['queued', 'running']),
        ),
      )
      .limit(1);
    if (pending) throw new AppError('CONFLICT', DATA_EXPORT_MESSAGES.alreadyRunning);
    const [row] = await tx
      .insert(dataExports)
      .values({ organizationId, requestedByUserId: userId, status: 'queued', createdAt: now })
      .returning();
    if (!row) throw new Error('The export was not stored.');
    await enqueueJob(tx, DATA_EXPORT_QUEUE, { exportId: row.id });
    await recordActivity(tx, {
      organizationId,
      actorUserId: userId,
      type: 'export.requested',
      summary: 'Requested an export of the organization’s data',
      subjectType: 'data_export',
      subjectId: row.id,
      createdAt: now,
    });
    const [requester] = await tx
      .select({ name: users.fullName, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return toDataExport(row, requester ? (requester.name ?? requester.email) : null, now);
  });
}
