import type { TApplicantSort } from '@medhire/contract/applicants';
import { type AnyColumn, asc, desc, eq, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { physicians } from '../../db/schema/physicians.ts';

/** The filters every physician list shares (all applicants, explore). */
export interface PhysicianFilters {
  queryText: string;
  specialty?: string;
  state?: string;
  boardStatus?: string;
  employmentType?: string;
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * A job that takes "board certified or eligible" physicians is matched by either status, so
 * the filter with that value finds both; physicians themselves hold one of the precise values.
 */
const BOARD_STATUS_GROUPS: Readonly<Record<string, readonly string[]>> = {
  'board-certified-or-eligible': ['board-certified', 'board-eligible', 'board-certified-or-eligible'],
};

/**
 * SQL conditions on `physicians` for the filters. The name search matches every word of the
 * text somewhere in the lower-cased "first last" (`search_name`), so "jane doe", "doe" and
 * "doe jane" all find Jane Doe.
 */
export function physicianFilterConditions(filters: PhysicianFilters): SQL[] {
  const conditions: SQL[] = [];
  const words = filters.queryText.toLowerCase().split(/\s+/).filter(Boolean);
  for (const word of words) {
    conditions.push(sql`${physicians.searchName} like ${`%${escapeLikePattern(word)}%`}`);
  }
  if (filters.specialty) conditions.push(eq(physicians.specialtyId, filters.specialty));
  if (filters.state) {
    const state = filters.state;
    const inState = or(eq(physicians.homeState, state), sql`${state} = any(${physicians.statesOfInterest})`);
    if (inState) conditions.push(inState);
  }
  if (filters.boardStatus) {
    const group = BOARD_STATUS_GROUPS[filters.boardStatus];
    conditions.push(
      group
        ? sql`${physicians.boardStatus} in (${sql.join(
            group.map((status) => sql`${status}`),
            sql`, `,
          )})`
        : eq(physicians.boardStatus, filters.boardStatus),
    );
  }
  if (filters.employmentType) {
    conditions.push(sql`${filters.employmentType} = any(${physicians.employmentTypes})`);
  }
  return conditions;
}

/**
 * The order of a physician list. `byTime` is what "newest" means for the list (latest
 * application in scope, profile creation). Ties always break on the id so pages never overlap.
 * The time orders spell out where nulls go (there are none) so they match the indexes, which
 * Drizzle creates as `desc nulls last`: PostgreSQL only reads an index for an ORDER BY whose
 * null placement agrees with it, forwards or backwards.
 */
export function physicianOrder(sort: TApplicantSort, byTime: AnyColumn | SQLWrapper): SQL[] {
  switch (sort) {
    case 'oldest':
      return [sql`${byTime} asc nulls first`, sql`${physicians.id} asc nulls first`];
    case 'name':
      return [
        asc(sql`lower(${physicians.lastName})`),
        asc(sql`lower(${physicians.firstName})`),
        asc(physicians.id),
      ];
    case 'experience':
      return [
        sql`${physicians.yearsOfExperience} desc nulls last`,
        sql`${byTime} desc nulls last`,
        desc(physicians.id),
      ];
    default:
      return [sql`${byTime} desc nulls last`, sql`${physicians.id} desc nulls last`];
  }
}
