import type { TApplicant } from '@medhire/contract/applicants';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { savedApplicants } from '../../db/schema/hiring.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { isDelegate } from '../team/member-scope.ts';
import { getSingleApplicant } from './get-single-applicant.ts';
import {
  applicantNotFound,
  assertPhysicianVisible,
  delegateReachesPhysician,
} from './physician-visibility.ts';

/**
 * Whether the caller may save or unsave the physician. A full member: any physician the
 * organisation may see. A delegate: only physicians who applied to, or were invited to, one of
 * the jobs assigned to them (their saved list shows no one else).
 */
async function assertMaySave(db: Db, owner: JobOwner, organizationId: string, physicianId: string) {
  if (!isDelegate(owner)) {
    await assertPhysicianVisible({ db, organizationId, physicianId });
    return;
  }
  const [row] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(
      and(
        eq(physicians.id, physicianId),
        delegateReachesPhysician(owner, organizationId),
        isNotHiddenFrom(organizationId),
      ),
    )
    .limit(1);
  if (!row) throw applicantNotFound();
}

export interface SaveApplicantOptions {
  db: Db;
  owner: JobOwner;
  applicantId: string;
  now?: Date;
}

/**
 * Saves the physician for the organisation and answers the applicant (as the single-applicant
 * page shows it). Saving again changes nothing: the first save and its time are kept. The check
 * runs in the insert's transaction, so a refused save writes nothing.
 */
export async function saveApplicant({
  db,
  owner,
  applicantId,
  now = new Date(),
}: SaveApplicantOptions): Promise<TApplicant> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicantId)) throw applicantNotFound();
  await db.transaction(async (tx) => {
    await assertMaySave(tx, owner, organizationId, applicantId);
    await writeSaved(tx, { organizationId, physicianId: applicantId, savedByUserId: owner.userId, now });
  });
  return getSingleApplicant({ db, owner, applicantId });
}

export interface UnsaveApplicantOptions {
  db: Db;
  owner: JobOwner;
  applicantId: string;
}

/**
 * Removes the physician from the organisation's saved list. Unsaving one that is not saved
 * answers the same, so a retry is harmless and the answer says nothing about other physicians.
 * A delegate may unsave only physicians of their jobs; any other answers 404 and stays saved.
 */
export async function unsaveApplicant({
  db,
  owner,
  applicantId,
}: UnsaveApplicantOptions): Promise<{ _id: string }> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicantId)) throw applicantNotFound();
  await db.transaction(async (tx) => {
    if (isDelegate(owner)) await assertMaySave(tx, owner, organizationId, applicantId);
    await writeUnsaved(tx, { organizationId, physicianId: applicantId });
  });
  return { _id: applicantId };
}

/**
 * Saves a physician for the organisation inside the caller's transaction, after its checks.
 * Answers whether it was newly saved (saving again keeps the first save and its time).
 */
export async function writeSaved(
  tx: Db,
  saved: { organizationId: string; physicianId: string; savedByUserId: string | null; now: Date },
): Promise<boolean> {
  const inserted = await tx
    .insert(savedApplicants)
    .values({
      organizationId: saved.organizationId,
      physicianId: saved.physicianId,
      savedByUserId: saved.savedByUserId,
      createdAt: saved.now,
    })
    .onConflictDoNothing()
    .returning({ physicianId: savedApplicants.physicianId });
  return inserted.length > 0;
}

/**
 * Removes a physician from the organisation's saved list inside the caller's transaction, after
 * its checks. Answers the removed save (who saved and when), so it can be put back, or null.
 */
export async function writeUnsaved(
  tx: Db,
  { organizationId, physicianId }: { organizationId: string; physicianId: string },
): Promise<{ savedByUserId: string | null; createdAt: Date } | null> {
  const [removed] = await tx
    .delete(savedApplicants)
    .where(
      and(eq(savedApplicants.organizationId, organizationId), eq(savedApplicants.physicianId, physicianId)),
    )
    .returning({ savedByUserId: savedApplicants.savedByUserId, createdAt: savedApplicants.createdAt });
  return removed ?? null;
}
