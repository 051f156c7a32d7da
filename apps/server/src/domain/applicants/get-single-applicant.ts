import type { TApplicant } from '@medhire/contract/applicants';
import type { Db } from '../../db/index.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { loadApplicantViews } from './applicant-views.ts';
import { applicantNotFound, assertPhysicianVisible } from './physician-visibility.ts';

export interface GetSingleApplicantOptions {
  db: Db;
  owner: JobOwner;
  applicantId: string;
}

/**
 * One physician with the full profile, every application to the organisation's jobs with its
 * pipeline timeline, and the organisation's invites. A physician the organisation may not see
 * answers 404, the same as one that does not exist.
 */
export async function getSingleApplicant({
  db,
  owner,
  applicantId,
}: GetSingleApplicantOptions): Promise<TApplicant> {
  const organizationId = owner.organizationId;
  await assertPhysicianVisible({ db, organizationId, physicianId: applicantId, viewer: owner });
  if (!organizationId) throw applicantNotFound();
  const [applicant] = await loadApplicantViews({
    db,
    organizationId,
    physicianIds: [applicantId],
    viewer: owner,
    withHistory: true,
  });
  if (!applicant) throw applicantNotFound();
  return applicant;
}
