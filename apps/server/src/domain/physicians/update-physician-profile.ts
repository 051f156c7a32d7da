import type { TPhysicianProfile, TPhysicianProfileBody } from '@medhire/contract/physicians';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { physicians, type TPhysicianRow } from '../../db/schema/physicians.ts';
import { notifyUsers } from '../notifications/notify.ts';
import { specialtyById } from '../reference/reference-data.ts';
import { assertNpiIsFree } from './npi-owner.ts';
import {
  computeMatchKeys,
  findPhysicianWithEmail,
  fullNameOf,
  isProfileComplete,
  loadPhysicianProfile,
  searchNameOf,
} from './physician-profile.ts';
import { assertProfileReferences, assertTrainingSpecialties } from './physician-references.ts';

export interface UpdatePhysicianProfileOptions {
  db: Db;
  physicianId: string;
  profile: TPhysicianProfileBody;
  now?: Date;
}

type ProfileColumns = Omit<TPhysicianRow, 'id' | 'userId' | 'createdAt'>;

/** The row as it will be stored: every field present in the body replaces the stored one. */
function applyProfileBody(row: TPhysicianRow, body: TPhysicianProfileBody, now: Date): ProfileColumns {
  const specialtyId = body.specialty ?? row.specialtyId;
  // A new specialty without new sub-specialties drops the old ones: they belong to the old specialty.
  const isSpecialtyChanged = specialtyId !== row.specialtyId;
  const subSpecialtyIds = body.subSpecialty ?? (isSpecialtyChanged ? [] : row.subSpecialtyIds);
  const firstName = body.firstName ?? row.firstName;
  const lastName = body.lastName ?? row.lastName;
  const home = body.homeLocation;
  const homeState = home ? home.state : row.homeState;
  const statesOfInterest = body.statesOfInterest ? [...new Set(body.statesOfInterest)] : row.statesOfInterest;
  return {
    firstName,
    lastName,
    photo: body.photo !== undefined ? body.photo : row.photo,
    npiNumber: body.npiNumber ?? row.npiNumber,
    specialtyId,
    subSpecialtyIds: [...new Set(subSpecialtyIds)],
    boardStatus: body.boardStatus ?? row.boardStatus,
    yearsOfExperience: body.yearsOfExperience ?? row.yearsOfExperience,
    yearAvailable: body.yearAvailableToStart ?? row.yearAvailable,
    homeDescription: home ? home.description : row.homeDescription,
    homeState,
    homeLatitude: home ? home.coords.latitude : row.homeLatitude,
    homeLongitude: home ? home.coords.longitude : row.homeLongitude,
    statesOfInterest,
    citiesOfInterest: body.citiesOfInterest ?? row.citiesOfInterest,
    employmentTypes: body.employmentTypes ? [...new Set(body.employmentTypes)] : row.employmentTypes,
    needsVisa: body.needsVisa ?? row.needsVisa,
    isDiscoverable: body.isDiscoverable ?? row.isDiscoverable,
    cvUrl: row.cvUrl,
    training: body.training ?? row.training,
    matchKeys: computeMatchKeys(specialtyId, homeState, statesOfInterest),
    searchName: searchNameOf(firstName, lastName),
    updatedAt: now,
  };
}

/**
 * Approved employer users who look for this specialty. Candidate preferences name the specialty
 * by id or, as the employer app stores it, by title; both are compared without case.
 */
async function employersLookingFor(db: Db, specialtyId: string): Promise<string[]> {
  const title = specialtyById.get(specialtyId)?.title ?? specialtyId;
  const wanted = sql`lower(${users.candidatePreferences} ->> 'specialty')`;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'employer'),
        eq(users.accountStatus, 'approved'),
        isNull(users.archivedAt),
        or(sql`${wanted} = ${specialtyId.toLowerCase()}`, sql`${wanted} = ${title.toLowerCase()}`),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * Saves the physician's profile. Reference ids are checked against the reference data (400 with
 * the field), the match keys and search name follow the new values, and the first time the
 * profile becomes complete the employers looking for that specialty are told
 * (EMPLOYEE_REGISTERED). A complete profile cannot become incomplete again (the body cannot
 * clear its required fields), so "first time" is the change from incomplete to complete.
 */
export async function updatePhysicianProfile({
  db,
  physicianId,
  profile,
  now = new Date(),
}: UpdatePhysicianProfileOptions): Promise<TPhysicianProfile> {
  return db.transaction(async (tx) => {
    const { physician, email } = await findPhysicianWithEmail(tx, physicianId, { isLocked: true });
    if (profile.npiNumber && profile.npiNumber !== physician.npiNumber) {
      await assertNpiIsFree(tx, profile.npiNumber, physicianId);
    }
    const columns = applyProfileBody(physician, profile, now);
    assertProfileReferences(columns);
    assertTrainingSpecialties(columns.training);
    const [updated] = await tx
      .update(physicians)
      .set(columns)
      .where(eq(physicians.id, physicianId))
      .returning();
    if (!updated) throw new Error('The physician profile vanished during its update.');

    // Only a discoverable physician is announced: employers could not open anyone else's profile.
    if (
      !isProfileComplete(physician) &&
      isProfileComplete(updated) &&
      updated.isDiscoverable &&
      updated.specialtyId
    ) {
      const specialtyTitle = specialtyById.get(updated.specialtyId)?.title ?? updated.specialtyId;
      await notifyUsers({
        db: tx,
        userIds: await employersLookingFor(tx, updated.specialtyId),
        type: 'EMPLOYEE_REGISTERED',
        title: 'New physician on MedHire',
        body: `${fullNameOf(updated)} (${specialtyTitle}) joined MedHire.`,
        data: { physicianId },
        now,
      });
    }
    return loadPhysicianProfile(tx, updated, email, now);
  });
}
