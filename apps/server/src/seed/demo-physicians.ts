import type { Db } from '../db/index.ts';
import { hashPassword } from '../domain/auth/password-hash.ts';
import {
  createPhysicianAccounts,
  type NewPhysicianInput,
} from '../domain/physicians/create-physician-accounts.ts';
import { type GeneratedPhysician, generatePhysicians } from './physician-generator.ts';

export const DEMO_PHYSICIAN_COUNT = 2000;
/** Every demo physician signs in with this password. */
export const DEMO_PHYSICIAN_PASSWORD = 'MedHire-physician-2026';

/** A demo physician as created: the generated profile and its ids. */
export interface DemoPhysician extends GeneratedPhysician {
  physicianId: string;
  userId: string;
}

/** A generated profile in the form the physician accounts take it. */
export function toNewPhysicianInput(physician: GeneratedPhysician): NewPhysicianInput {
  return {
    email: physician.email,
    firstName: physician.firstName,
    lastName: physician.lastName,
    photo: physician.photo,
    npiNumber: physician.npiNumber,
    specialty: physician.specialtyId,
    subSpecialty: physician.subSpecialtyIds,
    boardStatus: physician.boardStatus,
    yearsOfExperience: physician.yearsOfExperience,
    yearAvailableToStart: physician.yearAvailable,
    homeLocation: {
      description: physician.homeDescription,
      state: physician.homeState,
      coords: { latitude: physician.homeLatitude, longitude: physician.homeLongitude },
    },
    statesOfInterest: physician.statesOfInterest,
    citiesOfInterest: physician.citiesOfInterest,
    employmentTypes: physician.employmentTypes,
    needsVisa: physician.needsVisa,
    isDiscoverable: physician.isDiscoverable,
    createdAt: physician.createdAt,
  };
}

export interface SeedDemoPhysiciansOptions {
  now?: Date;
  count?: number;
}

/**
 * The demo physicians: generated profiles (fixed seed) created as real physician accounts in
 * batches, all with the one demo password, hashed once.
 */
export async function seedDemoPhysicians(
  db: Db,
  { now = new Date(), count = DEMO_PHYSICIAN_COUNT }: SeedDemoPhysiciansOptions = {},
): Promise<DemoPhysician[]> {
  const generated = generatePhysicians(count, { now });
  const passwordHash = await hashPassword(DEMO_PHYSICIAN_PASSWORD);
  const created = await createPhysicianAccounts({
    db,
    physicians: generated.map(toNewPhysicianInput),
    passwordHash,
  });
  return generated.map((physician, index) => {
    const ids = created[index];
    if (!ids) throw new Error(`Demo physician ${physician.email} was not created.`);
    return { ...physician, ...ids };
  });
}
