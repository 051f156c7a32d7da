import type { TDevice } from '@medhire/contract/devices';
import { DEVICE_MESSAGES } from '@medhire/contract/devices';
import Bowser from 'bowser';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { revokeSession, revokeUserSessions, SESSION_IDLE_LIMIT_MS } from './sessions.ts';

/** The major version only: "Chrome 131", not "Chrome 131.0.6778.85". */
function withMajorVersion(name: string | undefined, version: string | undefined): string | undefined {
  if (!name) return undefined;
  const major = version?.split('.')[0];
  return major ? `${name} ${major}` : name;
}

/** What a person recognises of a device from its User-Agent: browser, system and kind. */
export function describeDevice(
  userAgent: string | null | undefined,
): Pick<TDevice, 'browser' | 'system' | 'kind'> {
  if (!userAgent) return { browser: 'Unknown browser', system: null, kind: 'unknown' };
  const parser = Bowser.getParser(userAgent);
  const browser = parser.getBrowser();
  const os = parser.getOS();
  const platform = parser.getPlatformType(true);
  const kind =
    platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'unknown';
  return {
    browser: withMajorVersion(browser.name, browser.version) ?? 'Unknown browser',
    system: os.name ? [os.name, os.versionName ?? os.version].filter(Boolean).join(' ') : null,
    kind,
  };
}

export interface ListDevicesOptions {
  db: Db;
  userId: string;
  currentSessionId: string;
  now?: Date;
}

/** The account's live sessions, the current one first, then the most recently used. */
export async function listDevices({
  db,
  userId,
  currentSessionId,
  now = new Date(),
}: ListDevicesOptions): Promise<TDevice[]> {
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        // A session idle past the limit no longer signs anything in, so it is no device of the account.
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_LIMIT_MS)),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt));
  const devices = rows.map(
    (row): TDevice => ({
      _id: row.id,
      ...describeDevice(row.userAgent),
      firstSeenAt: row.createdAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      isCurrent: row.id === currentSessionId,
    }),
  );
  return devices.sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

export interface RevokeDeviceOptions {
  db: Db;
  userId: string;
  sessionId: string;
}

/**
 * Signs one of the account's devices out: its token stops working at once. Another account's
 * session, an ended one and an id that is no session all answer the same 404.
 */
export async function revokeDevice({ db, userId, sessionId }: RevokeDeviceOptions): Promise<void> {
  const notFound = new AppError('NOT_FOUND', DEVICE_MESSAGES.notFound);
  if (!isUuid(sessionId)) throw notFound;
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .limit(1);
  if (!session) throw notFound;
  await revokeSession(db, session.id);
}

/** Signs out every device of the account but the current one; answers how many were signed out. */
export async function revokeOtherDevices({
  db,
  userId,
  currentSessionId,
}: Omit<ListDevicesOptions, 'now'>): Promise<number> {
  return db.transaction(async (tx) => {
    const others = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, currentSessionId)));
    await revokeUserSessions(tx, userId, currentSessionId);
    return others.length;
  });
}
