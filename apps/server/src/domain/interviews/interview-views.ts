import type { TInterview, TPhysicianInterview } from '@medhire/contract/interviews';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations, users } from '../../db/schema/accounts.ts';
import {
  interviewParticipants,
  interviewProposedSlots,
  interviewSessions,
  interviews,
} from '../../db/schema/interviews.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';

type InterviewRow = typeof interviews.$inferSelect;

interface Related {
  slots: Map<string, TInterview['proposedSlots']>;
  interviewers: Map<string, TInterview['interviewers']>;
  sessions: Map<string, TInterview['sessions']>;
}

/** The itinerary of each visit among the interviews, with each session's interviewers by name. */
async function loadSessions(db: Db, ids: string[]): Promise<Related['sessions']> {
  const sessions = new Map<string, TInterview['sessions']>();
  const rows = await db
    .select()
    .from(interviewSessions)
    .where(inArray(interviewSessions.interviewId, ids))
    .orderBy(asc(interviewSessions.position));
  if (rows.length === 0) return sessions;
  const people = await db
    .select({
      sessionId: interviewParticipants.sessionId,
      userId: interviewParticipants.participantUserId,
      name: sql<string>`coalesce(${users.fullName}, ${users.email})`,
    })
    .from(interviewParticipants)
    .innerJoin(users, eq(users.id, interviewParticipants.participantUserId))
    .where(
      and(
        inArray(interviewParticipants.interviewId, ids),
        eq(interviewParticipants.role, 'interviewer'),
        sql`${interviewParticipants.sessionId} is not null`,
      ),
    )
    .orderBy(asc(sql`coalesce(${users.fullName}, ${users.email})`));
  for (const row of rows) {
    const list = sessions.get(row.interviewId) ?? [];
    list.push({
      _id: row.id,
      position: row.position,
      title: row.title,
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
      location: row.location,
      interviewers: people
        .filter((person) => person.sessionId === row.id)
        .map((person) => ({ userId: person.userId, name: person.name, role: 'interviewer' as const })),
    });
    sessions.set(row.interviewId, list);
  }
  return sessions;
}

async function loadRelated(db: Db, ids: string[]): Promise<Related> {
  const slots = new Map<string, TInterview['proposedSlots']>();
  const interviewers = new Map<string, TInterview['interviewers']>();
  if (ids.length === 0) return { slots, interviewers, sessions: new Map() };
  const slotRows = await db
    .select()
    .from(interviewProposedSlots)
    .where(inArray(interviewProposedSlots.interviewId, ids))
    .orderBy(asc(interviewProposedSlots.startsAt));
  for (const slot of slotRows) {
    const list = slots.get(slot.interviewId) ?? [];
    list.push({ _id: slot.id, startsAt: slot.startsAt.toISOString(), endsAt: slot.endsAt.toISOString() });
    slots.set(slot.interviewId, list);
  }
  const people = await db
    .select({
      interviewId: interviewParticipants.interviewId,
      userId: interviewParticipants.participantUserId,
      name: sql<string>`coalesce(${users.fullName}, ${users.email})`,
    })
    .from(interviewParticipants)
    .innerJoin(users, eq(users.id, interviewParticipants.participantUserId))
    .where(
      and(
        inArray(interviewParticipants.interviewId, ids),
        eq(interviewParticipants.role, 'interviewer'),
        isNull(interviewParticipants.sessionId),
      ),
    )
    .orderBy(asc(sql`coalesce(${users.fullName}, ${users.email})`));
  for (const person of people) {
    const list = interviewers.get(person.interviewId) ?? [];
    list.push({ userId: person.userId, name: person.name, role: 'interviewer' });
    interviewers.set(person.interviewId, list);
  }
  return { slots, interviewers, sessions: await loadSessions(db, ids) };
}

/** Only a proposed interview shows its offered times; once answered they mean nothing. */
function offeredSlots(row: InterviewRow, related: Related): TInterview['proposedSlots'] {
  return row.status === 'proposed' ? (related.slots.get(row.id) ?? []) : [];
}

/** Interviews as the team sees them, in the order of `ids`. */
export async function loadTeamInterviews(db: Db, ids: string[]): Promise<TInterview[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      interview: interviews,
      jobTitle: jobs.title,
      physicianName: sql<string>`'Dr. ' || ${physicians.firstName} || ' ' || ${physicians.lastName}`,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(physicians, eq(physicians.id, interviews.physicianId))
    .where(inArray(interviews.id, ids));
  const related = await loadRelated(db, ids);
  const byId = new Map(rows.map((row) => [row.interview.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { interview } = row;
    return [
      {
        _id: interview.id,
        applicationId: interview.applicationId,
        jobId: interview.jobId,
        jobTitle: row.jobTitle,
        physicianId: interview.physicianId,
        physicianName: row.physicianName,
        type: interview.type,
        status: interview.status,
        durationMinutes: interview.durationMinutes,
        startsAt: interview.startsAt?.toISOString() ?? null,
        endsAt: interview.endsAt?.toISOString() ?? null,
        timeZone: interview.timeZone,
        meetingUrl: interview.meetingUrl,
        location: interview.location,
        notes: interview.notes,
        travelNotes: interview.travelNotes,
        cancelReason: interview.cancelReason,
        physicianMessage: interview.physicianMessage,
        noShowParty: interview.noShowParty,
        sequence: interview.icsSequence,
        proposedSlots: offeredSlots(interview, related),
        interviewers: related.interviewers.get(id) ?? [],
        sessions: related.sessions.get(id) ?? [],
        createdAt: interview.createdAt.toISOString(),
        updatedAt: interview.updatedAt.toISOString(),
      },
    ];
  });
}

/** Interviews as the physician sees them (no team notes), in the order of `ids`. */
export async function loadPhysicianInterviews(db: Db, ids: string[]): Promise<TPhysicianInterview[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      interview: interviews,
      jobTitle: jobs.title,
      organizationName: sql<string>`coalesce(${organizations.name}, 'The employer')`,
    })
    .from(interviews)
    .innerJoin(jobs, eq(jobs.id, interviews.jobId))
    .innerJoin(organizations, eq(organizations.id, interviews.organizationId))
    .where(inArray(interviews.id, ids));
  const related = await loadRelated(db, ids);
  const byId = new Map(rows.map((row) => [row.interview.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { interview } = row;
    const isHeld = interview.status === 'scheduled';
    return [
      {
        _id: interview.id,
        organizationName: row.organizationName,
        jobTitle: row.jobTitle,
        type: interview.type,
        status: interview.status,
        durationMinutes: interview.durationMinutes,
        startsAt: interview.startsAt?.toISOString() ?? null,
        endsAt: interview.endsAt?.toISOString() ?? null,
        timeZone: interview.timeZone,
        // The call's link and the place matter once there is a time to go to.
        meetingUrl: isHeld ? interview.meetingUrl : null,
        location: interview.location,
        travelNotes: interview.travelNotes,
        cancelReason: interview.cancelReason,
        proposedSlots: offeredSlots(interview, related),
        interviewers: (related.interviewers.get(id) ?? []).map(({ name }) => ({ name })),
        sessions: (related.sessions.get(id) ?? []).map((session) => ({
          _id: session._id,
          title: session.title,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          location: session.location,
          interviewers: session.interviewers.map(({ name }) => ({ name })),
        })),
      },
    ];
  });
}
