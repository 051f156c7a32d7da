import type {
  TApplicant,
  TApplicantMatch,
  TApplication,
  TPipelineEvent,
  TTitled,
} from '@medhire/contract/applicants';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import {
  applicationEvents,
  applications,
  conversations,
  matches,
  savedApplicants,
} from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { enumValues, specialties, subSpecialties } from '../../db/schema/reference.ts';
import { isUuid } from '../../lib/ids.ts';
import type { JobOwner } from '../jobs/job-owner.ts';
import { memberNameSql } from '../team/member-ref.ts';
import { delegateJobRowCondition } from '../team/member-scope.ts';

export interface LoadApplicantViewsOptions {
  db: Db;
  organizationId: string;
  physicianIds: readonly string[];
  /** Who looks: a delegate sees only the applications and invites of the jobs assigned to them. */
  viewer?: JobOwner;
  /** Add every application's pipeline timeline (the single-applicant page). */
  withHistory?: boolean;
}

const boardStatusValues = alias(enumValues, 'board_status_values');

function titled(id: string | null, title: string | null | undefined): TTitled {
  return { _id: id ?? '', title: title ?? id ?? '' };
}

function unique(values: Iterable<string>): string[] {
  return [...new Set(values)];
}

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}

/**
 * The applicants as the organisation sees them, in the order of `physicianIds` (ids that are
 * not physicians are left out). Whatever the number of physicians, this reads a fixed number
 * of queries: the profiles with their reference titles and saved flag, the sub-specialty and
 * employment-type titles, the organisation's applications and matches for them, and with
 * `withHistory` the applications' pipeline events. It does not check visibility; callers
 * pass physicians the organisation may see.
 */
export async function loadApplicantViews({
  db,
  organizationId,
  physicianIds,
  viewer,
  withHistory = false,
}: LoadApplicantViewsOptions): Promise<TApplicant[]> {
  const ids = unique(physicianIds).filter(isUuid);
  if (ids.length === 0) return [];

  const profiles = await db
    .select({
      id: physicians.id,
      firstName: physicians.firstName,
      lastName: physicians.lastName,
      photo: physicians.photo,
      npiNumber: physicians.npiNumber,
      specialtyId: physicians.specialtyId,
      specialtyTitle: specialties.title,
      subSpecialtyIds: physicians.subSpecialtyIds,
      boardStatus: physicians.boardStatus,
      boardStatusTitle: boardStatusValues.title,
      yearsOfExperience: physicians.yearsOfExperience,
      yearAvailable: physicians.yearAvailable,
      homeDescription: physicians.homeDescription,
      homeState: physicians.homeState,
      homeLatitude: physicians.homeLatitude,
      homeLongitude: physicians.homeLongitude,
      statesOfInterest: physicians.statesOfInterest,
      citiesOfInterest: physicians.citiesOfInterest,
      employmentTypes: physicians.employmentTypes,
      needsVisa: physicians.needsVisa,
      cvUrl: physicians.cvUrl,
      savedAt: savedApplicants.createdAt,
    })
    .from(physicians)
    .leftJoin(specialties, eq(specialties.id, physicians.specialtyId))
    .leftJoin(
      boardStatusValues,
      and(eq(boardStatusValues.kind, 'boardStatus'), eq(boardStatusValues.id, physicians.boardStatus)),
    )
    .leftJoin(
      savedApplicants,
      and(eq(savedApplicants.organizationId, organizationId), eq(savedApplicants.physicianId, physicians.id)),
    )
    .where(inArray(physicians.id, ids));
  if (profiles.length === 0) return [];

  const subSpecialtyIds = unique(profiles.flatMap((profile) => profile.subSpecialtyIds));
  const employmentTypeIds = unique(profiles.flatMap((profile) => profile.employmentTypes));
  const subSpecialtyTitles = new Map(
    subSpecialtyIds.length === 0
      ? []
      : (
          await db
            .select({ id: subSpecialties.id, title: subSpecialties.title })
            .from(subSpecialties)
            .where(inArray(subSpecialties.id, subSpecialtyIds))
        ).map((row) => [row.id, row.title]),
  );
  const employmentTypeTitles = new Map(
    employmentTypeIds.length === 0
      ? []
      : (
          await db
            .select({ id: enumValues.id, title: enumValues.title })
            .from(enumValues)
            .where(and(eq(enumValues.kind, 'employmentType'), inArray(enumValues.id, employmentTypeIds)))
        ).map((row) => [row.id, row.title]),
  );

  const profileIds = profiles.map((profile) => profile.id);
  const applicationRows = await db
    .select({
      id: applications.id,
      physicianId: applications.physicianId,
      jobId: applications.jobId,
      jobTitle: jobs.title,
      pipelineStatus: applications.pipelineStatus,
      source: applications.source,
      coverLetter: applications.coverLetter,
      withdrawnAt: applications.withdrawnAt,
      createdAt: applications.createdAt,
      updatedAt: applications.updatedAt,
      assigneeUserId: applications.assigneeUserId,
      assigneeName: memberNameSql,
    })
    .from(applications)
    .innerJoin(jobs, eq(jobs.id, applications.jobId))
    .leftJoin(users, eq(users.id, applications.assigneeUserId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        inArray(applications.physicianId, profileIds),
        viewer ? delegateJobRowCondition(viewer, applications.jobId) : undefined,
      ),
    )
    .orderBy(desc(applications.createdAt), desc(applications.id));

  const matchRows = await db
    .select({
      id: matches.id,
      physicianId: matches.physicianId,
      jobId: matches.jobId,
      jobTitle: jobs.title,
      status: matches.status,
      createdAt: matches.createdAt,
      conversationId: conversations.id,
    })
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .leftJoin(conversations, eq(conversations.matchId, matches.id))
    .where(
      and(
        eq(matches.organizationId, organizationId),
        inArray(matches.physicianId, profileIds),
        viewer ? delegateJobRowCondition(viewer, matches.jobId) : undefined,
      ),
    )
    .orderBy(desc(matches.createdAt), desc(matches.id));

  const historyByApplication = new Map<string, TPipelineEvent[]>();
  if (withHistory && applicationRows.length > 0) {
    const eventRows = await db
      .select({
        id: applicationEvents.id,
        applicationId: applicationEvents.applicationId,
        fromStatus: applicationEvents.fromStatus,
        toStatus: applicationEvents.toStatus,
        actor: applicationEvents.actor,
        changedBy: users.email,
        changedByName: memberNameSql,
        createdAt: applicationEvents.createdAt,
      })
      .from(applicationEvents)
      .leftJoin(users, eq(users.id, applicationEvents.changedByUserId))
      .where(
        inArray(
          applicationEvents.applicationId,
          applicationRows.map((row) => row.id),
        ),
      )
      .orderBy(asc(applicationEvents.createdAt), asc(applicationEvents.id));
    for (const [applicationId, events] of groupBy(eventRows, (row) => row.applicationId)) {
      historyByApplication.set(
        applicationId,
        events.map((event) => ({
          _id: event.id,
          fromStatus: event.fromStatus,
          toStatus: event.toStatus,
          actor: event.actor,
          changedBy: event.actor === 'employer' ? event.changedBy : null,
          changedByName: event.actor === 'employer' ? (event.changedByName ?? 'A former member') : null,
          changedAt: event.createdAt.toISOString(),
        })),
      );
    }
  }

  const applicationsByPhysician = groupBy(applicationRows, (row) => row.physicianId);
  const matchesByPhysician = groupBy(matchRows, (row) => row.physicianId);
  const views = new Map<string, TApplicant>();
  for (const profile of profiles) {
    const physicianApplications: TApplication[] = (applicationsByPhysician.get(profile.id) ?? []).map(
      (row) => ({
        _id: row.id,
        jobId: row.jobId,
        jobTitle: row.jobTitle,
        pipelineStatus: row.pipelineStatus,
        source: row.source,
        coverLetter: row.coverLetter,
        assignee:
          row.assigneeUserId && row.assigneeName
            ? { _id: row.assigneeUserId, fullName: row.assigneeName }
            : null,
        appliedAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
        ...(withHistory ? { history: historyByApplication.get(row.id) ?? [] } : {}),
      }),
    );
    const physicianMatches: TApplicantMatch[] = (matchesByPhysician.get(profile.id) ?? []).map((row) => ({
      _id: row.id,
      jobId: row.jobId,
      jobTitle: row.jobTitle,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      conversationId: row.conversationId,
    }));
    views.set(profile.id, {
      _id: profile.id,
      firstName: profile.firstName,
      lastName: profile.lastName,
      fullName: `Dr. ${profile.firstName} ${profile.lastName}`,
      photo: profile.photo,
      npiNumber: profile.npiNumber,
      specialty: titled(profile.specialtyId, profile.specialtyTitle),
      subSpecialties: profile.subSpecialtyIds.map((id) => titled(id, subSpecialtyTitles.get(id))),
      boardStatus: titled(profile.boardStatus, profile.boardStatusTitle),
      yearsOfExperience: profile.yearsOfExperience ?? 0,
      yearAvailableToStart: profile.yearAvailable ?? 0,
      homeState: profile.homeState ?? '',
      homeLocation: {
        description: profile.homeDescription ?? '',
        coords: { latitude: profile.homeLatitude ?? 0, longitude: profile.homeLongitude ?? 0 },
      },
      statesOfInterest: profile.statesOfInterest,
      citiesOfInterest: profile.citiesOfInterest,
      employmentTypes: profile.employmentTypes.map((id) => titled(id, employmentTypeTitles.get(id))),
      needsVisa: profile.needsVisa,
      cvUrl: profile.cvUrl,
      isSaved: profile.savedAt !== null,
      applications: physicianApplications,
      matches: physicianMatches,
    });
  }
  return ids.flatMap((id) => {
    const view = views.get(id);
    return view ? [view] : [];
  });
}
