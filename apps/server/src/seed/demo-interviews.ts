import {
  DEFAULT_SCORECARD_CRITERIA,
  type TInterviewStatus,
  type TInterviewType,
  type TScorecardRecommendation,
  type TWeeklyHours,
} from '@medhire/contract/interviews';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { DateTime } from 'luxon';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/accounts.ts';
import { applications } from '../db/schema/hiring.ts';
import {
  interviewParticipants,
  interviewProposedSlots,
  interviewScorecards,
  interviewSessions,
  interviews,
  memberAvailability,
} from '../db/schema/interviews.ts';
import { physicians } from '../db/schema/physicians.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';
import { DEMO_DELEGATE_EMAIL, DEMO_RECRUITER_EMAIL } from './demo-team.ts';

const WORKDAYS = [1, 2, 3, 4, 5];

function workdays(start: string, end: string): TWeeklyHours {
  return WORKDAYS.map((weekday) => ({ weekday, start, end }));
}

/** The demo team's interview hours, each in the member's own zone. */
const DEMO_AVAILABILITY = [
  {
    email: DEMO_EMPLOYER_EMAIL,
    timeZone: 'America/Chicago',
    weeklyHours: workdays('09:00', '17:00'),
    buffer: 15,
  },
  {
    email: DEMO_RECRUITER_EMAIL,
    timeZone: 'America/New_York',
    weeklyHours: [...workdays('10:00', '12:30'), ...workdays('13:30', '18:00')],
    buffer: 10,
  },
  {
    email: DEMO_DELEGATE_EMAIL,
    timeZone: 'America/Los_Angeles',
    weeklyHours: workdays('08:00', '15:00'),
    buffer: 0,
  },
] as const;

interface DemoInterviewPlan {
  status: TInterviewStatus;
  type: TInterviewType;
  /** Days from the demo's "now" (negative: in the past), at `hour` local time in `timeZone`. */
  day: number;
  hour: number;
  timeZone: string;
  durationMinutes: number;
  interviewers: readonly string[];
  cancelReason?: string;
  /** Scorecards of interviewers, rating the default criteria in order. */
  scorecards?: readonly DemoScorecard[];
  /** An on-site visit's itinerary: days after `day`, local times in `timeZone`. */
  sessions?: readonly DemoSession[];
  travelNotes?: string;
}

interface DemoSession {
  dayOffset: number;
  hour: number;
  minute: number;
  minutes: number;
  title: string;
  room: string;
  interviewers: readonly string[];
}

interface DemoScorecard {
  by: string;
  ratings: readonly number[];
  recommendation: TScorecardRecommendation;
  notes: string;
}

/**
 * Past and upcoming interviews of the demo organisation's applicants at the Interview stage or
 * beyond, in several zones: a completed one and a no-show in the past, scheduled ones this week
 * and next, one waiting for the physician's pick, one cancelled. Each plan is on its own day, so
 * no one is double booked.
 */
const PLANS: readonly DemoInterviewPlan[] = [
  {
    status: 'completed',
    type: 'video',
    day: -9,
    hour: 10,
    timeZone: 'America/Chicago',
    durationMinutes: 45,
    interviewers: [DEMO_EMPLOYER_EMAIL],
    scorecards: [
      {
        by: DEMO_EMPLOYER_EMAIL,
        ratings: [4, 5, 5, 4],
        recommendation: 'yes',
        notes: 'Clear on chronic-care follow-up; asked good questions about the panel size.',
      },
    ],
  },
  {
    status: 'completed',
    type: 'onsite',
    day: -6,
    hour: 9,
    timeZone: 'America/Chicago',
    durationMinutes: 180,
    interviewers: [DEMO_EMPLOYER_EMAIL, DEMO_RECRUITER_EMAIL],
    // The recruiter has not scored yet: the demo shows them the blind view.
    scorecards: [
      {
        by: DEMO_EMPLOYER_EMAIL,
        ratings: [5, 4, 5, 5],
        recommendation: 'strong_yes',
        notes: 'The clinic staff loved the site visit. Ready to make an offer.',
      },
    ],
  },
  {
    status: 'no_show',
    type: 'phone',
    day: -3,
    hour: 14,
    timeZone: 'America/New_York',
    durationMinutes: 30,
    interviewers: [DEMO_RECRUITER_EMAIL],
  },
  {
    status: 'scheduled',
    type: 'video',
    day: 1,
    hour: 11,
    timeZone: 'America/Denver',
    durationMinutes: 60,
    interviewers: [DEMO_EMPLOYER_EMAIL, DEMO_RECRUITER_EMAIL],
  },
  {
    status: 'scheduled',
    type: 'phone',
    day: 3,
    hour: 9,
    timeZone: 'America/Los_Angeles',
    durationMinutes: 30,
    interviewers: [DEMO_DELEGATE_EMAIL],
  },
  {
    // A two-day site visit next week: the itinerary every view and invite shows.
    status: 'scheduled',
    type: 'onsite',
    day: 8,
    hour: 9,
    timeZone: 'America/Phoenix',
    durationMinutes: 240,
    interviewers: [DEMO_EMPLOYER_EMAIL, DEMO_RECRUITER_EMAIL],
    travelNotes:
      'We booked two nights at the Hyatt Place Phoenix Downtown; the front desk has your confirmation. Flights and mileage are reimbursed.',
    sessions: [
      {
        dayOffset: 0,
        hour: 9,
        minute: 0,
        minutes: 60,
        title: 'Welcome and tour of the clinic',
        room: 'Front lobby',
        interviewers: [DEMO_RECRUITER_EMAIL],
      },
      {
        dayOffset: 0,
        hour: 10,
        minute: 30,
        minutes: 90,
        title: 'Interview with the medical director',
        room: 'Conference room 2B',
        interviewers: [DEMO_EMPLOYER_EMAIL],
      },
      {
        dayOffset: 0,
        hour: 12,
        minute: 0,
        minutes: 60,
        title: 'Lunch with the care team',
        room: 'Staff lounge',
        interviewers: [DEMO_EMPLOYER_EMAIL, DEMO_RECRUITER_EMAIL],
      },
      {
        dayOffset: 1,
        hour: 8,
        minute: 0,
        minutes: 60,
        title: 'Breakfast and next steps',
        room: 'Conference room 2B',
        interviewers: [DEMO_EMPLOYER_EMAIL],
      },
    ],
  },
  {
    status: 'proposed',
    type: 'video',
    day: 5,
    hour: 13,
    timeZone: 'America/Chicago',
    durationMinutes: 45,
    interviewers: [DEMO_RECRUITER_EMAIL],
  },
  {
    status: 'cancelled',
    type: 'video',
    day: 2,
    hour: 15,
    timeZone: 'Pacific/Honolulu',
    durationMinutes: 45,
    interviewers: [DEMO_EMPLOYER_EMAIL],
    cancelReason: 'The physician accepted a position closer to family.',
  },
];

const HELD: ReadonlySet<TInterviewStatus> = new Set(['scheduled', 'completed', 'no_show']);

/**
 * Availability for the demo team and the demo interviews, written straight to the tables (no
 * invites are mailed for demo data). Runs after the demo hiring activity; plans without an
 * applicant at the Interview stage or beyond are skipped.
 */
export async function seedDemoInterviews(db: Db, { now }: { now: Date }): Promise<number> {
  const team = await db
    .select({ id: users.id, email: users.email, organizationId: users.organizationId })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_AVAILABILITY.map((member) => member.email),
      ),
    );
  const idOf = new Map(team.map((member) => [member.email, member.id]));
  const organizationId = team.find((member) => member.email === DEMO_EMPLOYER_EMAIL)?.organizationId;
  if (!organizationId) return 0;
  for (const member of DEMO_AVAILABILITY) {
    const userId = idOf.get(member.email);
    if (!userId) continue;
    await db.insert(memberAvailability).values({
      userId,
      organizationId,
      timeZone: member.timeZone,
      weeklyHours: [...member.weeklyHours],
      bufferBeforeMinutes: member.buffer,
      bufferAfterMinutes: member.buffer,
      updatedAt: now,
    });
  }

  const candidates = await db
    .select({
      id: applications.id,
      jobId: applications.jobId,
      physicianId: applications.physicianId,
      physicianUserId: physicians.userId,
      createdAt: applications.createdAt,
    })
    .from(applications)
    .innerJoin(physicians, eq(physicians.id, applications.physicianId))
    .where(
      and(
        eq(applications.organizationId, organizationId),
        inArray(applications.pipelineStatus, ['Interview', 'Offer', 'Hired']),
      ),
    )
    .orderBy(asc(applications.createdAt), asc(applications.id))
    .limit(PLANS.length);

  let created = 0;
  for (const [index, plan] of PLANS.entries()) {
    const application = candidates[index];
    if (!application) break;
    const local = DateTime.fromJSDate(now, { zone: plan.timeZone })
      .plus({ days: plan.day })
      .set({ hour: plan.hour, minute: 0, second: 0, millisecond: 0 });
    const sessions = (plan.sessions ?? []).map((session) => {
      const start = local
        .plus({ days: session.dayOffset })
        .set({ hour: session.hour, minute: session.minute });
      return {
        ...session,
        startsAt: start.toJSDate(),
        endsAt: start.plus({ minutes: session.minutes }).toJSDate(),
      };
    });
    const lastSession = sessions.at(-1);
    const startsAt = sessions[0]?.startsAt ?? local.toJSDate();
    const endsAt = lastSession?.endsAt ?? local.plus({ minutes: plan.durationMinutes }).toJSDate();
    const durationMinutes =
      sessions.length > 0
        ? sessions.reduce((total, session) => total + session.minutes, 0)
        : plan.durationMinutes;
    const hasTime = plan.status !== 'proposed';
    const createdAt = new Date(Math.min(now.getTime(), startsAt.getTime()) - 4 * 86_400_000);
    const [interview] = await db
      .insert(interviews)
      .values({
        organizationId,
        applicationId: application.id,
        jobId: application.jobId,
        physicianId: application.physicianId,
        type: plan.type,
        status: plan.status,
        meetingUrl: plan.type === 'video' ? `https://meet.example.com/medhire-demo-${index + 1}` : null,
        location:
          plan.type === 'onsite'
            ? 'Hill Country Family Health, 1201 W 38th St, Austin, TX: ask for Maria at the front desk'
            : plan.type === 'phone'
              ? 'We will call the number on your profile.'
              : null,
        travelNotes:
          plan.travelNotes ??
          (plan.type === 'onsite' ? 'Parking in the visitor garage is validated at the front desk.' : null),
        durationMinutes,
        startsAt: hasTime ? startsAt : null,
        endsAt: hasTime ? endsAt : null,
        timeZone: plan.timeZone,
        icsSequence: plan.status === 'cancelled' ? 1 : 0,
        cancelReason: plan.cancelReason ?? null,
        noShowParty: plan.status === 'no_show' ? 'physician' : null,
        createdByUserId: idOf.get(DEMO_EMPLOYER_EMAIL) ?? null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning({ id: interviews.id });
    if (!interview) continue;
    const isHeld = HELD.has(plan.status);
    const people = [
      ...plan.interviewers.flatMap((email) => {
        const userId = idOf.get(email);
        return userId ? [{ userId, role: 'interviewer' as const }] : [];
      }),
      { userId: application.physicianUserId, role: 'physician' as const },
    ];
    const isVisit = sessions.length > 0;
    // A visit's interview-wide rows hold no time: each session's rows hold theirs.
    await db.insert(interviewParticipants).values(
      people.map((person) => ({
        interviewId: interview.id,
        participantUserId: person.userId,
        role: person.role,
        startsAt: hasTime && !isVisit ? startsAt : null,
        endsAt: hasTime && !isVisit ? endsAt : null,
        isActive: isHeld && !isVisit,
      })),
    );
    for (const [position, session] of sessions.entries()) {
      const [row] = await db
        .insert(interviewSessions)
        .values({
          interviewId: interview.id,
          position,
          title: session.title,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          location: session.room,
          createdAt,
        })
        .returning({ id: interviewSessions.id });
      if (!row) continue;
      const sitting = [
        ...session.interviewers.flatMap((email) => {
          const userId = idOf.get(email);
          return userId ? [{ userId, role: 'interviewer' as const }] : [];
        }),
        { userId: application.physicianUserId, role: 'physician' as const },
      ];
      await db.insert(interviewParticipants).values(
        sitting.map((person) => ({
          interviewId: interview.id,
          sessionId: row.id,
          participantUserId: person.userId,
          role: person.role,
          startsAt: session.startsAt,
          endsAt: session.endsAt,
          isActive: isHeld,
        })),
      );
    }
    const scorecards = (plan.scorecards ?? []).flatMap((card) => {
      const userId = idOf.get(card.by);
      if (!userId) return [];
      return [
        {
          interviewId: interview.id,
          interviewerUserId: userId,
          ratings: DEFAULT_SCORECARD_CRITERIA.map((criterion, position) => ({
            criterion,
            rating: card.ratings[position] ?? 3,
          })),
          recommendation: card.recommendation,
          notes: card.notes,
          submittedAt: new Date(endsAt.getTime() + 3_600_000),
        },
      ];
    });
    if (scorecards.length > 0) await db.insert(interviewScorecards).values(scorecards);
    if (plan.status === 'proposed') {
      await db.insert(interviewProposedSlots).values(
        [0, 1, 2].map((offset) => {
          const start = local.plus({ days: offset });
          return {
            interviewId: interview.id,
            startsAt: start.toJSDate(),
            endsAt: start.plus({ minutes: plan.durationMinutes }).toJSDate(),
          };
        }),
      );
    }
    created += 1;
  }
  return created;
}
