import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { sessions, type TUserRow } from '../../db/schema/accounts.ts';
import { describeUserAgent } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';

/**
 * Logs a sign-in from a device (a User-Agent) the member has never signed in with before, so
 * the owner and admins see unfamiliar sign-ins in the activity log. Runs in the transaction that
 * opens the session, before it, so the new session does not count as seen. Sessions are purged
 * some time after they end, so a device unused for that long counts as new again.
 */
export async function recordNewDeviceSignIn(db: Db, user: TUserRow, userAgent: string | undefined) {
  if (!user.organizationId) return;
  const agent = userAgent?.slice(0, 512);
  const [seen] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(eq(sessions.userId, user.id), agent ? eq(sessions.userAgent, agent) : isNull(sessions.userAgent)),
    )
    .limit(1);
  if (seen) return;
  await recordActivity(db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    type: 'auth.new_device',
    summary: `Signed in from a new device (${describeUserAgent(userAgent)})`,
    subjectType: 'user',
    subjectId: user.id,
    details: { userAgent: agent ?? null },
  });
}
