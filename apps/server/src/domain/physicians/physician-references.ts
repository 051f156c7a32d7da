import { PHYSICIAN_MESSAGES, type TTraining } from '@medhire/contract/physicians';
import { bodyFieldError } from '../organizations/field-error.ts';
import { allEnums, specialtyById, subSpecialtyById } from '../reference/reference-data.ts';
import { usStateByCode } from '../reference/search-states.ts';

const employmentTypeIds = new Set(allEnums.employmentType.map((value) => value._id));

/**
 * A physician holds one certification status; "board certified or eligible" describes what a
 * job accepts, not what a person is, so it is not offered here.
 */
export const PHYSICIAN_BOARD_STATUSES: ReadonlySet<string> = new Set(
  allEnums.boardStatus.map((value) => value._id).filter((id) => id !== 'board-certified-or-eligible'),
);

/** The reference-bound fields of a profile as they will be stored once the update applies. */
export interface ProfileReferences {
  specialtyId: string | null;
  subSpecialtyIds: readonly string[];
  boardStatus: string | null;
  employmentTypes: readonly string[];
  homeState: string | null;
  statesOfInterest: readonly string[];
}

/**
 * Refuses (400, naming the field) reference values this release does not know: the schema checks
 * shapes, only the reference data knows which ids exist and which sub-specialty belongs where.
 */
export function assertProfileReferences(profile: ProfileReferences): void {
  if (profile.specialtyId !== null && !specialtyById.has(profile.specialtyId)) {
    throw bodyFieldError('specialty', PHYSICIAN_MESSAGES.unknownSpecialty);
  }
  for (const [index, id] of profile.subSpecialtyIds.entries()) {
    if (profile.specialtyId === null) {
      throw bodyFieldError(`subSpecialty.${index}`, PHYSICIAN_MESSAGES.subSpecialtyWithoutSpecialty);
    }
    if (subSpecialtyById.get(id)?.specialtyId !== profile.specialtyId) {
      throw bodyFieldError(`subSpecialty.${index}`, PHYSICIAN_MESSAGES.subSpecialtyOutsideSpecialty);
    }
  }
  if (profile.boardStatus !== null && !PHYSICIAN_BOARD_STATUSES.has(profile.boardStatus)) {
    throw bodyFieldError('boardStatus', PHYSICIAN_MESSAGES.unknownBoardStatus);
  }
  for (const [index, id] of profile.employmentTypes.entries()) {
    if (!employmentTypeIds.has(id)) {
      throw bodyFieldError(`employmentTypes.${index}`, PHYSICIAN_MESSAGES.unknownEmploymentType);
    }
  }
  if (profile.homeState !== null && !usStateByCode.has(profile.homeState)) {
    throw bodyFieldError('homeLocation.state', PHYSICIAN_MESSAGES.unknownState);
  }
  for (const [index, state] of profile.statesOfInterest.entries()) {
    if (!usStateByCode.has(state)) {
      throw bodyFieldError(`statesOfInterest.${index}`, PHYSICIAN_MESSAGES.unknownState);
    }
  }
}

/** Each residency or fellowship names a specialty this release knows (400, naming the entry). */
export function assertTrainingSpecialties(training: readonly TTraining[]): void {
  for (const [index, entry] of training.entries()) {
    if (!specialtyById.has(entry.specialty)) {
      throw bodyFieldError(`training.${index}.specialty`, PHYSICIAN_MESSAGES.unknownSpecialty);
    }
  }
}
