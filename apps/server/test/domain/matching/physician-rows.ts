import { randomUUID } from 'node:crypto';
import type { Db } from '../../../src/db/index.ts';
import { users } from '../../../src/db/schema/accounts.ts';
import { physicians, type TNewPhysicianRow } from '../../../src/db/schema/physicians.ts';

export type PhysicianRowInput = Partial<Omit<TNewPhysicianRow, 'id' | 'userId' | 'matchKeys'>>;

/** Austin, TX: the home of the default physician. */
export const AUSTIN = { latitude: 30.2672, longitude: -97.7431 };

/**
 * Inserts a physician account and profile straight into the tables (complete, discoverable,
 * family medicine in Austin by default), keeping match_keys as the physician side keeps them.
 */
export async function insertPhysician(db: Db, input: PhysicianRowInput = {}): Promise<string> {
  const [user] = await db
    .insert(users)
    .values({
      email: `physician-${randomUUID()}@mail.example`,
      role: 'physician',
      accountStatus: 'approved',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id });
  const profile: PhysicianRowInput = {
    firstName: 'Avery',
    lastName: 'Stone',
    specialtyId: 'family-medicine',
    boardStatus: 'board-certified',
    yearsOfExperience: 12,
    yearAvailable: new Date().getUTCFullYear(),
    homeDescription: 'Austin, TX',
    homeState: 'TX',
    homeLatitude: AUSTIN.latitude,
    homeLongitude: AUSTIN.longitude,
    employmentTypes: ['full-time'],
    ...input,
  };
  const states = [profile.homeState, ...(profile.statesOfInterest ?? [])].filter((state): state is string =>
    Boolean(state),
  );
  const matchKeys = profile.specialtyId
    ? [...new Set(states)].map((state) => `${profile.specialtyId}:${state}`)
    : [];
  const [row] = await db
    .insert(physicians)
    .values({
      ...profile,
      firstName: profile.firstName ?? 'Avery',
      lastName: profile.lastName ?? 'Stone',
      userId: user?.id ?? '',
      matchKeys,
      searchName: `${profile.firstName} ${profile.lastName}`.toLowerCase(),
    })
    .returning({ id: physicians.id });
  return row?.id ?? '';
}

/** A home `miles` due north of `from` (one degree of latitude is about 69.09 miles). */
export function milesNorthOf(from: { latitude: number; longitude: number }, miles: number) {
  return { homeLatitude: from.latitude + miles / 69.09, homeLongitude: from.longitude };
}
