import type { TJobSearchCriteria, TJobSearchSort } from '@medhire/contract/job-search';

/**
 * A job search written into an address's query and read back. The job search keeps its filters
 * there (back, forward and reload show the same results), and "Create an alert from this search"
 * hands the same query to the alert form, so both read the criteria one way.
 */

/** The radius choices; the contract allows 5 to 500 whole miles and defaults to 50. */
export const RADIUS_MILES_OPTIONS = [10, 25, 50, 100, 250] as const;
export const DEFAULT_RADIUS_MILES = 50;

const SORTS: readonly TJobSearchSort[] = ['match', 'newest', 'distance'];

export const SORT_LABELS: Readonly<Record<TJobSearchSort, string>> = {
  match: 'Best match',
  newest: 'Newest',
  distance: 'Distance',
};

function positiveNumber(text: string | null): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? value : undefined;
}

function coordinate(text: string | null, limit: number): number | undefined {
  if (text === null || text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) && Math.abs(value) <= limit ? value : undefined;
}

/** The criteria an address carries; a place counts only with both coordinates. */
export function criteriaFromParams(params: URLSearchParams): Partial<TJobSearchCriteria> {
  const latitude = coordinate(params.get('latitude'), 90);
  const longitude = coordinate(params.get('longitude'), 180);
  const hasPlace = latitude !== undefined && longitude !== undefined;
  const radius = positiveNumber(params.get('radiusMiles'));
  const minSalary = positiveNumber(params.get('minSalary'));
  return {
    specialty: params.get('specialty') || undefined,
    state: params.get('state') || undefined,
    employmentType: params.get('employmentType') || undefined,
    minSalary: minSalary ? Math.round(minSalary) : undefined,
    ...(hasPlace
      ? {
          latitude,
          longitude,
          placeName: params.get('placeName') || undefined,
          radiusMiles: radius ? Math.round(radius) : DEFAULT_RADIUS_MILES,
        }
      : {}),
  };
}

/** The sort an address asks for; distance needs a place, so without one the list is newest first. */
export function sortFromParams(params: URLSearchParams, hasPlace: boolean): TJobSearchSort | undefined {
  const sort = params.get('sort') as TJobSearchSort | null;
  if (!sort || !SORTS.includes(sort)) return undefined;
  if (sort === 'distance' && !hasPlace) return undefined;
  return sort;
}

/** The criteria as query parameters, blanks left out. */
export function paramsFromCriteria(criteria: Partial<TJobSearchCriteria>): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of [
    'specialty',
    'state',
    'employmentType',
    'minSalary',
    'latitude',
    'longitude',
    'placeName',
    'radiusMiles',
  ] as const) {
    const value = criteria[key];
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  return params;
}

/** "Within 50 miles of Austin, TX", or null without a place. */
export function describeRadius(criteria: Partial<TJobSearchCriteria>): string | null {
  if (criteria.latitude === undefined || criteria.longitude === undefined) return null;
  const place = criteria.placeName ?? `${criteria.latitude.toFixed(2)}, ${criteria.longitude.toFixed(2)}`;
  return `Within ${criteria.radiusMiles ?? DEFAULT_RADIUS_MILES} miles of ${place}`;
}
