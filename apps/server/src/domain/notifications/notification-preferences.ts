import {
  NOTIFICATION_TYPES,
  type TNotificationPreference,
  type TNotificationPreferencesData,
  type TNotificationType,
  type TUpdateNotificationPreferencesBody,
} from '@medhire/contract/notifications';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { notificationPreferences } from '../../db/schema/notifications.ts';

/** Every type's channels for the user: stored choices over the defaults (push and e-mail on). */
export async function getNotificationPreferences(
  db: Db,
  userId: string,
): Promise<TNotificationPreferencesData> {
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const byType = new Map(rows.map((row) => [row.type, row]));
  const preferences: TNotificationPreference[] = NOTIFICATION_TYPES.map((type) => ({
    type,
    inApp: true,
    push: byType.get(type)?.push ?? true,
    email: byType.get(type)?.email ?? true,
  }));
  return { preferences };
}

/** Changes the channels named in the body; the other types and channels keep their values. */
export async function updateNotificationPreferences({
  db,
  userId,
  body,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  body: TUpdateNotificationPreferencesBody;
  now?: Date;
}): Promise<TNotificationPreferencesData> {
  await db.transaction(async (tx) => {
    for (const { type, push, email } of body.preferences) {
      await tx
        .insert(notificationPreferences)
        .values({ userId, type, push: push ?? true, email: email ?? true, updatedAt: now })
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.type],
          set: {
            ...(push === undefined ? {} : { push }),
            ...(email === undefined ? {} : { email }),
            updatedAt: now,
          },
        });
    }
  });
  return getNotificationPreferences(db, userId);
}

/** Turns the e-mail digest off for every type (the digest's unsubscribe link). */
export async function turnOffEmailDigest(db: Db, userId: string, now = new Date()): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values(NOTIFICATION_TYPES.map((type) => ({ userId, type, email: false, updatedAt: now })))
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.type],
      set: { email: false, updatedAt: now },
    });
}

/** Whether the user wants pushes of this type (on unless turned off). */
export async function wantsPush(db: Db, userId: string, type: TNotificationType): Promise<boolean> {
  const [row] = await db
    .select({ push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.type, type)))
    .limit(1);
  return row?.push ?? true;
}
