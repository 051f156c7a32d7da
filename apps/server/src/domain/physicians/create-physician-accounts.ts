import type { TPlace } from '@medhire/contract/account';
import { PHYSICIAN_MESSAGES } from '@medhire/contract/physicians';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { computeMatchKeys, searchNameOf } from './physician-profile.ts';

/**
 * A physician to create: the e-mail and every profile field of ZPhysicianProfileBody in stored
 * form (reference ids, two-letter state codes). Fields left out stay empty.
 */
export interface NewPhysicianInput {
  email: string;
  firstName: string;
  lastName: string;
  photo?: string | null;
  npiNumber?: string | null;
  specialty?: string | null;
  subSpecialty?: string[];
  boardStatus?: string | null;
  yearsOfExperience?: number | null;
  yearAvailableToStart?: number | null;
  homeLocation?: (TPlace & { state: string }) | null;
  statesOfInterest?: string[];
  citiesOfInterest?: TPlace[];
  employmentTypes?: string[];
  needsVisa?: boolean;
  isDiscoverable?: boolean;
  cvUrl?: string | null;
  /** When the account was made (demo data spreads it over past weeks); now when left out. */
  createdAt?: Date;
}

export interface CreatePhysicianAccountsOptions {
  /** The database or a transaction: pass a transaction to make the batch all-or-nothing. */
  db: Db;
  physicians: readonly NewPhysicianInput[];
  /** One argon2 hash shared by the batch (hashing per row would dominate a large batch). */
  passwordHash: string | null;
  /**
   * False for a physician signing up, whose e-mail is confirmed by a code later; demo data and
   * benchmarks create confirmed accounts (the default).
   */
  isEmailVerified?: boolean;
}

export interface CreatedPhysicianAccount {
  physicianId: string;
  userId: string;
}

/**
 * Rows per INSERT. Each chunk travels as one JSON parameter expanded by jsonb_to_recordset,
 * which keeps query building and parameter parsing cheap (a VALUES list of 500 rows × 25
 * columns costs more to build and bind than to insert).
 */
const CHUNK_SIZE = 500;

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** The rows of `db.execute` (postgres.js answers them as an array). */
function rowsOf<T>(result: unknown): T[] {
  return result as T[];
}

function physicianRecord(input: NewPhysicianInput, userId: string, createdAt: Date) {
  const specialtyId = input.specialty ?? null;
  const homeState = input.homeLocation?.state.toUpperCase() ?? null;
  const statesOfInterest = [...new Set((input.statesOfInterest ?? []).map((state) => state.toUpperCase()))];
  return {
    user_id: userId,
    first_name: input.firstName,
    last_name: input.lastName,
    photo: input.photo ?? null,
    npi_number: input.npiNumber ?? null,
    specialty_id: specialtyId,
    sub_specialty_ids: input.subSpecialty ?? [],
    board_status: input.boardStatus ?? null,
    years_of_experience: input.yearsOfExperience ?? null,
    year_available: input.yearAvailableToStart ?? null,
    home_description: input.homeLocation?.description ?? null,
    home_state: homeState,
    home_latitude: input.homeLocation?.coords.latitude ?? null,
    home_longitude: input.homeLocation?.coords.longitude ?? null,
    states_of_interest: statesOfInterest,
    cities_of_interest: input.citiesOfInterest ?? [],
    employment_types: input.employmentTypes ?? [],
    needs_visa: input.needsVisa ?? false,
    is_discoverable: input.isDiscoverable ?? true,
    cv_url: input.cvUrl ?? null,
    match_keys: computeMatchKeys(specialtyId, homeState, statesOfInterest),
    search_name: searchNameOf(input.firstName, input.lastName),
    created_at: createdAt.toISOString(),
  };
}

/** Column list and record type of the physicians insert, in one place so they cannot drift. */
const PHYSICIAN_COLUMNS: [name: string, type: string][] = [
  ['user_id', 'uuid'],
  ['first_name', 'text'],
  ['last_name', 'text'],
  ['photo', 'text'],
  ['npi_number', 'text'],
  ['specialty_id', 'text'],
  ['sub_specialty_ids', 'text[]'],
  ['board_status', 'text'],
  ['years_of_experience', 'integer'],
  ['year_available', 'integer'],
  ['home_description', 'text'],
  ['home_state', 'text'],
  ['home_latitude', 'double precision'],
  ['home_longitude', 'double precision'],
  ['states_of_interest', 'text[]'],
  ['cities_of_interest', 'jsonb'],
  ['employment_types', 'text[]'],
  ['needs_visa', 'boolean'],
  ['is_discoverable', 'boolean'],
  ['cv_url', 'text'],
  ['match_keys', 'text[]'],
  ['search_name', 'text'],
  ['created_at', 'timestamptz'],
];
const physicianColumnList = sql.raw(PHYSICIAN_COLUMNS.map(([name]) => name).join(', '));
const physicianRecordType = sql.raw(PHYSICIAN_COLUMNS.map(([name, type]) => `${name} ${type}`).join(', '));

/**
 * Creates physician accounts (a `users` row with role physician, approved, e-mail confirmed unless
 * told otherwise, and its `physicians` row) in multi-row inserts of CHUNK_SIZE, answering the ids in input order.
 * An e-mail that already has an account fails the call with 409; run it in a transaction so
 * nothing of the batch stays behind. No notifications: callers decide what a new account means.
 */
export async function createPhysicianAccounts({
  db,
  physicians: inputs,
  passwordHash,
  isEmailVerified = true,
}: CreatePhysicianAccountsOptions): Promise<CreatedPhysicianAccount[]> {
  const created: CreatedPhysicianAccount[] = [];
  const now = new Date();
  for (const chunk of chunksOf(inputs, CHUNK_SIZE)) {
    const emails = chunk.map((input) => input.email.trim().toLowerCase());
    const userRecords = chunk.map((input, index) => ({
      email: emails[index],
      created_at: (input.createdAt ?? now).toISOString(),
    }));
    const insertedUsers = rowsOf<{ id: string; email: string }>(
      await db.execute(sql`
        insert into ${users} (email, password_hash, role, account_status, email_verified_at, created_at, updated_at)
        select record.email, ${passwordHash}, 'physician', 'approved', case when ${isEmailVerified}::boolean then record.created_at end, record.created_at, record.created_at
        from jsonb_to_recordset(${JSON.stringify(userRecords)}::jsonb) as record(email text, created_at timestamptz)
        on conflict (email) do nothing
        returning id, email`),
    );
    if (insertedUsers.length !== chunk.length) throw new AppError('CONFLICT', PHYSICIAN_MESSAGES.emailTaken);

    const userIdByEmail = new Map(insertedUsers.map((user) => [user.email, user.id]));
    const userIds = emails.map((email) => {
      const userId = userIdByEmail.get(email);
      // Two inputs with one e-mail: the second found the first's row already there.
      if (!userId) throw new AppError('CONFLICT', PHYSICIAN_MESSAGES.emailTaken);
      return userId;
    });
    const records = chunk.map((input, index) =>
      physicianRecord(input, userIds[index] ?? '', input.createdAt ?? now),
    );
    const insertedPhysicians = rowsOf<{ id: string; user_id: string }>(
      await db.execute(sql`
        insert into ${physicians} (${physicianColumnList}, updated_at)
        select ${physicianColumnList}, created_at
        from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as record(${physicianRecordType})
        returning id, user_id`),
    );
    const physicianIdByUser = new Map(insertedPhysicians.map((row) => [row.user_id, row.id]));
    for (const userId of userIds) {
      created.push({ userId, physicianId: physicianIdByUser.get(userId) ?? '' });
    }
  }
  return created;
}
