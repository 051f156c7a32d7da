import type { TPlace } from '@medhire/contract/account';
import type { TLicense, TPhysicianProfile, TProfileCompleteness } from '@medhire/contract/physicians';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  physicianLicenses,
  physicians,
  type TLicenseRow,
  type TPhysicianRow,
} from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * The keys the recommendation pool is found by: `<specialty id>:<STATE>` for the home state and
 * every state of interest, each once. No specialty, no keys: such a physician is in no pool.
 */
export function computeMatchKeys(
  specialtyId: string | null | undefined,
  homeState: string | null | undefined,
  statesOfInterest: readonly string[] | null | undefined,
): string[] {
  if (!specialtyId) return [];
  const states = new Set<string>();
  for (const state of [homeState, ...(statesOfInterest ?? [])]) {
    if (state) states.add(state.trim().toUpperCase());
  }
  return [...states].map((state) => `${specialtyId}:${state}`);
}

/** Lower-cased "first last", what name search compares with. */
export function searchNameOf(firstName: string, lastName: string): string {
  return `${firstName.trim()} ${lastName.trim()}`.toLowerCase();
}

type CompletenessFields = Pick<
  TPhysicianRow,
  'specialtyId' | 'boardStatus' | 'yearsOfExperience' | 'yearAvailable' | 'homeState'
>;

/** Complete once specialty, board status, years of experience, start year and home are known. */
export function isProfileComplete(row: CompletenessFields): boolean {
  return (
    row.specialtyId !== null &&
    row.boardStatus !== null &&
    row.yearsOfExperience !== null &&
    row.yearAvailable !== null &&
    row.homeState !== null
  );
}

function homeLocationOf(row: TPhysicianRow): (TPlace & { state: string }) | null {
  if (!row.homeState || !row.homeDescription || row.homeLatitude === null || row.homeLongitude === null) {
    return null;
  }
  return {
    description: row.homeDescription,
    coords: { latitude: row.homeLatitude, longitude: row.homeLongitude },
    state: row.homeState,
  };
}

/** `YYYY-MM-DD` of the day in UTC; licenses expire at the end of their expiry day. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function toLicense(row: TLicenseRow, now: Date): TLicense {
  return {
    _id: row.id,
    state: row.state,
    number: row.number,
    expiresOn: row.expiresOn,
    isExpired: row.expiresOn < isoDay(now),
  };
}

/**
 * What an employer looks for in a profile, each item worth the same, with the words the
 * physician reads for what is missing. The first five are the ones applying needs.
 */
const COMPLETENESS_ITEMS: ReadonlyArray<{
  label: string;
  isFilled: (row: TPhysicianRow, licenses: readonly TLicenseRow[]) => boolean;
}> = [
  { label: 'Specialty', isFilled: (row) => row.specialtyId !== null },
  { label: 'Board status', isFilled: (row) => row.boardStatus !== null },
  { label: 'Years of experience', isFilled: (row) => row.yearsOfExperience !== null },
  { label: 'Year you can start', isFilled: (row) => row.yearAvailable !== null },
  { label: 'Where you live', isFilled: (row) => row.homeState !== null },
  {
    label: 'Where you want to work',
    isFilled: (row) => row.statesOfInterest.length > 0 || row.citiesOfInterest.length > 0,
  },
  { label: 'Employment types you want', isFilled: (row) => row.employmentTypes.length > 0 },
  { label: 'State medical license', isFilled: (_row, licenses) => licenses.length > 0 },
  { label: 'Residency or fellowship training', isFilled: (row) => row.training.length > 0 },
  { label: 'NPI number', isFilled: (row) => row.npiNumber !== null },
  { label: 'CV', isFilled: (row) => row.cvUrl !== null },
  { label: 'Profile photo', isFilled: (row) => row.photo !== null && row.photo !== '' },
];

export function profileCompleteness(
  row: TPhysicianRow,
  licenses: readonly TLicenseRow[],
): TProfileCompleteness {
  const missing = COMPLETENESS_ITEMS.filter((item) => !item.isFilled(row, licenses)).map(
    (item) => item.label,
  );
  const filled = COMPLETENESS_ITEMS.length - missing.length;
  return { percent: Math.round((filled / COMPLETENESS_ITEMS.length) * 100), missing };
}

/** The physician's licenses, by state then expiry. */
export function findLicenses(db: Db, physicianId: string): Promise<TLicenseRow[]> {
  return db
    .select()
    .from(physicianLicenses)
    .where(eq(physicianLicenses.physicianId, physicianId))
    .orderBy(asc(physicianLicenses.state), asc(physicianLicenses.expiresOn), asc(physicianLicenses.id));
}

/** The stored profile with its licenses, as the physician reads it. */
export async function loadPhysicianProfile(
  db: Db,
  row: TPhysicianRow,
  email: string,
  now = new Date(),
): Promise<TPhysicianProfile> {
  return toPhysicianProfile(row, email, await findLicenses(db, row.id), now);
}

/** The stored profile as the physician reads it. */
export function toPhysicianProfile(
  row: TPhysicianRow,
  email: string,
  licenses: readonly TLicenseRow[],
  now: Date,
): TPhysicianProfile {
  return {
    _id: row.id,
    userId: row.userId,
    email,
    firstName: row.firstName,
    lastName: row.lastName,
    photo: row.photo,
    npiNumber: row.npiNumber,
    specialty: row.specialtyId,
    subSpecialty: row.subSpecialtyIds,
    boardStatus: row.boardStatus,
    yearsOfExperience: row.yearsOfExperience,
    yearAvailableToStart: row.yearAvailable,
    homeLocation: homeLocationOf(row),
    statesOfInterest: row.statesOfInterest,
    citiesOfInterest: row.citiesOfInterest,
    employmentTypes: row.employmentTypes,
    needsVisa: row.needsVisa,
    isDiscoverable: row.isDiscoverable,
    cvUrl: row.cvUrl,
    isComplete: isProfileComplete(row),
    training: row.training,
    licenses: licenses.map((license) => toLicense(license, now)),
    completeness: profileCompleteness(row, licenses),
  };
}

/** "Dr. Jane Doe", as employers read a physician's name. */
export function fullNameOf(row: Pick<TPhysicianRow, 'firstName' | 'lastName'>): string {
  return `Dr. ${row.firstName} ${row.lastName}`;
}

export interface FindPhysicianOptions {
  /** Lock the row until the transaction ends (for read-then-write changes). */
  isLocked?: boolean;
}

/** The physician's row and account e-mail; 401 when the account is gone (its session is stale). */
export async function findPhysicianWithEmail(
  db: Db,
  physicianId: string,
  options: FindPhysicianOptions = {},
): Promise<{ physician: TPhysicianRow; email: string }> {
  const query = db
    .select({ physician: physicians, email: users.email })
    .from(physicians)
    .innerJoin(users, eq(users.id, physicians.userId))
    .where(eq(physicians.id, physicianId))
    .limit(1);
  const [row] = options.isLocked ? await query.for('update', { of: physicians }) : await query;
  if (!row) throw new AppError('UNAUTHENTICATED', 'Please sign in again.');
  return row;
}
