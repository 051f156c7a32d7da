import type { TSearchStateResult, TUsState } from '@medhire/contract/locations';
import { US_STATES } from './state-data.ts';
import { createSearchEntry, searchEntries } from './text-match.ts';

export const usStates: readonly TUsState[] = US_STATES.map((state) => ({
  _id: state.code,
  code: state.code,
  name: state.name,
  description: state.name,
  coords: { latitude: state.latitude, longitude: state.longitude },
}));

export const usStateByCode: ReadonlyMap<string, TUsState> = new Map(
  usStates.map((state) => [state.code, state]),
);

// The USPS code is an alias, so 'tx' is an exact match for Texas and 'n' finds every N state.
const stateEntries = usStates.map((state) => createSearchEntry(state, state.name, [state.code]));

export interface SearchStatesOptions {
  queryText: string;
  pageSize: number;
  pageNumber: number;
}

/** `search-state`: states whose name or USPS code matches, best first, one page of them. */
export function searchStates({ queryText, pageSize, pageNumber }: SearchStatesOptions): TSearchStateResult {
  const matches = searchEntries(stateEntries, queryText);
  const start = (pageNumber - 1) * pageSize;
  return { states: matches.slice(start, start + pageSize), total: matches.length, pageNumber, pageSize };
}
