import type { TEnums } from '@medhire/contract/enums';
import {
  DEFAULT_PAY_TYPE,
  PARTNERSHIP_QUESTIONS,
  PAY_TYPE_DETAILS,
  type TJobFields,
  type TPayType,
} from '@medhire/contract/jobs';
import { ChipList } from '@medhire/ui/chip-list.tsx';
import type { ReactNode } from 'react';
import { type ReviewRow, ReviewSections } from '../../../components/ui/review-sections.tsx';
import { HALF_DAY_KINDS, HALF_DAY_LABELS, JOB_FORM_STEPS, type JobFormStep } from '../job-form-values.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export const formatUsd = (amount: number) => usd.format(amount);

function titleOf(list: readonly { _id: string; title: string }[] | undefined, id: string | undefined) {
  if (!id) return undefined;
  return list?.find((item) => item._id === id)?.title ?? id;
}

export function specialtyTitle(enums: TEnums | null, id: string | undefined): string | undefined {
  return titleOf(enums?.specialties, id);
}

type Row = ReviewRow;

/** "$180–$220 / hour": the short form a posting's headline shows. */
export function payHeadline(
  range: { min: number; max: number; payType?: TPayType } | undefined,
): string | undefined {
  if (!range) return undefined;
  const { unit } = PAY_TYPE_DETAILS[range.payType ?? DEFAULT_PAY_TYPE];
  const amounts =
    range.min === range.max ? formatUsd(range.min) : `${formatUsd(range.min)}–${formatUsd(range.max)}`;
  return `${amounts} / ${unit}`;
}

/** "$180 – $220 per hour": the range in the unit its pay type counts (annual when none is given). */
export function payText(
  range: { min: number; max: number; payType?: TPayType } | undefined,
): string | undefined {
  if (!range) return undefined;
  const { unit } = PAY_TYPE_DETAILS[range.payType ?? DEFAULT_PAY_TYPE];
  if (range.min === range.max) return `${formatUsd(range.min)} per ${unit}`;
  return `${formatUsd(range.min)} – ${formatUsd(range.max)} per ${unit}`;
}

function halfDaysText(week: TJobFields['halfDaysPerWeek']): string | undefined {
  if (!week) return undefined;
  const parts = HALF_DAY_KINDS.filter((kind) => (week[kind] ?? 0) > 0).map(
    (kind) => `${HALF_DAY_LABELS[kind]} ${week[kind]}`,
  );
  if (parts.length === 0) return undefined;
  const total = HALF_DAY_KINDS.reduce((sum, kind) => sum + (week[kind] ?? 0), 0);
  return `${parts.join(' · ')} (${total} of 10 half-days)`;
}

function partnershipText(partnership: TJobFields['partnership']): ReactNode {
  if (!partnership) return undefined;
  if (partnership.value === 'No') return 'Not offered';
  return (
    <>
      Offered
      {PARTNERSHIP_QUESTIONS.map((question, index) => (
        <span key={question}>
          {'\n'}
          {question} {partnership.types?.[index] ?? ''}
        </span>
      ))}
    </>
  );
}

/** Each group of a job, as both the review step and the job's page show it. */
export function jobDetailGroups(
  job: Partial<TJobFields>,
  enums: TEnums | null,
): Record<JobFormStep['id'], Row[]> {
  const amount = (value: number | undefined) => (value === undefined ? undefined : formatUsd(value));
  const subSpecialties = (job.subSpecialty ?? []).map((id) => titleOf(enums?.subSpecialties, id) ?? id);
  return {
    role: [
      { label: 'Specialty', value: specialtyTitle(enums, job.specialty) },
      { label: 'Sub-specialties', value: subSpecialties.length > 0 ? subSpecialties.join(', ') : undefined },
      { label: 'Employment type', value: titleOf(enums?.employmentType, job.employmentType) },
      {
        label: 'Reason for the opportunity',
        value: titleOf(enums?.reasonForJobOpportunity, job.reasonForJobOpp),
      },
    ],
    compensation: [
      { label: 'Pay range', value: payText(job.salaryRange) },
      {
        label: 'Pay type',
        value: job.salaryRange
          ? PAY_TYPE_DETAILS[job.salaryRange.payType ?? DEFAULT_PAY_TYPE].label
          : undefined,
      },
      { label: 'Sign-on bonus', value: amount(job.signOnBonus) },
      { label: 'Productivity bonus', value: amount(job.productiveBonus) },
      { label: 'Training stipend', value: amount(job.stipendTraining) },
      { label: 'Loan repayment assistance', value: amount(job.loanRepaymentAssistance) },
      {
        label: 'Vacation',
        value:
          job.vacation === undefined ? undefined : `${job.vacation} ${job.vacation === 1 ? 'week' : 'weeks'}`,
      },
    ],
    schedule: [
      { label: 'Half-days per week', value: halfDaysText(job.halfDaysPerWeek) },
      { label: 'Call schedule', value: job.callSchedule },
      { label: 'Required travel', value: job.requiredTravel },
    ],
    support: [
      { label: 'Advanced technology', value: job.advancedTech },
      { label: 'Electronic medical record', value: job.electronicMedRecord },
      { label: 'Scribe support', value: job.scribeSupport },
      {
        label: 'Benefits and perks',
        value:
          job.supportBenefitPerk && job.supportBenefitPerk.length > 0
            ? job.supportBenefitPerk.join(', ')
            : undefined,
      },
    ],
    growth: [
      { label: 'Partnership', value: partnershipText(job.partnership) },
      { label: 'Academic research', value: job.academicResearchOpportunity },
      { label: 'Mentorship', value: job.mentorship },
      { label: 'Speakership', value: job.speakerShip },
      { label: 'Global missions', value: job.globalMissions },
    ],
    locations: [
      {
        label: 'Locations',
        value:
          job.locations && job.locations.length > 0 ? (
            <ChipList
              label="Job locations"
              chips={job.locations.map((location) => ({
                key: location.description,
                label: location.description,
                text: location.description,
              }))}
            />
          ) : undefined,
      },
      { label: 'Additional context', value: job.additionalContext },
    ],
    review: [],
  };
}

export interface JobDetailsProps {
  job: Partial<TJobFields>;
  enums: TEnums | null;
  /** When given, each group offers an Edit button that returns to its step. */
  onEdit?: (stepIndex: number) => void;
  headingLevel?: 2 | 3 | 4;
}

/** A job's fields, grouped as the form asks for them; unanswered ones say so. */
export function JobDetails({ job, enums, onEdit, headingLevel = 3 }: JobDetailsProps) {
  const groups = jobDetailGroups(job, enums);
  const sections = JOB_FORM_STEPS.filter((step) => step.id !== 'review').map((step, index) => ({
    key: step.id,
    title: step.title,
    rows: groups[step.id],
    onEdit: onEdit ? () => onEdit(index) : undefined,
  }));
  return <ReviewSections sections={sections} headingLevel={headingLevel} />;
}
