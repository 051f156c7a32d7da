import type { TSpecialty, TSubSpecialty } from '@medhire/contract/enums';
import { AppError } from '../../lib/app-error.ts';
import { SUB_SPECIALTY_ID_SEPARATOR, specialtyById, subSpecialties } from './reference-data.ts';
import { SPECIALTIES } from './specialty-data.ts';
import {
  createSearchEntry,
  MatchRank,
  type PreparedQuery,
  rankEntry,
  type SearchEntry,
  searchEntries,
} from './text-match.ts';

const aliasesBySubSpecialtyId = new Map<string, readonly string[]>(
  SPECIALTIES.flatMap((specialty) =>
    specialty.subSpecialties.map(
      ([slug, , aliases]) => [`${specialty.id}${SUB_SPECIALTY_ID_SEPARATOR}${slug}`, aliases ?? []] as const,
    ),
  ),
);

const subSpecialtyEntries: SearchEntry<TSubSpecialty>[] = subSpecialties.map((sub) =>
  createSearchEntry(
    sub,
    sub.title,
    aliasesBySubSpecialtyId.get(sub._id),
    // Equal titles under several specialties (Sleep Medicine …) are ordered by specialty.
    `${sub.title} ${specialtyById.get(sub.specialtyId)?.title ?? ''}`,
  ),
);

const subSpecialtyEntriesBySpecialty = new Map<string, SearchEntry<TSubSpecialty>[]>();
for (const entry of subSpecialtyEntries) {
  const list = subSpecialtyEntriesBySpecialty.get(entry.value.specialtyId) ?? [];
  list.push(entry);
  subSpecialtyEntriesBySpecialty.set(entry.value.specialtyId, list);
}

const specialtyEntries: SearchEntry<TSpecialty>[] = SPECIALTIES.map((specialty) =>
  createSearchEntry({ _id: specialty.id, title: specialty.title }, specialty.title, specialty.aliases),
);

/**
 * After every direct match, a specialty whose sub-specialty matches: someone typing
 * 'cardiology' into the specialty box is looking for Internal Medicine or Pediatrics.
 */
const THROUGH_SUB_SPECIALTY = MatchRank.TitleSubstring + 1;

function rankSpecialty(query: PreparedQuery, entry: SearchEntry<TSpecialty>): number | null {
  const direct = rankEntry(query, entry);
  if (direct !== null) return direct;
  const subEntries = subSpecialtyEntriesBySpecialty.get(entry.value._id) ?? [];
  const matchesThroughSub = subEntries.some((sub) => {
    const rank = rankEntry(query, sub);
    return rank !== null && rank <= MatchRank.TitleWordPrefix;
  });
  return matchesThroughSub ? THROUGH_SUB_SPECIALTY : null;
}

/** `search-specialty`: best match first; blank text lists every specialty alphabetically. */
export function searchSpecialties(queryText: string): TSpecialty[] {
  return searchEntries(specialtyEntries, queryText, rankSpecialty);
}

export interface SearchSubSpecialtiesOptions {
  queryText: string;
  /** Only sub-specialties of these specialties; empty means all. */
  specialtiesIds: readonly string[];
}

/** `search-subSpecialty`: best match first, within the given specialties when any are given. */
export function searchSubSpecialties({
  queryText,
  specialtiesIds,
}: SearchSubSpecialtiesOptions): TSubSpecialty[] {
  const unknown = specialtiesIds.filter((id) => !specialtyById.has(id));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Choose specialties from the list.', {
      field: 'specialtiesIds',
      unknownIds: unknown,
    });
  }
  const entries =
    specialtiesIds.length === 0
      ? subSpecialtyEntries
      : [...new Set(specialtiesIds)].flatMap((id) => subSpecialtyEntriesBySpecialty.get(id) ?? []);
  return searchEntries(entries, queryText);
}
