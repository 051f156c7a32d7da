import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/index.ts';
import { enqueueJob } from '../../../queue/enqueue-job.ts';
import { notifyUsers } from '../../notifications/notify.ts';
import { isNotHiddenFrom } from '../hidden-organizations.ts';
import { annualSalaryMaxOf } from '../physician-jobs.ts';

/** Finds the alerts a newly published job matches (match-job-alerts.ts). */
export const JOB_ALERT_MATCH_QUEUE = 'job-alert-match';
/** Sends the daily e-mail of each physician's daily alerts (scheduled). */
export const JOB_ALERT_DIGEST_QUEUE = 'job-alert-digest';

export interface JobAlertMatchJob {
  jobId: string;
}

const EARTH_RADIUS_MILES = 3958.8;

/**
 * Queues the search for alerts a job matches, in the transaction that makes the job open
 * (posting it open, or publishing or reopening it), so the search runs once that commits and
 * never for a change that rolled back.
 */
export async function queueJobAlertMatching(tx: Db, jobId: string): Promise<void> {
  const job: JobAlertMatchJob = { jobId };
  await enqueueJob(tx, JOB_ALERT_MATCH_QUEUE, job);
}

/** A physician never hears about a job of an organisation they hid from (their visibility settings). */
function excludeHiddenOrganizations(alert: SQL, job: SQL): SQL {
  return isNotHiddenFrom(sql`${job}.organization_id`, sql`${alert}.physician_id`);
}

/** Great-circle distance in miles between an alert's centre and a job location's coordinates. */
function milesBetween(alert: SQL, location: SQL): SQL {
  return sql`${EARTH_RADIUS_MILES}::float8 * 2 * asin(sqrt(
    power(sin(radians(((${location}->'coords'->>'latitude')::float8 - ${alert}.latitude) / 2)), 2)
    + cos(radians(${alert}.latitude)) * cos(radians((${location}->'coords'->>'latitude')::float8))
    * power(sin(radians(((${location}->'coords'->>'longitude')::float8 - ${alert}.longitude) / 2)), 2)))`;
}

export interface MatchedAlert {
  alertId: string;
  physicianUserId: string;
  frequency: 'instant' | 'daily';
  isPush: boolean;
  isEmail: boolean;
}

/**
 * Records which alerts the job matches, in one statement: the job is open; each criterion an
 * alert sets holds (specialty; state among the job's locations; a location within the radius of
 * the alert's place; employment type; a stated salary whose top figure, counted yearly as the job search counts it,
 * is at or above the minimum); the physician's account is live and confirmed; the organisation is not one they hid.
 * A (alert, job) pair is recorded once, so running again for the same job (a retried or repeated
 * queue job, a job closed and reopened) finds nothing new. Answers only the new matches.
 */
export async function recordJobAlertMatches(
  db: Db,
  jobId: string,
  now = new Date(),
): Promise<MatchedAlert[]> {
  const alert = sql.raw('a');
  const job = sql.raw('j');
  const location = sql.raw('l.value');
  const rows = (await db.execute(sql`
    with matched as (
      insert into job_alert_matches (alert_id, job_id, created_at, digested_at)
      select a.id, j.id, ${now.toISOString()}::timestamptz,
        -- Instant alerts are told now; only daily ones wait for the digest.
        case when a.frequency = 'instant' then ${now.toISOString()}::timestamptz end
      from jobs j
      join job_alerts a on true
      join physicians p on p.id = a.physician_id
      join users u on u.id = p.user_id and u.archived_at is null and u.email_verified_at is not null
      where j.id = ${jobId}::uuid
        and j.status = 'open'
        and (a.specialty_id is null or a.specialty_id = j.specialty_id)
        and (a.state is null or exists (
          select 1 from jsonb_array_elements(j.locations) l where l.value->>'state' = a.state))
        and (a.latitude is null or exists (
          select 1 from jsonb_array_elements(j.locations) l
          where l.value->'coords'->>'latitude' is not null
            and ${milesBetween(alert, location)} <= a.radius_miles))
        and (a.employment_type is null or a.employment_type = j.employment_type)
        and (a.min_salary is null or (
          j.salary_max is not null
          and ${annualSalaryMaxOf(sql.raw('j.salary_max'), sql.raw('j.salary_pay_type'))} >= a.min_salary))
        and ${excludeHiddenOrganizations(alert, job)}
      on conflict (alert_id, job_id) do nothing
      returning alert_id
    )
    select a.id as "alertId", p.user_id as "physicianUserId", a.frequency, a.is_push as "isPush",
      a.is_email as "isEmail"
    from matched m
    join job_alerts a on a.id = m.alert_id
    join physicians p on p.id = a.physician_id`)) as unknown as MatchedAlert[];
  return rows;
}

/**
 * The queue job of a published job: records its alert matches and, in the same transaction,
 * notifies each physician with an instant alert among them once (JOB_ALERT, through the usual
 * delivery: in-app, push, or e-mail instead), with the channels their alerts ask for. Daily
 * alerts' matches wait for the digest (send-job-alert-digests.ts). Idempotent: a second run
 * records and notifies nothing.
 */
export async function matchJobAlerts({ db, jobId, now = new Date() }: { db: Db; jobId: string; now?: Date }) {
  return db.transaction(async (tx) => {
    // One search per job at a time: two runs at once (a retry overlapping a slow first run)
    // would otherwise each claim some of a physician's alerts and each tell them once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`job-alerts:${jobId}`}, 19))`);
    const matched = await recordJobAlertMatches(tx, jobId, now);
    const instantByUser = new Map<string, MatchedAlert[]>();
    for (const match of matched) {
      if (match.frequency !== 'instant') continue;
      instantByUser.set(match.physicianUserId, [...(instantByUser.get(match.physicianUserId) ?? []), match]);
    }
    if (instantByUser.size === 0) return { matched: matched.length, notified: 0 };
    const [job] = (await tx.execute(sql`
      select j.title, coalesce(o.name, 'An employer') as organization
      from jobs j join organizations o on o.id = j.organization_id where j.id = ${jobId}::uuid`)) as unknown as {
      title: string;
      organization: string;
    }[];
    for (const [userId, alerts] of instantByUser) {
      const first = alerts[0];
      if (!first) continue;
      await notifyUsers({
        db: tx,
        userIds: [userId],
        type: 'JOB_ALERT',
        title: 'New job for your alert',
        body: `${job?.organization ?? 'An employer'} posted ${job?.title ?? 'a job'}.`,
        data: {
          jobId,
          alertId: first.alertId,
          // Two alerts matching one job ring once, on every channel either of them asked for.
          alertChannels: {
            push: alerts.some((match) => match.isPush),
            email: alerts.some((match) => match.isEmail),
          },
        },
        now,
      });
    }
    return { matched: matched.length, notified: instantByUser.size };
  });
}
