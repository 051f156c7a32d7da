import type { TApplicant } from '@medhire/contract/applicants';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { savedApplicants } from '../../db/schema/hiring.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { getSingleApplicant } from './get-single-applicant.ts';
import { applicantNotFound, assertPhysicianVisible } from './physician-visibility.ts';

export interface SaveApplicantOptions {
  db: Db;
  owner: JobOwner;
  applicantId: string;
  now?: Date;
}

/**
 * Saves the physician for the organisation and answers the applicant (as the single-applicant
 * page shows it). Saving again changes nothing: the first save and its time are kept.
 */
export async function saveApplicant({
  db,
  owner,
  applicantId,
  now = new Date(),
}: SaveApplicantOptions): Promise<TApplicant> {
  const organizationId = owner.organizationId;
  await assertPhysicianVisible({ db, organizationId, physicianId: applicantId });
  if (!organizationId) throw applicantNotFound();
  await db
    .insert(savedApplicants)
    .values({ organizationId, physicianId: applicantId, savedByUserId: owner.userId, createdAt: now })
    .onConflictDoNothing();
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
 */
export async function unsaveApplicant({
  db,
  owner,
  applicantId,
}: UnsaveApplicantOptions): Promise<{ _id: string }> {
  const organizationId = owner.organizationId;
  if (!organizationId || !isUuid(applicantId)) throw applicantNotFound();
  await db
    .delete(savedApplicants)
    .where(
      and(eq(savedApplicants.organizationId, organizationId), eq(savedApplicants.physicianId, applicantId)),
    );
  return { _id: applicantId };
}
