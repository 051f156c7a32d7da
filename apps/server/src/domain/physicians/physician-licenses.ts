import {
  PHYSICIAN_LIMITS,
  PHYSICIAN_MESSAGES,
  type TLicenseBody,
  type TPhysicianProfile,
} from '@medhire/contract/physicians';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { physicianLicenses } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import { bodyFieldError } from '../organizations/field-error.ts';
import { usStateByCode } from '../reference/search-states.ts';
import { findPhysicianWithEmail, loadPhysicianProfile } from './physician-profile.ts';

function licenseNotFound(): AppError {
  return new AppError('NOT_FOUND', PHYSICIAN_MESSAGES.licenseNotFound);
}

function licenseExists(): AppError {
  return new AppError('CONFLICT', PHYSICIAN_MESSAGES.licenseExists);
}

function assertKnownState(state: string): void {
  if (!usStateByCode.has(state)) throw bodyFieldError('state', PHYSICIAN_MESSAGES.unknownState);
}

/** Postgres' unique_violation: the same state and number are listed already. */
function isUniqueViolation(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}

export interface AddLicenseOptions {
  db: Db;
  physicianId: string;
  license: TLicenseBody;
  now?: Date;
}

/** Lists one more state license and answers the profile with it. */
export async function addLicense({
  db,
  physicianId,
  license,
  now = new Date(),
}: AddLicenseOptions): Promise<TPhysicianProfile> {
  assertKnownState(license.state);
  return db.transaction(async (tx) => {
    // Locked, so two additions at once cannot both pass the limit.
    const { physician, email } = await findPhysicianWithEmail(tx, physicianId, { isLocked: true });
    const [counted] = await tx
      .select({ total: count() })
      .from(physicianLicenses)
      .where(eq(physicianLicenses.physicianId, physicianId));
    if ((counted?.total ?? 0) >= PHYSICIAN_LIMITS.licensesMax) {
      throw new AppError('BUSINESS_RULE', PHYSICIAN_MESSAGES.tooManyLicenses);
    }
    const [inserted] = await tx
      .insert(physicianLicenses)
      .values({ physicianId, ...license })
      .onConflictDoNothing()
      .returning({ id: physicianLicenses.id });
    if (!inserted) throw licenseExists();
    return loadPhysicianProfile(tx, physician, email, now);
  });
}

export interface UpdateLicenseOptions extends AddLicenseOptions {
  licenseId: string;
}

/** Changes one of the physician's own licenses (a renewal moves its expiry date). */
export async function updateLicense({
  db,
  physicianId,
  licenseId,
  license,
  now = new Date(),
}: UpdateLicenseOptions): Promise<TPhysicianProfile> {
  if (!isUuid(licenseId)) throw licenseNotFound();
  assertKnownState(license.state);
  return db.transaction(async (tx) => {
    const { physician, email } = await findPhysicianWithEmail(tx, physicianId);
    try {
      const [updated] = await tx
        .update(physicianLicenses)
        .set(license)
        .where(and(eq(physicianLicenses.id, licenseId), eq(physicianLicenses.physicianId, physicianId)))
        .returning({ id: physicianLicenses.id });
      if (!updated) throw licenseNotFound();
    } catch (error) {
      if (isUniqueViolation(error)) throw licenseExists();
      throw error;
    }
    return loadPhysicianProfile(tx, physician, email, now);
  });
}

export interface RemoveLicenseOptions {
  db: Db;
  physicianId: string;
  licenseId: string;
  now?: Date;
}

/** Removes one of the physician's own licenses. */
export async function removeLicense({
  db,
  physicianId,
  licenseId,
  now = new Date(),
}: RemoveLicenseOptions): Promise<TPhysicianProfile> {
  if (!isUuid(licenseId)) throw licenseNotFound();
  const [removed] = await db
    .delete(physicianLicenses)
    .where(and(eq(physicianLicenses.id, licenseId), eq(physicianLicenses.physicianId, physicianId)))
    .returning({ id: physicianLicenses.id });
  if (!removed) throw licenseNotFound();
  const { physician, email } = await findPhysicianWithEmail(db, physicianId);
  return loadPhysicianProfile(db, physician, email, now);
}
