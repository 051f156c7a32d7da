import { createHash } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { knownDevices, type TUserRow } from '../../db/schema/accounts.ts';
import { queueAccountMail } from '../mail/account-mail.ts';
import { renderNewDeviceMail } from '../mail/templates.ts';
import { describeUserAgent } from '../team/activity-names.ts';
import { recordActivity } from '../team/record-activity.ts';

/** The key a device is known by: its User-Agent as sessions store it, hashed. */
export function deviceHash(userAgent: string | undefined | null): string {
  return createHash('sha256')
    .update(userAgent?.slice(0, 512) ?? '')
    .digest('hex');
}

/** Remembers the device a session is opened on (every session: sign-in, registration, invitation). */
export async function rememberDevice(
  db: Db,
  userId: string,
  userAgent: string | undefined,
): Promise<boolean> {
  const inserted = await db
    .insert(knownDevices)
    .values({ userId, deviceHash: deviceHash(userAgent) })
    .onConflictDoNothing()
    .returning({ userId: knownDevices.userId });
  return inserted.length > 0;
}

/**
 * A sign-in from a device (a User-Agent) the account has never opened a session on: the account
 * gets a mail, and an employer's sign-in is logged so the owner and admins see it too. The very
 * first device of an account is not news. Runs in the transaction that opens the session, before
 * it, so the mail is queued only if the session is.
 */
export async function recordNewDeviceSignIn(db: Db, user: TUserRow, userAgent: string | undefined) {
  const hash = deviceHash(userAgent);
  if (!(await rememberDevice(db, user.id, userAgent))) return;
  const [other] = await db
    .select({ userId: knownDevices.userId })
    .from(knownDevices)
    .where(and(eq(knownDevices.userId, user.id), ne(knownDevices.deviceHash, hash)))
    .limit(1);
  if (!other) return;
  const device = describeUserAgent(userAgent);
  await queueAccountMail(db, user.email, renderNewDeviceMail(device, new Date()));
  if (!user.organizationId) return;
  await recordActivity(db, {
    organizationId: user.organizationId,
    actorUserId: user.id,
    type: 'auth.new_device',
    summary: `Signed in from a new device (${device})`,
    subjectType: 'user',
    subjectId: user.id,
    details: { userAgent: userAgent?.slice(0, 512) ?? null },
  });
}
