import { ZJobFields } from '@medhire/contract/jobs';
import { and, asc, count, eq, like, sql } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { organizations, users } from '../db/schema/accounts.ts';
import { jobs } from '../db/schema/jobs.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { hashPassword } from '../domain/auth/password-hash.ts';
import { createJob } from '../domain/jobs/create-job.ts';
import { computeMatchKeys, searchNameOf } from '../domain/physicians/physician-profile.ts';
import { createOnboardedEmployer } from './demo-employer.ts';
import { DEMO_JOBS } from './demo-jobs.ts';
import { DEMO_PHYSICIAN_PASSWORD } from './demo-physicians.ts';
import { type GeneratedPhysician, generatePhysicians } from './physician-generator.ts';

/**
 * The large data set for benchmarks: one bench employer (an Austin family-medicine group with
 * candidate preferences and would-you-rather answers, like the demo employer) with one open
 * family-medicine job, and N generated physicians. Physicians are written straight into the
 * tables in big multi-row statements (one JSON parameter per chunk, expanded by the database),
 * with the same stored form and match keys the physician accounts get, and their places
 * (physician_places) are filled in one statement at the end. Physician number i always has the
 * same row ids, so a run adds only the physicians a smaller earlier run did not create.
 */

export const BENCH_EMPLOYER_EMAIL = 'bench@medhire.example';
export const BENCH_EMPLOYER_PASSWORD = 'MedHire-bench-2026';
export const BENCH_PHYSICIAN_EMAIL_DOMAIN = 'bench.physicians.medhire.example';
const BENCH_ORGANIZATION_NAME = 'Capital City Family Physicians (bench)';
const BENCH_JOB_TITLE = 'Family Medicine Physician – Outpatient';
/** Physicians per INSERT statement. */
const CHUNK_SIZE = 5000;

export interface BenchJob {
  jobId: string;
  organizationId: string;
  employerUserId: string;
}

/** The bench employer's open job, created with its employer and organisation when missing. */
export async function ensureBenchJob(db: Db): Promise<BenchJob> {
  let employer = await findUserByEmail(db, BENCH_EMPLOYER_EMAIL);
  if (!employer) {
    const [organization] = await db
      .insert(organizations)
      .values({
        name: BENCH_ORGANIZATION_NAME,
        practiceManagerName: 'Jordan Ellis',
        email: 'office@capital-city-family.example',
        phoneNumber: '(512) 555-0199',
        status: 'active',
        orgLocations: {
          locations: [{ description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } }],
          numberOfLocations: 1,
        },
      })
      .returning({ id: organizations.id });
    if (!organization) throw new Error('The bench organization could not be created.');
    employer = await createOnboardedEmployer({
      db,
      email: BENCH_EMPLOYER_EMAIL,
      password: BENCH_EMPLOYER_PASSWORD,
      organizationId: organization.id,
    });
  }
  const organizationId = employer.organizationId;
  if (!organizationId) throw new Error(`${BENCH_EMPLOYER_EMAIL} has no organization.`);
  const [existing] = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.organizationId, organizationId), eq(jobs.status, 'open')))
    .orderBy(asc(jobs.createdAt))
    .limit(1);
  if (existing) return { jobId: existing.id, organizationId, employerUserId: employer.id };
  const template = DEMO_JOBS.find(({ job }) => job.title === BENCH_JOB_TITLE);
  if (!template) throw new Error(`The demo job "${BENCH_JOB_TITLE}" is missing.`);
  const job = await createJob({
    db,
    owner: { userId: employer.id, organizationId },
    job: { ...ZJobFields.parse(template.job), status: 'open' },
    isAnnouncedToAlerts: false,
  });
  return { jobId: job._id, organizationId, employerUserId: employer.id };
}

/** How many bench physicians the database holds. */
export async function countBenchPhysicians(db: Db): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(users)
    .where(like(users.email, `%@${BENCH_PHYSICIAN_EMAIL_DOMAIN}`));
  return row?.total ?? 0;
}

/** Row id of bench physician `index` (a valid UUID; `kind` tells users from physicians apart). */
function benchId(kind: 'a' | 'b', index: number): string {
  return `${kind}0000000-0000-4000-8000-${index.toString(16).padStart(12, '0')}`;
}

function userRow(physician: GeneratedPhysician) {
  return {
    id: benchId('a', physician.index),
    email: physician.email,
    created_at: physician.createdAt.toISOString(),
  };
}

function physicianRow(physician: GeneratedPhysician) {
  return {
    id: benchId('b', physician.index),
    user_id: benchId('a', physician.index),
    first_name: physician.firstName,
    last_name: physician.lastName,
    npi_number: physician.npiNumber,
    specialty_id: physician.specialtyId,
    sub_specialty_ids: physician.subSpecialtyIds,
    board_status: physician.boardStatus,
    years_of_experience: physician.yearsOfExperience,
    year_available: physician.yearAvailable,
    home_description: physician.homeDescription,
    home_state: physician.homeState,
    home_latitude: physician.homeLatitude,
    home_longitude: physician.homeLongitude,
    states_of_interest: physician.statesOfInterest,
    cities_of_interest: physician.citiesOfInterest,
    employment_types: physician.employmentTypes,
    needs_visa: physician.needsVisa,
    is_discoverable: physician.isDiscoverable,
    match_keys: computeMatchKeys(physician.specialtyId, physician.homeState, physician.statesOfInterest),
    search_name: searchNameOf(physician.firstName, physician.lastName),
    created_at: physician.createdAt.toISOString(),
  };
}

async function insertChunk(db: Db, chunk: readonly GeneratedPhysician[], passwordHash: string) {
  await db.execute(sql`
    insert into users (id, email, password_hash, email_verified_at, account_status, role, created_at, updated_at)
    select r.id, r.email, ${passwordHash}, r.created_at, 'approved', 'physician', r.created_at, r.created_at
    from jsonb_to_recordset(${JSON.stringify(chunk.map(userRow))}::jsonb)
      as r(id uuid, email text, created_at timestamptz)
    on conflict do nothing`);
  await db.execute(sql`
    insert into physicians (
      id, user_id, first_name, last_name, npi_number, specialty_id, sub_specialty_ids, board_status,
      years_of_experience, year_available, home_description, home_state, home_latitude, home_longitude,
      states_of_interest, cities_of_interest, employment_types, needs_visa, is_discoverable, match_keys,
      search_name, created_at, updated_at)
    select r.id, r.user_id, r.first_name, r.last_name, r.npi_number, r.specialty_id, r.sub_specialty_ids,
      r.board_status, r.years_of_experience, r.year_available, r.home_description, r.home_state,
      r.home_latitude, r.home_longitude, r.states_of_interest, r.cities_of_interest, r.employment_types,
      r.needs_visa, r.is_discoverable, r.match_keys, r.search_name, r.created_at, r.created_at
    from jsonb_to_recordset(${JSON.stringify(chunk.map(physicianRow))}::jsonb) as r(
      id uuid, user_id uuid, first_name text, last_name text, npi_number text, specialty_id text,
      sub_specialty_ids text[], board_status text, years_of_experience integer, year_available integer,
      home_description text, home_state text, home_latitude double precision, home_longitude double precision,
      states_of_interest text[], cities_of_interest jsonb, employment_types text[], needs_visa boolean,
      is_discoverable boolean, match_keys text[], search_name text, created_at timestamptz)
    on conflict do nothing`);
}

export interface SeedLargeDataSetOptions {
  db: Db;
  /** How many bench physicians the database should hold. */
  physicians: number;
  now?: Date;
  /** Called after each chunk with the number of bench physicians written so far. */
  onProgress?: (written: number, wanted: number) => void;
}

export interface SeedLargeDataSetResult {
  job: BenchJob;
  /** Bench physicians before the run and after it. */
  before: number;
  after: number;
}

/**
 * Brings the bench data set to `physicians` physicians (never removes any) and makes sure the
 * bench job exists. The planner statistics are refreshed after a load.
 */
export async function seedLargeDataSet({
  db,
  physicians: wanted,
  now = new Date(),
  onProgress,
}: SeedLargeDataSetOptions): Promise<SeedLargeDataSetResult> {
  const job = await ensureBenchJob(db);
  const before = await countBenchPhysicians(db);
  if (before >= wanted) {
    await vacuumPlaces(db);
    return { job, before, after: before };
  }
  const passwordHash = await hashPassword(DEMO_PHYSICIAN_PASSWORD);
  // The places trigger costs a statement per physician: for a bulk load it is switched off and
  // the places of the new physicians are written in one statement afterwards (same rule,
  // physician_places_of, migration 0009).
  await db.execute(sql`alter table physicians disable trigger physicians_places_sync`);
  try {
    for (let from = before; from < wanted; from += CHUNK_SIZE) {
      const chunk = generatePhysicians(Math.min(CHUNK_SIZE, wanted - from), {
        from,
        now,
        emailDomain: BENCH_PHYSICIAN_EMAIL_DOMAIN,
      });
      await insertChunk(db, chunk, passwordHash);
      onProgress?.(from + chunk.length, wanted);
    }
  } finally {
    await db.execute(sql`alter table physicians enable trigger physicians_places_sync`);
  }
  await db.execute(sql`
    insert into physician_places (physician_id, specialty_id, kind, location)
    select place.* from physicians cross join lateral physician_places_of(physicians) as place
    where physicians.id between ${benchId('b', before)}::uuid and ${benchId('b', wanted - 1)}::uuid
      and not exists (select 1 from physician_places done where done.physician_id = physicians.id)`);
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze physicians`);
  await vacuumPlaces(db);
  return { job, before, after: await countBenchPhysicians(db) };
}

/**
 * Statistics for the planner, and the visibility map that lets the pool be read from the GiST
 * index alone (an index-only scan needs to know the pages hold no invisible rows).
 */
async function vacuumPlaces(db: Db) {
  await db.execute(sql`vacuum (analyze) physician_places`);
}
