import { APPLICANT_MESSAGES } from '@medhire/contract/applicants';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { applications, matches, savedApplicants } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import { isDelegate } from '../team/member-scope.ts';

export function applicantNotFound(): AppError {
  return new AppError('NOT_FOUND', APPLICANT_MESSAGES.notFound);
}

/**
 * A complete profile: specialty, board status, experience, start year and home are known.
 * Only complete profiles can be explored, recommended or apply.
 */
export const isProfileComplete: SQL = sql`(${physicians.specialtyId} is not null
  and ${physicians.boardStatus} is not null
  and ${physicians.yearsOfExperience} is not null
  and ${physicians.yearAvailable} is not null
  and ${physicians.homeState} is not null)`;

/** Physicians anyone may find: complete profiles that chose to be discoverable. */
export const isPubliclyDiscoverable: SQL = sql`(${physicians.isDiscoverable} and ${isProfileComplete})`;

export interface PhysicianVisibilityOptions {
  db: Db;
  organizationId: string | null;
  physicianId: string;
  /** A delegate sees discoverable physicians and those who deal with the jobs assigned to them. */
  viewer?: JobOwner;
}

/**
 * Whether the organisation may see the physician: a complete, discoverable profile, or a
 * physician who applied to or was invited to one of its jobs, or one it saved. A physician
 * who turned "open to opportunities" off stays visible to the employers they already deal
 * with; one who hid from this organisation is visible to it nowhere.
 */
export async function isPhysicianVisible({
  db,
  organizationId,
  physicianId,
  viewer,
}: PhysicianVisibilityOptions): Promise<boolean> {
  if (!organizationId || !isUuid(physicianId)) return false;
  const reach =
    viewer && isDelegate(viewer)
      ? sql`(${isPubliclyDiscoverable} or ${delegateReachesPhysician(viewer, organizationId)})`
      : sql`(${isPubliclyDiscoverable}
          or exists (select 1 from ${applications} where ${applications.physicianId} = ${physicians.id}
            and ${applications.organizationId} = ${organizationId})
          or exists (select 1 from ${matches} where ${matches.physicianId} = ${physicians.id}
            and ${matches.organizationId} = ${organizationId})
          or exists (select 1 from ${savedApplicants} where ${savedApplicants.physicianId} = ${physicians.id}
            and ${savedApplicants.organizationId} = ${organizationId}))`;
  const [row] = await db
    .select({ id: physicians.id })
    .from(physicians)
    .where(and(eq(physicians.id, physicianId), reach, isNotHiddenFrom(organizationId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The physicians a delegate deals with: those who applied to, or were invited to, one of the jobs
 * assigned to them. `physicianId` is the column (or value) naming the physician.
 */
export function delegateReachesPhysician(
  delegate: JobOwner,
  organizationId: string,
  physicianId: SQLWrapper = physicians.id,
): SQL {
  const delegateJobs = sql`(select ${jobs.id} from ${jobs} where ${jobs.assigneeUserId} = ${delegate.userId})`;
  return sql`(exists (select 1 from ${applications} where ${applications.physicianId} = ${physicianId}
            and ${applications.organizationId} = ${organizationId} and ${applications.jobId} in ${delegateJobs})
          or exists (select 1 from ${matches} where ${matches.physicianId} = ${physicianId}
            and ${matches.organizationId} = ${organizationId} and ${matches.jobId} in ${delegateJobs}))`;
}

/** Throws 404 "We could not find that physician." unless the organisation may see them. */
export async function assertPhysicianVisible(options: PhysicianVisibilityOptions): Promise<void> {
  if (!(await isPhysicianVisible(options))) throw applicantNotFound();
}
