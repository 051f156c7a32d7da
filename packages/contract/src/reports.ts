import { z } from 'zod';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 24 * 3600_000;

/** The longest period one report covers: two years, so every query stays on its indexes' ranges. */
export const REPORT_MAX_DAYS = 731;
/** The period a report covers when no dates are given: the last 90 days, today included. */
export const REPORT_DEFAULT_DAYS = 90;

export const REPORT_MESSAGES = {
  forbidden: 'Only the owner, admins and recruiters can see hiring reports.',
  jobNotFound: 'We could not find that job.',
  memberNotFound: 'We could not find that team member.',
} as const;

function isRealDay(value: string): boolean {
  return BARE_DATE.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

const ZDay = (name: string) =>
  z.string().refine(isRealDay, `${name} must be a date written YYYY-MM-DD.`).optional();

/**
 * The filters every report takes: `from` and `to` are whole days (UTC), both included; `jobId`
 * narrows to one job, `memberId` to the jobs a member owns (is assigned).
 */
export const ZReportFilters = z
  .object({
    from: ZDay('from'),
    to: ZDay('to'),
    jobId: z.string().regex(UUID_PATTERN, 'jobId must be the id of one of your jobs.').optional(),
    memberId: z.string().regex(UUID_PATTERN, 'memberId must be the id of a team member.').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'from must not be after to.',
    path: ['from'],
  })
  .refine(
    (query) =>
      !query.from || !query.to || (Date.parse(query.to) - Date.parse(query.from)) / DAY_MS < REPORT_MAX_DAYS,
    { message: `A report covers at most ${REPORT_MAX_DAYS} days.`, path: ['to'] },
  );
export type TReportFilters = z.infer<typeof ZReportFilters>;

export const REPORT_SECTIONS = [
  'funnel',
  'time-in-stage',
  'time-to-fill',
  'sources',
  'responses',
  'invites',
  'activity',
] as const;
export const ZReportSection = z.enum(REPORT_SECTIONS, {
  error: 'section must be one of the report sections.',
});
export type TReportSection = z.infer<typeof ZReportSection>;

export const REPORT_SECTION_TITLES: Record<TReportSection, string> = {
  funnel: 'Hiring funnel',
  'time-in-stage': 'Time in each stage',
  'time-to-fill': 'Time to fill',
  sources: 'Where candidates come from',
  responses: 'Replies to physicians',
  invites: 'Invites',
  activity: 'Activity per member',
};

/** `GET /api/employer/report/download-csv?section&from&to&jobId&memberId`. */
export const ZReportCsvQuery = z.intersection(ZReportFilters, z.object({ section: ZReportSection }));
export type TReportCsvQuery = z.infer<typeof ZReportCsvQuery>;

/** The funnel's steps, in hiring order: entered (applied or accepted an invite), then the stages reached. */
export const FUNNEL_STEPS = ['Entered', 'Shortlisted', 'Interview', 'Offer', 'Hired'] as const;
export type TFunnelStepName = (typeof FUNNEL_STEPS)[number];

export const ZFunnelStep = z.object({
  step: z.enum(FUNNEL_STEPS),
  /** Applications of the period that reached this step (or went further). */
  count: z.number().int(),
  /** count / the previous step's count, 0..1; null for the first step or when the previous is 0. */
  conversionRate: z.number().nullable(),
});
export type TFunnelStep = z.infer<typeof ZFunnelStep>;

export const ZStageDuration = z.object({
  stage: z.enum(['Submitted', 'Shortlisted', 'Interview', 'Offer']),
  /** Stays in the stage that ended (the application moved on) during the period. */
  stays: z.number().int(),
  medianHours: z.number().nullable(),
  p90Hours: z.number().nullable(),
});
export type TStageDuration = z.infer<typeof ZStageDuration>;

/**
 * Where the period's candidates came from: they applied, or accepted an invite sent from a job's
 * recommended list, from explore, or from elsewhere / before the origin was recorded (invited).
 */
export const REPORT_SOURCES = ['applied', 'recommended', 'explore', 'invited'] as const;
export type TReportSource = (typeof REPORT_SOURCES)[number];

/** How reports (screen, CSV, PDF, weekly summary) name each source. */
export const REPORT_SOURCE_LABELS: Record<TReportSource, string> = {
  applied: 'Applied',
  recommended: 'Invited from recommended',
  explore: 'Invited from explore',
  invited: 'Invited (elsewhere)',
};

export const ZReport = z.object({
  /** The filters the figures were computed with, dates filled in. */
  filters: z.object({
    from: z.string(),
    to: z.string(),
    jobId: z.string().nullable(),
    memberId: z.string().nullable(),
  }),
  /** The jobs and members the filters can choose from (a recruiter: their own jobs). */
  options: z.object({
    jobs: z.array(z.object({ _id: z.string(), title: z.string() })),
    members: z.array(z.object({ _id: z.string(), name: z.string() })),
  }),
  funnel: z.object({
    overall: z.array(ZFunnelStep),
    byJob: z.array(z.object({ jobId: z.string(), title: z.string(), steps: z.array(ZFunnelStep) })),
  }),
  timeInStage: z.array(ZStageDuration),
  timeToFill: z.object({
    /** Jobs whose first hire happened in the period: days from the job's creation to that hire. */
    jobs: z.array(z.object({ jobId: z.string(), title: z.string(), filledAt: z.string(), days: z.number() })),
    medianDays: z.number().nullable(),
  }),
  sources: z.array(z.object({ source: z.enum(REPORT_SOURCES), count: z.number().int() })),
  responses: z.object({
    /** Physician messages sent in the period. */
    physicianMessages: z.number().int(),
    /** Of those, the ones an employer answered before the period's end. */
    replied: z.number().int(),
    /** replied / physicianMessages, 0..1; null without messages. */
    responseRate: z.number().nullable(),
    medianReplyMinutes: z.number().nullable(),
    /** The member who wrote each first reply. */
    byMember: z.array(
      z.object({
        memberId: z.string(),
        name: z.string(),
        replies: z.number().int(),
        medianReplyMinutes: z.number().nullable(),
      }),
    ),
  }),
  invites: z.object({
    sent: z.number().int(),
    accepted: z.number().int(),
    declined: z.number().int(),
    pending: z.number().int(),
    cancelled: z.number().int(),
    /** accepted / (accepted + declined), 0..1; null before any answer. */
    acceptanceRate: z.number().nullable(),
  }),
  activity: z.array(
    z.object({
      memberId: z.string(),
      name: z.string(),
      pipelineMoves: z.number().int(),
      invitesSent: z.number().int(),
      messagesSent: z.number().int(),
      /** Every entry of the activity log by the member in the period (jobs, team, settings…). */
      actions: z.number().int(),
    }),
  ),
});
export type TReport = z.infer<typeof ZReport>;
