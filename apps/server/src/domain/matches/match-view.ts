import { MATCH_MESSAGES, type TMatch } from '@medhire/contract/matches';
import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/index.ts';
import { conversations, matches } from '../../db/schema/hiring.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { specialties } from '../../db/schema/reference.ts';
import { AppError } from '../../lib/app-error.ts';

export function matchNotFound(): AppError {
  return new AppError('NOT_FOUND', MATCH_MESSAGES.notFound);
}

const jobSpecialty = alias(specialties, 'job_specialty');
const physicianSpecialty = alias(specialties, 'physician_specialty');

/** Everything a match answer shows: the match, its job and its physician, with titles. */
function selectMatchViews(db: Db) {
  return db
    .select({
      id: matches.id,
      status: matches.status,
      message: matches.message,
      createdAt: matches.createdAt,
      respondedAt: matches.respondedAt,
      jobId: jobs.id,
      jobTitle: jobs.title,
      jobSpecialty: jobSpecialty.title,
      physicianId: physicians.id,
      firstName: physicians.firstName,
      lastName: physicians.lastName,
      photo: physicians.photo,
      physicianSpecialty: physicianSpecialty.title,
      homeDescription: physicians.homeDescription,
      conversationId: conversations.id,
    })
    .from(matches)
    .innerJoin(jobs, eq(jobs.id, matches.jobId))
    .innerJoin(physicians, eq(physicians.id, matches.physicianId))
    .leftJoin(jobSpecialty, eq(jobSpecialty.id, jobs.specialtyId))
    .leftJoin(physicianSpecialty, eq(physicianSpecialty.id, physicians.specialtyId))
    .leftJoin(conversations, eq(conversations.matchId, matches.id));
}

type MatchViewRow = Awaited<ReturnType<ReturnType<typeof selectMatchViews>['where']>>[number];

function toMatch(row: MatchViewRow): TMatch {
  return {
    _id: row.id,
    status: row.status,
    job: { _id: row.jobId, title: row.jobTitle, specialty: row.jobSpecialty ?? '' },
    applicant: {
      _id: row.physicianId,
      fullName: `Dr. ${row.firstName} ${row.lastName}`.trim(),
      photo: row.photo,
      specialty: row.physicianSpecialty ?? '',
      homeLocation: row.homeDescription ?? '',
    },
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    respondedAt: row.respondedAt?.toISOString() ?? null,
    conversationId: row.conversationId,
  };
}

/** The matches with these ids as the API shows them, in the order of `matchIds`. */
export async function loadMatchViews(db: Db, matchIds: string[]): Promise<TMatch[]> {
  if (matchIds.length === 0) return [];
  const rows = await selectMatchViews(db).where(inArray(matches.id, matchIds));
  const byId = new Map(rows.map((row) => [row.id, toMatch(row)]));
  return matchIds.flatMap((id) => byId.get(id) ?? []);
}

/** One match as the API shows it; 404 when it is gone. */
export async function loadMatchView(db: Db, matchId: string): Promise<TMatch> {
  const [row] = await selectMatchViews(db).where(eq(matches.id, matchId));
  if (!row) throw matchNotFound();
  return toMatch(row);
}
