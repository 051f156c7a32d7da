import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { sessions, type TUserRow } from '../../db/schema/accounts.ts';
import { activityLog } from '../../db/schema/team.ts';
import { describeUserAgent } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';

/**
 * Logs a sign-in from a device (a User-Agent) the member has never signed in with before, so
 * the owner and admins see unfamiliar sign-ins in the activity log. Runs in the transaction that
 * opens the session, before it, so the new session does not count as seen. A device is known
 * while one of its sessions is kept or while the log remembers its first sign-in: ended sessions
 * are purged a day later, and without the log a member who signs out would be "new" every time.
 */
export async function recordNewDeviceSignIn(db: Db, user: TUserRow, userAgent: string | undefined) {
  if (!user.organizationId) return;
  const agent = userAgent?.slice(0, 512) ?? null;
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, user.id), agent ? eq(sessions.userAgent, agent) : isNull(sessions.userAgent)),
    )
    .limit(1);
  if (session) return;
  const [logged] = await db
    .select({ id: activityLog.id })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.organizationId, user.organizationId),
        eq(activityLog.actorUserId, user.id),
        eq(activityLog.type, 'auth.new_device'),
        agent
          ? sql`${activityLog.details}->>'userAgent' = ${agent}`
          : sql`${activityLog.details}->>'userAgent' is null`,
      ),
    )
    .limit(1);
  if (logged) return;
  await recordActivity(db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    type: 'auth.new_device',
    summary: `Signed in from a new device (${describeUserAgent(userAgent)})`,
    subjectType: 'user',
    subjectId: user.id,
    details: { userAgent: agent },
  });
}
