import type { TPhysicianProfile } from '@medhire/contract/physicians';
import type { Db } from '../../db/index.ts';
import { findPhysicianWithEmail, loadPhysicianProfile } from './physician-profile.ts';

export interface GetPhysicianProfileOptions {
  db: Db;
  physicianId: string;
}

/** The signed-in physician's own profile. */
export async function getPhysicianProfile({
  db,
  physicianId,
}: GetPhysicianProfileOptions): Promise<TPhysicianProfile> {
  const { physician, email } = await findPhysicianWithEmail(db, physicianId);
  return loadPhysicianProfile(db, physician, email);
}
