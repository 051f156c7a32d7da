import {
  DEFAULT_PAY_TYPE,
  type TJob,
  type TJobFieldsInput,
  type TJobLocation,
  type TPayType,
  type TYesNo,
} from '@medhire/contract/jobs';

type YesNoAnswer = '' | TYesNo;

/**
 * The job form as the person fills it: amounts and counts are text (so "$150,000" can be typed
 * and a cleared box is simply blank), unanswered yes/no questions are ''.
 */
export interface JobFormValues {
  title: string;
  specialty: string;
  subSpecialty: string[];
  employmentType: string;
  reasonForJobOpp: string;
  /** Markdown. */
  description: string;
  salaryRange: { min: string; max: string; payType: TPayType };
  signOnBonus: string;
  productiveBonus: string;
  stipendTraining: string;
  loanRepaymentAssistance: string;
  vacation: string;
  callSchedule: string;
  requiredTravel: YesNoAnswer;
  halfDaysPerWeek: Record<HalfDayKind, string>;
  advancedTech: YesNoAnswer;
  electronicMedRecord: string;
  scribeSupport: YesNoAnswer;
  supportBenefitPerk: string[];
  partnership: { value: YesNoAnswer; types: [string, string] };
  academicResearchOpportunity: YesNoAnswer;
  mentorship: YesNoAnswer;
  speakerShip: YesNoAnswer;
  globalMissions: YesNoAnswer;
  locations: TJobLocation[];
  additionalContext: string;
}

export const HALF_DAY_KINDS = ['outpatient', 'inpatient', 'procedural', 'administrative', 'other'] as const;
export type HalfDayKind = (typeof HALF_DAY_KINDS)[number];

export const HALF_DAY_LABELS: Record<HalfDayKind, string> = {
  outpatient: 'Outpatient',
  inpatient: 'Inpatient',
  procedural: 'Procedural',
  administrative: 'Administrative',
  other: 'Other',
};

export type JobFieldName = keyof JobFormValues;

export interface JobFormStep {
  id: 'role' | 'compensation' | 'schedule' | 'support' | 'growth' | 'locations' | 'review';
  title: string;
  description: string;
  fields: readonly JobFieldName[];
}

export const JOB_FORM_STEPS: readonly JobFormStep[] = [
  {
    id: 'role',
    title: 'The role',
    description: 'What the physician would do and why the position is open.',
    fields: ['title', 'specialty', 'subSpecialty', 'employmentType', 'reasonForJobOpp', 'description'],
  },
  {
    id: 'compensation',
    title: 'Compensation',
    description: 'Pay and bonuses, in US dollars. Leave out anything you do not offer.',
    fields: [
      'salaryRange',
      'signOnBonus',
      'productiveBonus',
      'stipendTraining',
      'loanRepaymentAssistance',
      'vacation',
    ],
  },
  {
    id: 'schedule',
    title: 'Schedule',
    description: 'How a typical week splits into half-day sessions, call and travel.',
    fields: ['callSchedule', 'requiredTravel', 'halfDaysPerWeek'],
  },
  {
    id: 'support',
    title: 'Support and technology',
    description: 'The help and tools the physician gets, and the benefits and perks on offer.',
    fields: ['advancedTech', 'electronicMedRecord', 'scribeSupport', 'supportBenefitPerk'],
  },
  {
    id: 'growth',
    title: 'Growth',
    description: 'Partnership and the chances to teach, research and serve.',
    fields: ['partnership', 'academicResearchOpportunity', 'mentorship', 'speakerShip', 'globalMissions'],
  },
  {
    id: 'locations',
    title: 'Locations',
    description: 'Every place the physician would practice, and anything else worth knowing.',
    fields: ['locations', 'additionalContext'],
  },
  {
    id: 'review',
    title: 'Review',
    description: 'Check the posting as physicians will read it, then publish it or keep it as a draft.',
    fields: [],
  },
];

export const REVIEW_STEP_INDEX = JOB_FORM_STEPS.length - 1;

export function jobFormStep(index: number): JobFormStep {
  return JOB_FORM_STEPS[Math.min(Math.max(index, 0), REVIEW_STEP_INDEX)] as JobFormStep;
}

/** The step holding a field, given its name or a dotted path such as `salaryRange.min`. */
export function stepOfField(path: PropertyKey | undefined): number {
  const field = String(path ?? '').split('.')[0];
  const index = JOB_FORM_STEPS.findIndex((step) => step.fields.includes(field as JobFieldName));
  return index === -1 ? 0 : index;
}

export function emptyJobFormValues(): JobFormValues {
  return {
    title: '',
    specialty: '',
    subSpecialty: [],
    employmentType: '',
    reasonForJobOpp: '',
    description: '',
    salaryRange: { min: '', max: '', payType: DEFAULT_PAY_TYPE },
    signOnBonus: '',
    productiveBonus: '',
    stipendTraining: '',
    loanRepaymentAssistance: '',
    vacation: '',
    callSchedule: '',
    requiredTravel: '',
    halfDaysPerWeek: { outpatient: '', inpatient: '', procedural: '', administrative: '', other: '' },
    advancedTech: '',
    electronicMedRecord: '',
    scribeSupport: '',
    supportBenefitPerk: [],
    partnership: { value: '', types: ['', ''] },
    academicResearchOpportunity: '',
    mentorship: '',
    speakerShip: '',
    globalMissions: '',
    locations: [],
    additionalContext: '',
  };
}

const asText = (value: number | string | undefined) => (value === undefined ? '' : String(value));

/** A stored job as the form shows it, for editing. */
export function jobFormValuesFromJob(job: TJob): JobFormValues {
  const empty = emptyJobFormValues();
  const halfDays = job.halfDaysPerWeek ?? {};
  return {
    title: job.title,
    specialty: job.specialty,
    subSpecialty: job.subSpecialty ?? [],
    employmentType: job.employmentType,
    reasonForJobOpp: job.reasonForJobOpp ?? '',
    description: job.description ?? '',
    salaryRange: {
      min: asText(job.salaryRange?.min),
      max: asText(job.salaryRange?.max),
      payType: job.salaryRange?.payType ?? DEFAULT_PAY_TYPE,
    },
    signOnBonus: asText(job.signOnBonus),
    productiveBonus: asText(job.productiveBonus),
    stipendTraining: asText(job.stipendTraining),
    loanRepaymentAssistance: asText(job.loanRepaymentAssistance),
    vacation: asText(job.vacation),
    callSchedule: job.callSchedule ?? '',
    requiredTravel: job.requiredTravel ?? '',
    halfDaysPerWeek: {
      outpatient: asText(halfDays.outpatient),
      inpatient: asText(halfDays.inpatient),
      procedural: asText(halfDays.procedural),
      administrative: asText(halfDays.administrative),
      other: asText(halfDays.other),
    },
    advancedTech: job.advancedTech ?? '',
    electronicMedRecord: job.electronicMedRecord ?? '',
    scribeSupport: job.scribeSupport ?? '',
    supportBenefitPerk: job.supportBenefitPerk ?? [],
    partnership: job.partnership
      ? {
          value: job.partnership.value,
          types: [job.partnership.types?.[0] ?? '', job.partnership.types?.[1] ?? ''],
        }
      : empty.partnership,
    academicResearchOpportunity: job.academicResearchOpportunity ?? '',
    mentorship: job.mentorship ?? '',
    speakerShip: job.speakerShip ?? '',
    globalMissions: job.globalMissions ?? '',
    locations: job.locations.map(({ city, state, description, coords }) => ({
      ...(city ? { city } : {}),
      state,
      description,
      coords,
    })),
    additionalContext: job.additionalContext ?? '',
  };
}

/**
 * Typed amounts as numbers: "$150,000" becomes 150000 and a blank box is left out. Text that is
 * not a number is passed on as typed, so the contract reports it instead of it vanishing.
 */
export function parseAmount(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const plain = trimmed.replace(/[$,\s]/g, '');
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : trimmed;
}

export function halfDaysTotal(halfDays: JobFormValues['halfDaysPerWeek']): number {
  return HALF_DAY_KINDS.reduce((sum, kind) => {
    const value = parseAmount(halfDays[kind]);
    return typeof value === 'number' && Number.isFinite(value) ? sum + value : sum;
  }, 0);
}

/**
 * The form as the contract's job fields (before blank values are dropped): a salary range left
 * entirely blank is not given, and the partnership answers go only with a Yes (spec §3).
 */
export function jobFieldsFromForm(values: JobFormValues): TJobFieldsInput {
  const min = parseAmount(values.salaryRange.min);
  const max = parseAmount(values.salaryRange.max);
  const halfDays = Object.fromEntries(
    HALF_DAY_KINDS.map((kind) => [kind, parseAmount(values.halfDaysPerWeek[kind])]),
  );
  const partnership =
    values.partnership.value === ''
      ? undefined
      : values.partnership.value === 'Yes'
        ? { value: 'Yes' as const, types: values.partnership.types.map((answer) => answer.trim()) }
        : { value: 'No' as const };
  // Types are loosened here on purpose: text that is not a number reaches the schema as text, so
  // the schema's own message ("Enter an amount in US dollars.") is what the person sees.
  const hasHalfDays = Object.values(halfDays).some((value) => value !== undefined);
  return {
    ...values,
    subSpecialty: values.subSpecialty.length > 0 ? values.subSpecialty : undefined,
    supportBenefitPerk: values.supportBenefitPerk.length > 0 ? values.supportBenefitPerk : undefined,
    salaryRange:
      min === undefined && max === undefined ? undefined : { min, max, payType: values.salaryRange.payType },
    signOnBonus: parseAmount(values.signOnBonus),
    productiveBonus: parseAmount(values.productiveBonus),
    stipendTraining: parseAmount(values.stipendTraining),
    loanRepaymentAssistance: parseAmount(values.loanRepaymentAssistance),
    vacation: parseAmount(values.vacation),
    halfDaysPerWeek: hasHalfDays ? halfDays : undefined,
    partnership,
  } as unknown as TJobFieldsInput;
}
