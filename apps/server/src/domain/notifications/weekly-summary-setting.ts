import type { TWeeklySummarySetting } from '@medhire/contract/notifications';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { weeklySummaryOptOuts } from '../../db/schema/weekly-summary.ts';
import { isWeeklySummaryRole } from '../reports/weekly-summary.ts';

/** Whether the member gets the weekly hiring summary (owners and admins, unless turned off). */
export async function getWeeklySummarySetting(db: Db, userId: string): Promise<TWeeklySummarySetting> {
  const [row] = await db
    .select({ memberRole: users.memberRole, optedOutAt: weeklySummaryOptOuts.optedOutAt })
    .from(users)
    .leftJoin(weeklySummaryOptOuts, eq(weeklySummaryOptOuts.userId, users.id))
    .where(eq(users.id, userId));
  return {
    isEligible: row ? isWeeklySummaryRole(row.memberRole) : false,
    isEnabled: !row?.optedOutAt,
  };
}

/** Turns the weekly summary on or off for the member (the setting, or the e-mail's link). */
export async function setWeeklySummaryEnabled({
  db,
  userId,
  isEnabled,
  now = new Date(),
}: {
  db: Db;
  userId: string;
  isEnabled: boolean;
  now?: Date;
}): Promise<TWeeklySummarySetting> {
  if (isEnabled) {
    await db.delete(weeklySummaryOptOuts).where(eq(weeklySummaryOptOuts.userId, userId));
  } else {
    await db.insert(weeklySummaryOptOuts).values({ userId, optedOutAt: now }).onConflictDoNothing();
  }
  return getWeeklySummarySetting(db, userId);
}
