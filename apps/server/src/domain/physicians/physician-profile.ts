import type { TPlace } from '@medhire/contract/account';
import type { TPhysicianProfile } from '@medhire/contract/physicians';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { physicians, type TPhysicianRow } from '../../db/schema/physicians.ts';
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

/** The stored profile as the physician reads it. */
export function toPhysicianProfile(row: TPhysicianRow, email: string): TPhysicianProfile {
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
