import { z } from 'zod';

/** How an interview is held: a video call (with its link), a phone call, or on site. */
export const INTERVIEW_TYPES = ['video', 'phone', 'onsite'] as const;
export const ZInterviewType = z.enum(INTERVIEW_TYPES, { error: 'Choose video, phone or on-site.' });
export type TInterviewType = z.infer<typeof ZInterviewType>;

/**
 * Where an interview stands:
 * - proposed: times were offered; the physician has not picked one yet (no time set);
 * - other_times_requested: the physician asked for other times (their message says which);
 * - scheduled: a time is set, by the physician's pick or fixed by the team;
 * - completed, no_show: the outcome after the time (no_show names who did not come);
 * - declined: the physician said no; cancelled: the team called it off, with a reason.
 * Participants' times are held (and count against double booking) while scheduled, completed
 * or no_show; declined and cancelled free them.
 */
export const INTERVIEW_STATUSES = [
  'proposed',
  'other_times_requested',
  'scheduled',
  'completed',
  'no_show',
  'declined',
  'cancelled',
] as const;
export const ZInterviewStatus = z.enum(INTERVIEW_STATUSES);
export type TInterviewStatus = z.infer<typeof ZInterviewStatus>;

/** The statuses an interview can still change from (the others are final). */
export const OPEN_INTERVIEW_STATUSES = ['proposed', 'other_times_requested', 'scheduled'] as const;

export const INTERVIEW_PARTICIPANT_ROLES = ['interviewer', 'physician'] as const;
export type TInterviewParticipantRole = (typeof INTERVIEW_PARTICIPANT_ROLES)[number];

export const NO_SHOW_PARTIES = ['physician', 'interviewer'] as const;
export const ZNoShowParty = z.enum(NO_SHOW_PARTIES);

export const MIN_PROPOSED_SLOTS = 3;
export const MAX_PROPOSED_SLOTS = 10;
export const MAX_INTERVIEWERS = 10;
export const MAX_BUFFER_MINUTES = 120;
/** An on-site visit: 2–12 sessions over at most two consecutive local days. */
export const MIN_VISIT_SESSIONS = 2;
export const MAX_VISIT_SESSIONS = 12;
export const MAX_VISIT_DAYS = 2;

export const INTERVIEW_MESSAGES = {
  notFound: 'We could not find that interview.',
  applicationNotFound: 'We could not find that application.',
  withdrawn: 'The physician withdrew this application; an interview cannot be scheduled.',
  interviewerNotMember: 'Every interviewer must be a member of your team.',
  invalidTimeZone: 'Choose a valid time zone, such as America/New_York.',
  notOpen: 'This interview is over or called off and can no longer change.',
  notProposed: 'This interview has no times waiting for an answer.',
  slotNotOffered: 'That time is not one of the times offered.',
  notScheduled: 'Only a scheduled interview has an outcome.',
  notStartedYet: 'An outcome can be recorded once the interview has started.',
  noCommonTime:
    'The interviewers have fewer than three common free times in that period. Widen the period or propose times yourself.',
  noAvailability:
    'Every interviewer needs working hours in their availability settings before times can be proposed from them.',
  inThePast: 'Choose a time in the future.',
  invalidLink: 'This link is not valid. Use the newest e-mail about the interview.',
  visitOnlyOnSite: 'A site visit is an on-site interview: choose on-site as the type.',
  visitTooLong: `A site visit fits in ${MAX_VISIT_DAYS} consecutive days in its time zone.`,
  visitSessionsOverlap:
    'Sessions of a site visit cannot overlap: the physician attends each of them. Move one so it starts after the other ends.',
  visitNeedsItinerary: 'A site visit is moved by changing its itinerary, not by a single time or proposals.',
} as const;

/** 'HH:mm', 00:00–23:59, local to the member (a range never crosses midnight). */
const ZClock = z
  .string()
  .regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: 'Write times as HH:mm, e.g. 09:00.' });

/** A range of working hours on one weekday (1 = Monday … 7 = Sunday, ISO), local to the member. */
export const ZWeeklyHoursRange = z
  .object({ weekday: z.number().int().min(1).max(7), start: ZClock, end: ZClock })
  .refine((range) => range.start < range.end, {
    error: 'Each range must end after it starts.',
    path: ['end'],
  });
export const ZWeeklyHours = z.array(ZWeeklyHoursRange).max(50);
export type TWeeklyHours = z.infer<typeof ZWeeklyHours>;

const ZLocalDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Write dates as YYYY-MM-DD.' });

/** An IANA zone name; the server checks that it exists. */
export const ZTimeZone = z.string().trim().min(1).max(64);

/** A member's availability, as `GET …/get-my-availability` answers it and the update takes it. */
export const ZAvailability = z.object({
  timeZone: ZTimeZone,
  weeklyHours: ZWeeklyHours,
  exceptions: z.array(ZLocalDate).max(366),
  bufferBeforeMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES),
  bufferAfterMinutes: z.number().int().min(0).max(MAX_BUFFER_MINUTES),
});
export type TAvailability = z.infer<typeof ZAvailability>;
export const ZUpdateAvailabilityBody = ZAvailability;
export type TUpdateAvailabilityBody = z.infer<typeof ZUpdateAvailabilityBody>;

/** An instant with its offset, e.g. 2026-03-09T14:00:00Z or 2026-03-09T09:00:00-05:00. */
const ZInstant = z.iso.datetime({ offset: true, error: 'Give times as ISO 8601 with an offset.' });

const ZDurationMinutes = z.number().int().min(5).max(720);

const ZMemberId = z.string().min(1).max(100);

/**
 * One session of an on-site visit as the team sends it. `_id` names a session the visit already
 * has (a reschedule keeps it, so its calendar event moves rather than being replaced).
 */
export const ZVisitSessionInput = z
  .object({
    _id: z.string().min(1).max(100).optional(),
    title: z.string().trim().min(1, { error: 'Name each session.' }).max(200),
    startsAt: ZInstant,
    endsAt: ZInstant,
    location: z.string().trim().max(500).optional(),
    interviewerIds: z
      .array(ZMemberId)
      .min(1, { error: 'Choose at least one interviewer for each session.' })
      .max(MAX_INTERVIEWERS),
  })
  .refine((session) => Date.parse(session.endsAt) > Date.parse(session.startsAt), {
    error: 'Each session must end after it starts.',
    path: ['endsAt'],
  });
export type TVisitSessionInput = z.infer<typeof ZVisitSessionInput>;

/** The index of the first session that overlaps an earlier one (the physician attends them all), or -1. */
export function overlappingSessionIndex(sessions: { startsAt: string; endsAt: string }[]): number {
  const order = sessions
    .map((session, index) => ({
      index,
      start: Date.parse(session.startsAt),
      end: Date.parse(session.endsAt),
    }))
    .sort((left, right) => left.start - right.start);
  for (let position = 1; position < order.length; position += 1) {
    const previous = order[position - 1];
    const current = order[position];
    if (previous && current && current.start < previous.end) return Math.max(current.index, previous.index);
  }
  return -1;
}

const ZVisitSessions = z
  .array(ZVisitSessionInput)
  .min(MIN_VISIT_SESSIONS, { error: `A site visit has at least ${MIN_VISIT_SESSIONS} sessions.` })
  .max(MAX_VISIT_SESSIONS, { error: `A site visit has at most ${MAX_VISIT_SESSIONS} sessions.` })
  .superRefine((sessions, context) => {
    const index = overlappingSessionIndex(sessions);
    if (index >= 0) {
      context.addIssue({
        code: 'custom',
        message: INTERVIEW_MESSAGES.visitSessionsOverlap,
        path: [index, 'startsAt'],
      });
    }
    const ids = sessions.flatMap((session) => (session._id ? [session._id] : []));
    if (new Set(ids).size !== ids.length) {
      context.addIssue({ code: 'custom', message: 'Name each existing session only once.', path: [] });
    }
  });

/**
 * How the time is chosen: fixed by the recruiter (`startsAt`), offered as 3–10 given slots
 * (`proposedSlots`), or offered from the interviewers' common free time (`proposeFrom`: the
 * server computes up to `slotCount` slots in the period from their availability and interviews),
 * or, for an on-site visit, its itinerary (`visit`: 2–12 sessions at fixed times, no proposals;
 * the visit's time runs from the first session's start to the last one's end).
 */
export const ZInterviewTiming = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('fixed'), startsAt: ZInstant }),
  z.object({
    mode: z.literal('proposed'),
    proposedSlots: z
      .array(ZInstant)
      .min(MIN_PROPOSED_SLOTS, { error: `Propose at least ${MIN_PROPOSED_SLOTS} times.` })
      .max(MAX_PROPOSED_SLOTS, { error: `Propose at most ${MAX_PROPOSED_SLOTS} times.` }),
  }),
  z.object({
    mode: z.literal('common-free-time'),
    from: ZInstant,
    to: ZInstant,
    slotCount: z.number().int().min(MIN_PROPOSED_SLOTS).max(MAX_PROPOSED_SLOTS).default(5),
  }),
  z.object({ mode: z.literal('visit'), sessions: ZVisitSessions }),
]);
export type TInterviewTiming = z.infer<typeof ZInterviewTiming>;

/**
 * `POST /api/employer/interview/schedule-interview/{applicationId}`. For a site visit (timing
 * `visit`, type on-site) the interviewers are those named here and in its sessions, and the
 * duration is the sessions' minutes added up (the given one is not used).
 */
export const ZScheduleInterviewBody = z
  .object({
    type: ZInterviewType,
    durationMinutes: ZDurationMinutes,
    interviewerIds: z
      .array(z.string().min(1).max(100))
      .min(1, { error: 'Choose at least one interviewer.' })
      .max(MAX_INTERVIEWERS),
    timeZone: ZTimeZone,
    timing: ZInterviewTiming,
    meetingUrl: z
      .url({ protocol: /^https?$/, error: 'Give the meeting link as an https:// address.' })
      .max(500)
      .optional(),
    location: z.string().trim().max(500).optional(),
    notes: z.string().trim().max(5000).optional(),
    travelNotes: z.string().trim().max(5000).optional(),
  })
  .refine((body) => body.timing.mode !== 'visit' || body.type === 'onsite', {
    error: INTERVIEW_MESSAGES.visitOnlyOnSite,
    path: ['type'],
  });
export type TScheduleInterviewBody = z.infer<typeof ZScheduleInterviewBody>;
export type TScheduleInterviewBodyInput = z.input<typeof ZScheduleInterviewBody>;

/** `PATCH /api/employer/interview/reschedule-interview/{interviewId}`: a new time (or new proposals). */
export const ZRescheduleInterviewBody = z.object({
  timing: ZInterviewTiming,
  timeZone: ZTimeZone.optional(),
  /** A site visit's travel notes, replaced when given (an empty string clears them). */
  travelNotes: z.string().trim().max(5000).optional(),
});
export type TRescheduleInterviewBody = z.infer<typeof ZRescheduleInterviewBody>;

/** `PATCH /api/employer/interview/cancel-interview/{interviewId}` */
export const ZCancelInterviewBody = z.object({
  reason: z.string().trim().min(1, { error: 'Give a reason for cancelling.' }).max(1000),
});

/** `PATCH /api/employer/interview/record-outcome/{interviewId}` */
export const ZRecordOutcomeBody = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('completed') }),
  z.object({ outcome: z.literal('no_show'), noShowParty: ZNoShowParty }),
]);
export type TRecordOutcomeBody = z.infer<typeof ZRecordOutcomeBody>;

/** `GET /api/employer/interview/get-interviews`: the team calendar's period and member. */
export const ZListInterviewsQuery = z
  .object({
    from: ZInstant,
    to: ZInstant,
    memberId: z.string().min(1).max(100).optional(),
    applicationId: z.string().min(1).max(100).optional(),
  })
  .refine((query) => Date.parse(query.to) > Date.parse(query.from), {
    error: 'The period must end after it starts.',
    path: ['to'],
  })
  .refine((query) => Date.parse(query.to) - Date.parse(query.from) <= 92 * 24 * 3600 * 1000, {
    error: 'Ask for at most 92 days at a time.',
    path: ['to'],
  });
export type TListInterviewsQuery = z.infer<typeof ZListInterviewsQuery>;

export const ZInterviewIdParams = z.object({ interviewId: z.string().min(1).max(100) });
export const ZInterviewTokenParams = z.object({ token: z.string().min(1).max(300) });

export const ZInterviewSlot = z.object({ _id: z.string(), startsAt: z.string(), endsAt: z.string() });
export type TInterviewSlot = z.infer<typeof ZInterviewSlot>;

export const ZInterviewParticipant = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(INTERVIEW_PARTICIPANT_ROLES),
});

/** A session of an on-site visit as the team sees it (UTC times; the visit's `timeZone` applies). */
export const ZInterviewSession = z.object({
  _id: z.string(),
  position: z.number(),
  title: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  location: z.string().nullable(),
  interviewers: z.array(ZInterviewParticipant),
});
export type TInterviewSession = z.infer<typeof ZInterviewSession>;

/** An interview as the team sees it. Times are UTC ISO strings; `timeZone` is the zone it was set in. */
export const ZInterview = z.object({
  _id: z.string(),
  applicationId: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  physicianId: z.string(),
  physicianName: z.string(),
  type: ZInterviewType,
  status: ZInterviewStatus,
  durationMinutes: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
  meetingUrl: z.string().nullable(),
  location: z.string().nullable(),
  notes: z.string().nullable(),
  travelNotes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  physicianMessage: z.string().nullable(),
  noShowParty: ZNoShowParty.nullable(),
  sequence: z.number(),
  proposedSlots: z.array(ZInterviewSlot),
  interviewers: z.array(ZInterviewParticipant),
  /** The itinerary of an on-site visit in time order; empty for any other interview. */
  sessions: z.array(ZInterviewSession),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TInterview = z.infer<typeof ZInterview>;

export const ZInterviewList = z.object({ interviews: z.array(ZInterview) });
export type TInterviewList = z.infer<typeof ZInterviewList>;

/** An interview as the physician sees it: no internal notes, the organisation named. */
export const ZPhysicianInterview = z.object({
  _id: z.string(),
  organizationName: z.string(),
  jobTitle: z.string(),
  type: ZInterviewType,
  status: ZInterviewStatus,
  durationMinutes: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
  meetingUrl: z.string().nullable(),
  location: z.string().nullable(),
  travelNotes: z.string().nullable(),
  cancelReason: z.string().nullable(),
  proposedSlots: z.array(ZInterviewSlot),
  interviewers: z.array(z.object({ name: z.string() })),
  /** The itinerary of an on-site visit in time order; empty for any other interview. */
  sessions: z.array(
    z.object({
      _id: z.string(),
      title: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
      location: z.string().nullable(),
      interviewers: z.array(z.object({ name: z.string() })),
    }),
  ),
});
export type TPhysicianInterview = z.infer<typeof ZPhysicianInterview>;

export const ZPhysicianInterviewList = z.object({ interviews: z.array(ZPhysicianInterview) });

/** `POST /api/employee/interview/pick-slot/{interviewId}` (and through the e-mailed link). */
export const ZPickSlotBody = z.object({ slotId: z.string().min(1).max(100) });
export type TPickSlotBody = z.infer<typeof ZPickSlotBody>;

/** Asking for other times, or declining: a message for the team (required to ask, optional to decline). */
export const ZRequestOtherTimesBody = z.object({
  message: z.string().trim().min(1, { error: 'Say which times would suit you.' }).max(2000),
});
export const ZDeclineInterviewBody = z.object({ message: z.string().trim().max(2000).optional() });

/** A member's personal calendar feed: the same secret URL over https and webcal. */
export const ZCalendarFeedLink = z.object({
  httpsUrl: z.string(),
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type TCalendarFeedLink = z.infer<typeof ZCalendarFeedLink>;
/** `GET /api/calendar/{token}.ics`: the token with its `.ics` suffix. */
export const ZCalendarFeedParams = z.object({ feed: z.string().min(1).max(200) });

/** The overall recommendation of a scorecard. */
export const SCORECARD_RECOMMENDATIONS = ['strong_no', 'no', 'yes', 'strong_yes'] as const;
export const ZScorecardRecommendation = z.enum(SCORECARD_RECOMMENDATIONS, {
  error: 'Choose strong no, no, yes or strong yes.',
});
export type TScorecardRecommendation = z.infer<typeof ZScorecardRecommendation>;

/** The criteria a job's scorecards rate when it has none of its own. */
export const DEFAULT_SCORECARD_CRITERIA = [
  'Clinical knowledge',
  'Communication',
  'Professionalism',
  'Team fit',
] as const;
export const MAX_SCORECARD_CRITERIA = 12;

export const SCORECARD_MESSAGES = {
  jobNotFound: 'We could not find that job.',
  notInterviewer: 'Only an interviewer on this interview can submit a scorecard for it.',
  alreadySubmitted: 'You already submitted your scorecard for this interview.',
  notHeld: 'A scorecard is for an interview with a time (scheduled or held), not one offered or called off.',
  criteriaMismatch: "Rate each of the job's scorecard criteria once, and nothing else.",
  duplicateCriteria: 'Name each criterion only once.',
} as const;

export const ZScorecardCriteria = z.object({
  jobId: z.string(),
  criteria: z.array(z.string()),
  /** True while the job uses the default criteria (it never saved its own). */
  isDefault: z.boolean(),
});
export type TScorecardCriteria = z.infer<typeof ZScorecardCriteria>;

export const ZUpdateScorecardCriteriaBody = z.object({
  criteria: z
    .array(z.string().trim().min(1, { error: 'Name each criterion.' }).max(80))
    .min(1, { error: 'Keep at least one criterion.' })
    .max(MAX_SCORECARD_CRITERIA, { error: `At most ${MAX_SCORECARD_CRITERIA} criteria.` }),
});
export type TUpdateScorecardCriteriaBody = z.infer<typeof ZUpdateScorecardCriteriaBody>;

export const ZScorecardRating = z.object({
  criterion: z.string().trim().min(1).max(80),
  rating: z.number().int().min(1, { error: 'Rate from 1 to 5.' }).max(5, { error: 'Rate from 1 to 5.' }),
});

export const ZSubmitScorecardBody = z.object({
  ratings: z.array(ZScorecardRating).min(1).max(MAX_SCORECARD_CRITERIA),
  recommendation: ZScorecardRecommendation,
  notes: z.string().trim().max(5000).optional(),
});
export type TSubmitScorecardBody = z.infer<typeof ZSubmitScorecardBody>;

export const ZScorecard = z.object({
  _id: z.string(),
  interviewId: z.string(),
  interviewerUserId: z.string(),
  interviewerName: z.string(),
  ratings: z.array(z.object({ criterion: z.string(), rating: z.number() })),
  recommendation: ZScorecardRecommendation,
  notes: z.string().nullable(),
  submittedAt: z.string(),
});
export type TScorecard = z.infer<typeof ZScorecard>;

/**
 * The scorecards of an interview as the caller may see them. An interviewer who has not submitted
 * theirs sees none of the others' (`hiddenCount` says how many are waiting); everyone else allowed
 * sees them all.
 */
export const ZInterviewScorecards = z.object({
  interviewId: z.string(),
  criteria: z.array(z.string()),
  scorecards: z.array(ZScorecard),
  hiddenCount: z.number(),
  /** The caller is an interviewer on this interview and can (still) submit a scorecard. */
  canSubmit: z.boolean(),
  mine: ZScorecard.nullable(),
});
export type TInterviewScorecards = z.infer<typeof ZInterviewScorecards>;
