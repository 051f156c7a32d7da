import { DEFAULT_PAY_TYPE, type TJob, type TJobFields, type TYesNo } from '@medhire/contract/jobs';
import type { TMemberRef } from '@medhire/contract/team';
import type { TJobRow, TNewJobRow } from '../../db/schema/jobs.ts';
import type { JobActivityCounts } from './job-activity-counts.ts';

/** The columns a job's editable fields are stored in. */
export type TJobFieldColumns = Omit<
  TNewJobRow,
  'id' | 'organizationId' | 'createdByUserId' | 'assigneeUserId' | 'status' | 'createdAt' | 'updatedAt'
>;

function yesNoToBoolean(answer: TYesNo | undefined): boolean | null {
  return answer === undefined ? null : answer === 'Yes';
}

function booleanToYesNo(value: boolean | null): TYesNo | undefined {
  return value === null ? undefined : value ? 'Yes' : 'No';
}

/** Every editable column, so a save replaces them all: a field left out is cleared. */
export function jobFieldsToColumns(fields: TJobFields): TJobFieldColumns {
  const isPartnershipOffered = fields.partnership ? fields.partnership.value === 'Yes' : null;
  return {
    title: fields.title,
    specialtyId: fields.specialty,
    subSpecialtyIds: fields.subSpecialty ?? [],
    employmentType: fields.employmentType,
    reasonForJobOpp: fields.reasonForJobOpp ?? null,
    description: fields.description ?? null,
    salaryMin: fields.salaryRange?.min ?? null,
    salaryMax: fields.salaryRange?.max ?? null,
    salaryPayType: fields.salaryRange?.payType ?? null,
    signOnBonus: fields.signOnBonus ?? null,
    productiveBonus: fields.productiveBonus ?? null,
    stipendTraining: fields.stipendTraining ?? null,
    loanRepaymentAssistance: fields.loanRepaymentAssistance ?? null,
    vacationWeeks: fields.vacation ?? null,
    callSchedule: fields.callSchedule ?? null,
    requiredTravel: yesNoToBoolean(fields.requiredTravel),
    additionalContext: fields.additionalContext ?? null,
    halfDaysPerWeek: fields.halfDaysPerWeek ?? null,
    advancedTech: yesNoToBoolean(fields.advancedTech),
    electronicMedRecord: fields.electronicMedRecord ?? null,
    scribeSupport: yesNoToBoolean(fields.scribeSupport),
    supportBenefitPerks: fields.supportBenefitPerk ?? [],
    partnershipOffered: isPartnershipOffered,
    partnershipAnswers: isPartnershipOffered ? (fields.partnership?.types ?? []) : [],
    academicResearchOpportunity: yesNoToBoolean(fields.academicResearchOpportunity),
    mentorship: yesNoToBoolean(fields.mentorship),
    speakerShip: yesNoToBoolean(fields.speakerShip),
    globalMissions: yesNoToBoolean(fields.globalMissions),
    locations: fields.locations,
  };
}

/** The editable columns of a stored job, for copying it. */
export function jobRowToColumns(row: TJobRow): TJobFieldColumns {
  const { id, organizationId, createdByUserId, assigneeUserId, status, createdAt, updatedAt, ...columns } =
    row;
  return columns;
}

/** Drops the keys whose value is undefined, so an unanswered field is absent from the answer. */
function withoutUndefined<T extends object>(value: T): T {
  // A plain loop: Object.entries/fromEntries made a pair array per key, a share of the job
  // list's CPU at twenty jobs a page.
  const out: Record<string, unknown> = {};
  for (const key in value) {
    const entry = value[key];
    if (entry !== undefined) out[key] = entry;
  }
  return out as T;
}

/** A stored job as the API answers it. */
export function toJob(row: TJobRow, counts: JobActivityCounts, assignee: TMemberRef | null = null): TJob {
  const salaryRange =
    row.salaryMin !== null && row.salaryMax !== null
      ? { min: row.salaryMin, max: row.salaryMax, payType: row.salaryPayType ?? DEFAULT_PAY_TYPE }
      : undefined;
  const partnership =
    row.partnershipOffered === null
      ? undefined
      : row.partnershipOffered
        ? { value: 'Yes' as const, types: row.partnershipAnswers }
        : { value: 'No' as const };
  return withoutUndefined({
    _id: row.id,
    status: row.status,
    title: row.title,
    specialty: row.specialtyId,
    subSpecialty: row.subSpecialtyIds,
    employmentType: row.employmentType,
    reasonForJobOpp: row.reasonForJobOpp ?? undefined,
    description: row.description ?? undefined,
    salaryRange,
    signOnBonus: row.signOnBonus ?? undefined,
    productiveBonus: row.productiveBonus ?? undefined,
    stipendTraining: row.stipendTraining ?? undefined,
    loanRepaymentAssistance: row.loanRepaymentAssistance ?? undefined,
    vacation: row.vacationWeeks ?? undefined,
    callSchedule: row.callSchedule ?? undefined,
    requiredTravel: booleanToYesNo(row.requiredTravel),
    additionalContext: row.additionalContext ?? undefined,
    halfDaysPerWeek: row.halfDaysPerWeek ?? undefined,
    advancedTech: booleanToYesNo(row.advancedTech),
    electronicMedRecord: row.electronicMedRecord ?? undefined,
    scribeSupport: booleanToYesNo(row.scribeSupport),
    supportBenefitPerk: row.supportBenefitPerks,
    partnership,
    academicResearchOpportunity: booleanToYesNo(row.academicResearchOpportunity),
    mentorship: booleanToYesNo(row.mentorship),
    speakerShip: booleanToYesNo(row.speakerShip),
    globalMissions: booleanToYesNo(row.globalMissions),
    locations: row.locations,
    applicantCount: counts.applicantCount,
    matchCount: counts.matchCount,
    inviteCounts: counts.inviteCounts,
    assignee,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });
}
