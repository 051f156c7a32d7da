import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { jobAlerts } from '../../../db/schema/job-alerts.ts';

/** Removes every alert of the physician (their matches go with them). */
export async function deletePhysicianAlerts(db: Db, physicianId: string): Promise<void> {
  await db.delete(jobAlerts).where(eq(jobAlerts.physicianId, physicianId));
}
