import type { TPageQuery } from '@medhire/contract/envelope';
import { JOB_SEARCH_LIMITS } from '@medhire/contract/job-search';
import type {
  TPhysicianJob,
  TPhysicianJobDetail,
  TPhysicianJobList,
  TPhysicianJobsQuery,
  TSavedJobState,
} from '@medhire/contract/physicians';
import { and, asc, count, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { newestFirst } from '../../db/order.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { applications } from '../../db/schema/hiring.ts';
import { jobLocations, jobs, type TJobRow } from '../../db/schema/jobs.ts';
import { physicians, savedJobs, type TPhysicianRow } from '../../db/schema/physicians.ts';
import { isUuid } from '../../lib/ids.ts';
import { NO_ACTIVITY } from '../jobs/job-activity-counts.ts';
import { toJob } from '../jobs/job-view.ts';
import { jobNotFound } from '../jobs/jobs-repository.ts';
import { toOrganizationView } from '../organizations/organization-view.ts';

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Written into the SQL as a literal, so the planner sees a constant of the right type. */
const EARTH_RADIUS_MILES = sql.raw('3958.8');
const MILES_PER_DEGREE_LATITUDE = 69.0;

/**
 * What one unit of each pay type comes to in a year, for the minimum-salary filter: a full-time
 * physician year of 2,080 hours, 182 twelve-hour shifts, 230 working days, and 5,000 wRVUs (near
 * the median production of US physicians). Jobs saved before pay types are annual.
 */
const ANNUAL_UNITS = { annual: 1, hourly: 2080, perShift: 182, perDiem: 230, perRvu: 5000 } as const;

/**
 * A job's top salary figure as a yearly amount: the one measure of "pays at least" for the job
 * search and for job alerts, so an alert finds the jobs the same search shows.
 */
export function annualSalaryMaxOf(salaryMax: SQLWrapper, salaryPayType: SQLWrapper): SQL {
  return sql`(${salaryMax} * case coalesce(${salaryPayType}::text, 'annual')
  when 'hourly' then ${ANNUAL_UNITS.hourly} when 'perShift' then ${ANNUAL_UNITS.perShift}
  when 'perDiem' then ${ANNUAL_UNITS.perDiem} when 'perRvu' then ${ANNUAL_UNITS.perRvu} else 1 end)`;
}

const annualSalaryMax = annualSalaryMaxOf(jobs.salaryMax, jobs.salaryPayType);

/** Great-circle miles (haversine) between a job location row and a point. */
function milesFrom(latitude: number, longitude: number): SQL {
  return sql`(2 * ${EARTH_RADIUS_MILES} * asin(sqrt(
    power(sin(radians(${jobLocations.latitude} - ${latitude}::float8) / 2), 2)
    + cos(radians(${latitude}::float8)) * cos(radians(${jobLocations.latitude}))
      * power(sin(radians(${jobLocations.longitude} - ${longitude}::float8) / 2), 2))))`;
}

interface Centre {
  latitude: number;
  longitude: number;
  radiusMiles: number;
}

/**
 * The job locations within the radius. The latitude/longitude box around the circle is read
 * from job_locations_latitude_longitude_idx; the exact distance only checks the box's rows.
 */
function withinRadius({ latitude, longitude, radiusMiles }: Centre): SQL {
  const latitudeSpan = radiusMiles / MILES_PER_DEGREE_LATITUDE;
  const cosine = Math.max(Math.cos((latitude * Math.PI) / 180), 0.01);
  const longitudeSpan = radiusMiles / (MILES_PER_DEGREE_LATITUDE * cosine);
  return sql`${jobLocations.latitude} between ${latitude - latitudeSpan}::float8 and ${latitude + latitudeSpan}::float8
    and ${jobLocations.longitude} between ${longitude - longitudeSpan}::float8 and ${longitude + longitudeSpan}::float8
    and ${milesFrom(latitude, longitude)} <= ${radiusMiles}::float8`;
}

/** What the best-match score reads of the physician, given to the query as values. */
type MatchProfile = Pick<
  TPhysicianRow,
  | 'specialtyId'
  | 'subSpecialtyIds'
  | 'homeState'
  | 'statesOfInterest'
  | 'homeLatitude'
  | 'homeLongitude'
  | 'employmentTypes'
>;

/** A text[] of parameters, one per value. */
function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/**
 * "Best match" for a physician, 0–100, computed in the query. The parts follow the recommended
 * applicants' scoring (domain/matching/README.md) from the job's side, without the employer's
 * preferences, which a physician does not choose by:
 * - specialty 30: the job is in the physician's specialty;
 * - sub-specialty 20: the job asks for one the physician holds, or asks for none; 6 when the
 *   physician holds none and the job asks for some;
 * - location 30: one of the job's states is the physician's home state or a state they want to
 *   work in (15), plus up to 15 more by the nearest location to home, 15 × (1 − miles / 500);
 * - employment type 20: the physician wants the job's type; 10 when they named no type.
 * Ties go to the newer job. The physician's values are parameters and the job's locations one
 * primary-key lookup, so a score costs the same whatever the number of jobs.
 */
function matchScore(me: MatchProfile): SQL<number> {
  const states = [
    ...new Set([me.homeState, ...me.statesOfInterest].filter((state): state is string => !!state)),
  ];
  const nearness =
    me.homeLatitude === null || me.homeLongitude === null
      ? sql`0`
      : sql`15 * greatest(0, 1 - min(${milesFrom(me.homeLatitude, me.homeLongitude)}) / 500)`;
  return sql<number>`(
      (case when ${jobs.specialtyId} = ${me.specialtyId ?? ''} then 30 else 0 end)
    + (case when cardinality(${jobs.subSpecialtyIds}) = 0 or ${jobs.subSpecialtyIds} && ${textArray(me.subSpecialtyIds)} then 20
        when ${me.subSpecialtyIds.length} = 0 then 6 else 0 end)
    + coalesce((select (case when bool_or(${jobLocations.state} = any(${textArray(states)})) then 15 else 0 end) + ${nearness}
        from ${jobLocations} where ${jobLocations.jobId} = ${jobs.id}), 0)
    + (case when ${jobs.employmentType} = any(${textArray(me.employmentTypes)}) then 20
        when ${me.employmentTypes.length} = 0 then 10 else 0 end))`;
}

function isSavedBy(physicianId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${savedJobs} where ${savedJobs.jobId} = ${jobs.id}
    and ${savedJobs.physicianId} = ${physicianId})`;
}

function hasAppliedBy(physicianId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${applications} where ${applications.jobId} = ${jobs.id}
    and ${applications.physicianId} = ${physicianId})`;
}

type JobRowWithFlags = {
  job: TJobRow;
  organization: { id: string; name: string | null; logo: string | null };
  hasApplied: boolean;
  isSaved: boolean;
  distanceMiles?: number | null;
};

/** A job as the physician sees it: the posting without the employer's counts, who posts it, and what they did with it. */
function toPhysicianJob({
  job,
  organization,
  hasApplied,
  isSaved,
  distanceMiles,
}: JobRowWithFlags): TPhysicianJob {
  const { applicantCount, matchCount, inviteCounts, assignee, ...posting } = toJob(job, NO_ACTIVITY);
  return {
    ...posting,
    organization: { _id: organization.id, name: organization.name ?? '', logo: organization.logo },
    hasApplied,
    isSaved,
    ...(distanceMiles !== undefined && distanceMiles !== null
      ? { distanceMiles: Math.round(distanceMiles * 10) / 10 }
      : {}),
  };
}

function jobColumns(physicianId: string) {
  return {
    job: jobs,
    organization: { id: organizations.id, name: organizations.name, logo: organizations.logo },
    hasApplied: hasAppliedBy(physicianId),
    isSaved: isSavedBy(physicianId),
  };
}

export interface ListOpenJobsOptions {
  db: Db;
  physicianId: string;
  query: TPhysicianJobsQuery;
}

/** The open jobs the search criteria and title text leave, and the centre of a radius search. */
function openJobsSearch(query: TPhysicianJobsQuery): { where: SQL | undefined; centre?: Centre } {
  const conditions: SQL[] = [eq(jobs.status, 'open')];
  if (query.specialty) conditions.push(eq(jobs.specialtyId, query.specialty));
  if (query.employmentType) conditions.push(eq(jobs.employmentType, query.employmentType));
  if (query.state) {
    conditions.push(sql`exists (select 1 from ${jobLocations} where ${jobLocations.jobId} = ${jobs.id}
      and ${jobLocations.state} = ${query.state})`);
  }
  if (query.minSalary !== undefined) {
    conditions.push(sql`${jobs.salaryMax} is not null and ${annualSalaryMax} >= ${query.minSalary}`);
  }
  if (query.queryText) {
    const pattern = `%${escapeLikePattern(query.queryText.toLowerCase())}%`;
    conditions.push(sql`lower(${jobs.title}) like ${pattern}`);
  }
  const where = and(...conditions);
  if (query.latitude === undefined || query.longitude === undefined) return { where };
  return {
    where,
    centre: {
      latitude: query.latitude,
      longitude: query.longitude,
      radiusMiles: query.radiusMiles ?? JOB_SEARCH_LIMITS.radiusMilesDefault,
    },
  };
}

/**
 * The jobs with a location within the radius, each once with the miles to its nearest one: the
 * search starts from this box read off the index, and the distance sort reads its miles.
 */
function jobsNear(db: Db, centre: Centre) {
  return db
    .select({
      jobId: jobLocations.jobId,
      miles: sql<number>`min(${milesFrom(centre.latitude, centre.longitude)})`.as('miles'),
    })
    .from(jobLocations)
    .where(withinRadius(centre))
    .groupBy(jobLocations.jobId)
    .as('near');
}

/** One page of the search, as a query not yet run (the EXPLAIN test reads its plan). */
export async function openJobsPageQuery({ db, physicianId, query }: ListOpenJobsOptions) {
  const { where, centre } = openJobsSearch(query);
  const near = centre ? jobsNear(db, centre) : undefined;
  // The order of jobs_open_created_idx, so a newest-first page is read from the index's front.
  const newest = newestFirst(jobs.createdAt, jobs.id);
  let order = newest;
  if (query.sort === 'distance' && near) order = [asc(near.miles), ...newest];
  if (query.sort === 'match') {
    const [me] = await db.select().from(physicians).where(eq(physicians.id, physicianId)).limit(1);
    if (me) order = [desc(matchScore(me)), ...newest];
  }
  let page = db
    .select({ ...jobColumns(physicianId), distanceMiles: near ? near.miles : sql<number | null>`null` })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .$dynamic();
  if (near) page = page.innerJoin(near, eq(near.jobId, jobs.id));
  // Wrapped: a query builder is thenable, and an async function would run it on return.
  return {
    page: page
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.pageNumber - 1) * query.pageSize),
  };
}

function countOpenJobs(db: Db, query: TPhysicianJobsQuery) {
  const { where, centre } = openJobsSearch(query);
  let counted = db.select({ total: count() }).from(jobs).$dynamic();
  if (centre) {
    const near = jobsNear(db, centre);
    counted = counted.innerJoin(near, eq(near.jobId, jobs.id));
  }
  return counted.where(where);
}

/**
 * Open jobs of every organisation, one page at a time, searched by the job search criteria
 * (the shape a job alert stores): specialty, a state among the job's locations, a radius around
 * a place (50 miles when none is given), employment type, a minimum annual salary (jobs that
 * state none do not match), and title text. Sorted newest first, by best match, or by distance
 * to the nearest location (newest first when no place was given).
 */
export async function listOpenJobs(options: ListOpenJobsOptions): Promise<TPhysicianJobList> {
  const { db, query } = options;
  const [rows, [counted]] = await Promise.all([
    openJobsPageQuery(options).then(({ page }) => page),
    countOpenJobs(db, query),
  ]);
  return {
    jobs: rows.map(toPhysicianJob),
    total: counted?.total ?? 0,
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
  };
}

export interface GetOpenJobOptions {
  db: Db;
  physicianId: string;
  jobId: string;
}

/**
 * One job with the organisation's public profile: an open one, or one the physician applied to
 * (they may follow it after it closes). Anything else answers the same 404.
 */
export async function getOpenJob({
  db,
  physicianId,
  jobId,
}: GetOpenJobOptions): Promise<TPhysicianJobDetail> {
  if (!isUuid(jobId)) throw jobNotFound();
  const [row] = await db
    .select({
      job: jobs,
      organization: organizations,
      hasApplied: hasAppliedBy(physicianId),
      isSaved: isSavedBy(physicianId),
    })
    .from(jobs)
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(and(eq(jobs.id, jobId), or(eq(jobs.status, 'open'), hasAppliedBy(physicianId))))
    .limit(1);
  if (!row) throw jobNotFound();
  const publicProfile = toOrganizationView(row.organization);
  return {
    ...toPhysicianJob({
      ...row,
      organization: { id: row.organization.id, name: row.organization.name, logo: row.organization.logo },
    }),
    organization: {
      _id: row.organization.id,
      name: row.organization.name ?? '',
      logo: publicProfile.logo,
      orgLocations: publicProfile.orgLocations,
      features: publicProfile.features,
      media: publicProfile.media,
      socialLinks: publicProfile.socialLinks,
      ...(publicProfile.locationsDetails ? { locationsDetails: publicProfile.locationsDetails } : {}),
    },
  };
}

export interface SaveJobOptions {
  db: Db;
  physicianId: string;
  jobId: string;
  now?: Date;
}

/** Saves an open job (or one the physician applied to) to come back to; saving twice is fine. */
export async function saveJob({
  db,
  physicianId,
  jobId,
  now = new Date(),
}: SaveJobOptions): Promise<TSavedJobState> {
  if (!isUuid(jobId)) throw jobNotFound();
  const [visible] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.id, jobId), or(eq(jobs.status, 'open'), hasAppliedBy(physicianId))))
    .limit(1);
  if (!visible) throw jobNotFound();
  await db.insert(savedJobs).values({ physicianId, jobId, createdAt: now }).onConflictDoNothing();
  return { jobId, isSaved: true };
}

/** Forgets a saved job; a job that was not saved answers 404. */
export async function unsaveJob({
  db,
  physicianId,
  jobId,
}: Omit<SaveJobOptions, 'now'>): Promise<TSavedJobState> {
  if (!isUuid(jobId)) throw jobNotFound();
  const [removed] = await db
    .delete(savedJobs)
    .where(and(eq(savedJobs.physicianId, physicianId), eq(savedJobs.jobId, jobId)))
    .returning({ jobId: savedJobs.jobId });
  if (!removed) throw jobNotFound();
  return { jobId, isSaved: false };
}

export interface ListSavedJobsOptions {
  db: Db;
  physicianId: string;
  query: TPageQuery;
}

/**
 * The physician's saved jobs, most recently saved first. A saved job that closed stays listed
 * with its status, so the physician sees why it went quiet; a deleted job is gone.
 */
export async function listSavedJobs({
  db,
  physicianId,
  query,
}: ListSavedJobsOptions): Promise<TPhysicianJobList> {
  const { pageSize, pageNumber } = query;
  const where = and(eq(savedJobs.physicianId, physicianId), sql`${jobs.status} <> 'draft'`);
  const rows = await db
    .select(jobColumns(physicianId))
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .innerJoin(organizations, eq(organizations.id, jobs.organizationId))
    .where(where)
    .orderBy(...newestFirst(savedJobs.createdAt, savedJobs.jobId))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db
    .select({ total: count() })
    .from(savedJobs)
    .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
    .where(where);
  return { jobs: rows.map(toPhysicianJob), total: counted?.total ?? 0, pageNumber, pageSize };
}
