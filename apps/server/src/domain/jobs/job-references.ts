import { JOB_MESSAGES, type TJobFields } from '@medhire/contract/jobs';
import { bodyFieldError } from '../organizations/field-error.ts';
import { allEnums, specialtyById, subSpecialtyById } from '../reference/reference-data.ts';
import { usStateByCode } from '../reference/search-states.ts';

const idsOf = (values: readonly { _id: string }[]) => new Set(values.map((value) => value._id));

const employmentTypeIds = idsOf(allEnums.employmentType);
const reasonIds = idsOf(allEnums.reasonForJobOpportunity);
/** The posting lists its benefits and bonuses by title (spec §3). */
const benefitTitles = new Set([...allEnums.fringeBenefits, ...allEnums.bonus].map((value) => value.title));

/**
 * Refuses (400, naming the field) a job whose reference values are not in this release's
 * reference data: the schema checks shapes, only the data knows which ids exist. A value that
 * was retired can no longer be chosen, though jobs saved earlier keep it until edited.
 */
export function assertJobReferences(fields: TJobFields): void {
  if (!specialtyById.has(fields.specialty)) {
    throw bodyFieldError('specialty', JOB_MESSAGES.unknownSpecialty);
  }
  for (const [index, id] of (fields.subSpecialty ?? []).entries()) {
    if (subSpecialtyById.get(id)?.specialtyId !== fields.specialty) {
      throw bodyFieldError(`subSpecialty.${index}`, JOB_MESSAGES.subSpecialtyOutsideSpecialty);
    }
  }
  if (!employmentTypeIds.has(fields.employmentType)) {
    throw bodyFieldError('employmentType', JOB_MESSAGES.unknownEmploymentType);
  }
  if (fields.reasonForJobOpp !== undefined && !reasonIds.has(fields.reasonForJobOpp)) {
    throw bodyFieldError('reasonForJobOpp', JOB_MESSAGES.unknownReason);
  }
  for (const [index, title] of (fields.supportBenefitPerk ?? []).entries()) {
    if (!benefitTitles.has(title))
      throw bodyFieldError(`supportBenefitPerk.${index}`, JOB_MESSAGES.unknownBenefit);
  }
  for (const [index, location] of fields.locations.entries()) {
    if (!usStateByCode.has(location.state)) {
      throw bodyFieldError(`locations.${index}.state`, JOB_MESSAGES.unknownState);
    }
  }
}
