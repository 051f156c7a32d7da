import {
  JOB_ALERT_LIMITS,
  JOB_ALERT_MESSAGES,
  type TCreateJobAlertBody,
  type TDeleteJobAlertData,
  type TJobAlert,
  type TJobAlertList,
  type TUpdateJobAlertBody,
} from '@medhire/contract/job-alerts';
import { JOB_SEARCH_LIMITS, type TJobSearchCriteria } from '@medhire/contract/job-search';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { jobAlerts, type TJobAlertRow } from '../../../db/schema/job-alerts.ts';
import { AppError } from '../../../lib/app-error.ts';
import { isUuid } from '../../../lib/ids.ts';

const alertNotFound = () => new AppError('NOT_FOUND', JOB_ALERT_MESSAGES.notFound);

export function toJobAlert(row: TJobAlertRow): TJobAlert {
  return {
    _id: row.id,
    name: row.name,
    criteria: row.criteria,
    channels: { push: row.isPush, email: row.isEmail },
    frequency: row.frequency,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The criteria as the matching query compares them (match-job-alerts.ts): a radius search
 * without a radius uses the job search's default radius, as the search does.
 */
function criteriaColumns(criteria: TJobSearchCriteria) {
  const hasPlace = criteria.latitude !== undefined && criteria.longitude !== undefined;
  return {
    criteria,
    specialtyId: criteria.specialty ?? null,
    state: criteria.state ?? null,
    latitude: hasPlace ? (criteria.latitude ?? null) : null,
    longitude: hasPlace ? (criteria.longitude ?? null) : null,
    radiusMiles: hasPlace ? (criteria.radiusMiles ?? JOB_SEARCH_LIMITS.radiusMilesDefault) : null,
    employmentType: criteria.employmentType ?? null,
    minSalary: criteria.minSalary ?? null,
  };
}

function ownAlert(physicianId: string, alertId: string) {
  return and(eq(jobAlerts.id, alertId), eq(jobAlerts.physicianId, physicianId));
}

export async function listJobAlerts(db: Db, physicianId: string): Promise<TJobAlertList> {
  const rows = await db
    .select()
    .from(jobAlerts)
    .where(eq(jobAlerts.physicianId, physicianId))
    .orderBy(desc(jobAlerts.createdAt), desc(jobAlerts.id));
  return { alerts: rows.map(toJobAlert), total: rows.length };
}

export async function getJobAlert(db: Db, physicianId: string, alertId: string): Promise<TJobAlert> {
  if (!isUuid(alertId)) throw alertNotFound();
  const [row] = await db.select().from(jobAlerts).where(ownAlert(physicianId, alertId)).limit(1);
  if (!row) throw alertNotFound();
  return toJobAlert(row);
}

/** Saves a new alert; a physician keeps at most JOB_ALERT_LIMITS.perPhysician of them (422). */
export async function createJobAlert(
  db: Db,
  physicianId: string,
  body: TCreateJobAlertBody,
): Promise<TJobAlert> {
  return db.transaction(async (tx) => {
    // Serialises one physician's creations so two at once cannot both pass the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`alerts:${physicianId}`}, 17))`);
    const [counted] = await tx
      .select({ value: count() })
      .from(jobAlerts)
      .where(eq(jobAlerts.physicianId, physicianId));
    if ((counted?.value ?? 0) >= JOB_ALERT_LIMITS.perPhysician) {
      throw new AppError('BUSINESS_RULE', JOB_ALERT_MESSAGES.tooMany, { reason: 'TOO_MANY_ALERTS' });
    }
    const [row] = await tx
      .insert(jobAlerts)
      .values({
        physicianId,
        name: body.name,
        ...criteriaColumns(body.criteria),
        isPush: body.channels.push,
        isEmail: body.channels.email,
        frequency: body.frequency,
      })
      .returning();
    if (!row) throw new Error('The job alert was not stored.');
    return toJobAlert(row);
  });
}

/** Changes the fields given; the result must still be a valid alert (a daily one needs e-mail). */
export async function updateJobAlert(
  db: Db,
  physicianId: string,
  alertId: string,
  body: TUpdateJobAlertBody,
): Promise<TJobAlert> {
  if (!isUuid(alertId)) throw alertNotFound();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(jobAlerts).where(ownAlert(physicianId, alertId)).for('update');
    if (!current) throw alertNotFound();
    const frequency = body.frequency ?? current.frequency;
    const isEmail = body.channels?.email ?? current.isEmail;
    if (frequency === 'daily' && !isEmail) {
      throw new AppError('VALIDATION_FAILED', JOB_ALERT_MESSAGES.dailyNeedsEmail, [
        { field: 'frequency', message: JOB_ALERT_MESSAGES.dailyNeedsEmail },
      ]);
    }
    const [row] = await tx
      .update(jobAlerts)
      .set({
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.criteria === undefined ? {} : criteriaColumns(body.criteria)),
        ...(body.channels === undefined ? {} : { isPush: body.channels.push, isEmail: body.channels.email }),
        frequency,
        updatedAt: new Date(),
      })
      .where(eq(jobAlerts.id, current.id))
      .returning();
    if (!row) throw alertNotFound();
    return toJobAlert(row);
  });
}

export async function deleteJobAlert(
  db: Db,
  physicianId: string,
  alertId: string,
): Promise<TDeleteJobAlertData> {
  if (!isUuid(alertId)) throw alertNotFound();
  const [row] = await db
    .delete(jobAlerts)
    .where(ownAlert(physicianId, alertId))
    .returning({ id: jobAlerts.id });
  if (!row) throw alertNotFound();
  return { alertId: row.id };
}

/** Removes every alert of the physician (their matches go with them): deleting the account. */
export async function deletePhysicianAlerts(db: Db, physicianId: string): Promise<void> {
  await db.delete(jobAlerts).where(eq(jobAlerts.physicianId, physicianId));
}
