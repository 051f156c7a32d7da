import { z } from 'zod';
import { ZCoordinates } from './account.ts';
import { formatWholeUsd } from './en-us-format.ts';
import { ZEnumId, ZQueryText } from './enums.ts';
import { ZPageQuery } from './envelope.ts';
import { ZAssigneeFilter, ZMemberRef } from './team.ts';

/**
 * Job postings (spec §3 "Job"). Optional fields are optional because the client drops empty
 * values before sending (spec §5); a field that is present must be valid. The schemas check
 * shapes and the rules that need no stored data; whether an id exists in the reference data
 * (specialty, sub-specialty, employment type, reason, benefit titles) is checked by the server.
 */

export const JOB_LIMITS = {
  titleMax: 200,
  textMax: 200,
  additionalContextMax: 5000,
  /** The posting's Markdown description. */
  descriptionMax: 10_000,
  subSpecialtiesMax: 50,
  supportBenefitPerksMax: 60,
  locationsMax: 50,
  /** USD; generous upper bound that still catches a mistyped extra zero on a salary. */
  moneyMax: 10_000_000,
  vacationWeeksMax: 52,
  halfDaysMax: 10,
} as const;

export const JOB_STATUSES = ['draft', 'open', 'closed'] as const;
export const ZJobStatus = z.enum(JOB_STATUSES, { error: 'Choose draft, open or closed.' });
export type TJobStatus = z.infer<typeof ZJobStatus>;

/** A new job is saved as a draft or published at once (open, the default). */
export const CREATE_JOB_STATUSES = ['draft', 'open'] as const;
export const ZCreateJobStatus = z.enum(CREATE_JOB_STATUSES, { error: 'A new job is either draft or open.' });

/** The answer of the yes/no questions of a job (the spec's partnership.value is 'Yes'). */
export const YES_NO = ['Yes', 'No'] as const;
export const ZYesNo = z.enum(YES_NO, { error: 'Answer Yes or No.' });
export type TYesNo = z.infer<typeof ZYesNo>;

/**
 * When partnership is offered, `partnership.types` holds exactly these two answers, in this
 * order (spec §3: "the two partnership answers only when value is Yes").
 */
export const PARTNERSHIP_QUESTIONS = [
  'How long is the track to partnership?',
  'What is the partnership buy-in?',
] as const;

export const JOB_MESSAGES = {
  titleRequired: 'Enter the job title.',
  specialtyRequired: 'Choose a specialty.',
  employmentTypeRequired: 'Choose an employment type.',
  locationRequired: 'Add at least one location.',
  salaryOrder: 'The minimum salary cannot be more than the maximum.',
  payTypeUnknown: 'Choose how the pay is counted: per year, hour, shift, day or wRVU.',
  halfDaysTotal: 'Half-days per week add up to more than 10.',
  partnershipAnswersRequired: 'Answer both partnership questions: the track to partnership and the buy-in.',
  partnershipAnswersOnlyWithYes: 'Partnership answers are only given when partnership is offered.',
  subSpecialtyOutsideSpecialty: 'That sub-specialty is not part of the chosen specialty.',
  unknownSpecialty: 'That specialty does not exist.',
  unknownEmploymentType: 'That employment type does not exist.',
  unknownReason: 'That reason for the opportunity does not exist.',
  unknownBenefit: 'That benefit or bonus is not one of the listed ones.',
  unknownState: 'That is not a US state or territory.',
  notFound: 'We could not find that job.',
} as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

const text = (label: string, max: number = JOB_LIMITS.textMax) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(max, `Use at most ${max} characters for the ${label}.`);

/** A whole number of US dollars. */
export const ZUsdAmount = z
  .number({ error: 'Enter an amount in US dollars.' })
  .int('Give the amount in whole US dollars.')
  .min(0, 'An amount cannot be negative.')
  .max(JOB_LIMITS.moneyMax, 'That amount is too large.');

/**
 * How the pay of a posting is counted. Locum tenens work is paid per hour, per shift or per day
 * (per diem); production models pay a rate per work RVU (wRVU). Jobs saved before pay types
 * existed, and clients that send none, are annual.
 */
export const PAY_TYPES = ['annual', 'hourly', 'perShift', 'perDiem', 'perRvu'] as const;
export const ZPayType = z.enum(PAY_TYPES, { error: JOB_MESSAGES.payTypeUnknown });
export type TPayType = z.infer<typeof ZPayType>;
export const DEFAULT_PAY_TYPE: TPayType = 'annual';

/**
 * Each pay type's name and unit, and the highest believable amount for it: a ceiling that
 * catches an annual salary typed into an hourly rate ("$250,000 / hour").
 */
export const PAY_TYPE_DETAILS: Record<TPayType, { label: string; unit: string; max: number }> = {
  annual: { label: 'Annual salary', unit: 'year', max: JOB_LIMITS.moneyMax },
  hourly: { label: 'Hourly rate', unit: 'hour', max: 2_000 },
  perShift: { label: 'Per shift', unit: 'shift', max: 25_000 },
  perDiem: { label: 'Per diem (per day)', unit: 'day', max: 25_000 },
  perRvu: { label: 'Per wRVU (production)', unit: 'wRVU', max: 1_000 },
};

/** Pay in US dollars per the range's `payType` (annual when not given). */
export const ZSalaryRange = z
  .object(
    {
      min: ZUsdAmount,
      max: ZUsdAmount,
      payType: ZPayType.default(DEFAULT_PAY_TYPE),
    },
    { error: 'Enter the salary range.' },
  )
  .superRefine((range, context) => {
    if (range.min > range.max) {
      context.addIssue({ code: 'custom', path: [], message: JOB_MESSAGES.salaryOrder });
    }
    const { max, unit } = PAY_TYPE_DETAILS[range.payType];
    if (range.max > max) {
      context.addIssue({
        code: 'custom',
        path: ['max'],
        message: `That is more than ${formatWholeUsd(max)} per ${unit}: check the amount or the pay type.`,
      });
    }
  });
export type TSalaryRange = z.infer<typeof ZSalaryRange>;

const halfDays = z
  .number({ error: 'Enter the number of half-days.' })
  .int('Give half-days as a whole number.')
  .min(0, 'Half-days cannot be negative.')
  .max(JOB_LIMITS.halfDaysMax, `Half-days must be at most ${JOB_LIMITS.halfDaysMax}.`);

/** How a week's ten half-day sessions split between kinds of work; missing kinds count as 0. */
export const ZHalfDaysPerWeek = z
  .object({
    outpatient: halfDays.optional(),
    inpatient: halfDays.optional(),
    procedural: halfDays.optional(),
    administrative: halfDays.optional(),
    other: halfDays.optional(),
  })
  .refine(
    (week) =>
      (week.outpatient ?? 0) +
        (week.inpatient ?? 0) +
        (week.procedural ?? 0) +
        (week.administrative ?? 0) +
        (week.other ?? 0) <=
      JOB_LIMITS.halfDaysMax,
    { message: JOB_MESSAGES.halfDaysTotal },
  );
export type THalfDaysPerWeek = z.infer<typeof ZHalfDaysPerWeek>;

/**
 * `types` answers PARTNERSHIP_QUESTIONS in order (e.g. ['2 years', '$150,000']) when `value` is
 * 'Yes'; when 'No' it is empty or absent.
 */
export const ZPartnership = z
  .object({
    value: ZYesNo,
    types: z.array(text('partnership answer')).max(2, JOB_MESSAGES.partnershipAnswersRequired).optional(),
  })
  .superRefine((partnership, context) => {
    const answers = partnership.types ?? [];
    if (partnership.value === 'Yes' && answers.length !== PARTNERSHIP_QUESTIONS.length) {
      context.addIssue({ code: 'custom', path: ['types'], message: JOB_MESSAGES.partnershipAnswersRequired });
    }
    if (partnership.value === 'No' && answers.length > 0) {
      context.addIssue({
        code: 'custom',
        path: ['types'],
        message: JOB_MESSAGES.partnershipAnswersOnlyWithYes,
      });
    }
  });
export type TPartnership = z.infer<typeof ZPartnership>;

/**
 * Where the physician works, as `generate-location` / `search-location` answer it: a city
 * ('Austin, TX') or a whole state ('Texas'). `state` is the USPS code.
 */
export const ZJobLocation = z.object({
  city: z.string().trim().min(1, 'Enter the city.').max(100, 'The city name is too long.').optional(),
  state: z
    .string({ error: 'Choose the state.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Give the state as its two-letter code, e.g. TX.'),
  description: z.string({ error: 'Choose a place.' }).trim().min(1, 'Choose a place.').max(300),
  coords: ZCoordinates,
});
export type TJobLocation = z.infer<typeof ZJobLocation>;

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

/** Every field of a job the employer edits (spec §3), as create-job and update-job send them. */
export const ZJobFields = z.object({
  title: text('job title', JOB_LIMITS.titleMax),
  /** Id from `specialties`. */
  specialty: z
    .string({ error: JOB_MESSAGES.specialtyRequired })
    .trim()
    .min(1, JOB_MESSAGES.specialtyRequired)
    .pipe(ZEnumId),
  /** Ids from `subSpecialties`, each belonging to `specialty`. */
  subSpecialty: z
    .array(ZEnumId)
    .max(JOB_LIMITS.subSpecialtiesMax, `Choose at most ${JOB_LIMITS.subSpecialtiesMax} sub-specialties.`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each sub-specialty can be chosen once.')
    .optional(),
  /** Id from `employmentType`. */
  employmentType: z
    .string({ error: JOB_MESSAGES.employmentTypeRequired })
    .trim()
    .min(1, JOB_MESSAGES.employmentTypeRequired)
    .pipe(ZEnumId),
  /** Id from `reasonForJobOpportunity`. */
  reasonForJobOpp: ZEnumId.optional(),
  /**
   * What the physician would do, in Markdown (headings, lists, bold, links). Raw HTML is shown
   * as text and only http(s) and mailto links become links.
   */
  description: text('description', JOB_LIMITS.descriptionMax).optional(),
  salaryRange: ZSalaryRange.optional(),
  /** One-time sign-on bonus, USD. */
  signOnBonus: ZUsdAmount.optional(),
  /** Productivity (e.g. wRVU) bonus potential, USD per year. */
  productiveBonus: ZUsdAmount.optional(),
  /** Stipend paid during residency or fellowship training before the start, USD per year. */
  stipendTraining: ZUsdAmount.optional(),
  /** Student-loan repayment assistance, USD in total. */
  loanRepaymentAssistance: ZUsdAmount.optional(),
  /** Paid vacation, weeks per year. */
  vacation: z
    .number({ error: 'Enter the weeks of vacation.' })
    .int('Give vacation in whole weeks.')
    .min(0, 'Vacation cannot be negative.')
    .max(JOB_LIMITS.vacationWeeksMax, `Vacation must be at most ${JOB_LIMITS.vacationWeeksMax} weeks.`)
    .optional(),
  /** Free text, e.g. '1:6 weekends, home call'. */
  callSchedule: text('call schedule').optional(),
  requiredTravel: ZYesNo.optional(),
  additionalContext: text('additional context', JOB_LIMITS.additionalContextMax).optional(),
  halfDaysPerWeek: ZHalfDaysPerWeek.optional(),
  advancedTech: ZYesNo.optional(),
  /** The electronic medical record system in use, e.g. 'Epic'. */
  electronicMedRecord: text('electronic medical record system').optional(),
  scribeSupport: ZYesNo.optional(),
  /** Titles from the `fringeBenefits` and `bonus` lists. */
  supportBenefitPerk: z
    .array(text('benefit'))
    .max(JOB_LIMITS.supportBenefitPerksMax, 'Too many benefits.')
    .refine((titles) => new Set(titles).size === titles.length, 'Each benefit can be listed once.')
    .optional(),
  partnership: ZPartnership.optional(),
  academicResearchOpportunity: ZYesNo.optional(),
  mentorship: ZYesNo.optional(),
  speakerShip: ZYesNo.optional(),
  globalMissions: ZYesNo.optional(),
  locations: z
    .array(ZJobLocation, { error: JOB_MESSAGES.locationRequired })
    .min(1, JOB_MESSAGES.locationRequired)
    .max(JOB_LIMITS.locationsMax, `Add at most ${JOB_LIMITS.locationsMax} locations.`),
});
export type TJobFields = z.infer<typeof ZJobFields>;
export type TJobFieldsInput = z.input<typeof ZJobFields>;

/** `POST /api/employer/auth/v1/create-job-v1/{id}` ({id} = the caller's user id). */
export const ZCreateJobBody = ZJobFields.extend({ status: ZCreateJobStatus.default('open') });
export type TCreateJobBody = z.infer<typeof ZCreateJobBody>;
export type TCreateJobBodyInput = z.input<typeof ZCreateJobBody>;

/** `PATCH /api/employer/job/update-job/{jobId}`: replaces every editable field; status is kept. */
export const ZUpdateJobBody = ZJobFields;
export type TUpdateJobBody = z.infer<typeof ZUpdateJobBody>;

/** `PATCH /api/employer/job/update-job-status/{jobId}` */
export const ZUpdateJobStatusBody = z.object({ status: ZJobStatus });
export type TUpdateJobStatusBody = z.infer<typeof ZUpdateJobStatusBody>;

export const ZJobIdParams = z.object({ jobId: z.string().min(1).max(100) });
export type TJobIdParams = z.infer<typeof ZJobIdParams>;

export const ZJobsUserIdParams = z.object({ userId: z.string().min(1).max(100) });
export type TJobsUserIdParams = z.infer<typeof ZJobsUserIdParams>;

/**
 * `GET /api/employer/job/get-all-jobs/{userId}?pageSize&pageNumber&queryText&status&specialty`:
 * newest first; queryText matches anywhere in the title, ignoring case.
 */
export const ZGetAllJobsQuery = ZPageQuery.extend({
  queryText: ZQueryText,
  status: ZJobStatus.optional(),
  /** Specialty id. */
  specialty: ZEnumId.optional(),
  /** A member's id, or `me`: only the jobs assigned to them. */
  assigneeId: ZAssigneeFilter,
});
export type TGetAllJobsQuery = z.infer<typeof ZGetAllJobsQuery>;
export type TGetAllJobsQueryInput = z.input<typeof ZGetAllJobsQuery>;

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

/**
 * A stored job: the fields as sent (absent when not given; the two lists are always present,
 * empty when none), plus what the server keeps.
 */
/** How many of a job's invites wait for an answer, were accepted, were declined. */
export const ZJobInviteCounts = z.object({
  pending: z.number().int(),
  accepted: z.number().int(),
  declined: z.number().int(),
});
export type TJobInviteCounts = z.infer<typeof ZJobInviteCounts>;

export const ZJob = ZJobFields.extend({
  subSpecialty: z.array(z.string()),
  supportBenefitPerk: z.array(z.string()),
  _id: z.string(),
  status: ZJobStatus,
  /** Candidates who applied to this job. */
  applicantCount: z.number().int(),
  /** Matches (invites) between this job and candidates, in any state. */
  matchCount: z.number().int(),
  /** The job's invites by answer: waiting, accepted, declined (cancelled ones are left out). */
  inviteCounts: ZJobInviteCounts,
  /** The member who owns the job; null when nobody in particular. */
  assignee: ZMemberRef.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TJob = z.infer<typeof ZJob>;

export const ZJobList = z.object({
  jobs: z.array(ZJob),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TJobList = z.infer<typeof ZJobList>;

/** `DELETE /api/employer/job/delete-job/{jobId}`: a job with applicants is closed and kept instead. */
export const ZDeleteJobData = z.object({ deleted: z.boolean(), closed: z.boolean() });
export type TDeleteJobData = z.infer<typeof ZDeleteJobData>;
