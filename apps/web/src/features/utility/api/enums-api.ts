import type { TEnums, TSpecialty, TSubSpecialty } from '@medhire/contract/enums';
import type { TSearchLocationResult, TSearchStateResult } from '@medhire/contract/locations';
import { http } from '../../../lib/http.ts';

export const enumsApi = {
  getAllEnums: () => http.get<TEnums>('/enums/get-all-enums'),
  searchSpecialty: (queryText: string, signal?: AbortSignal) =>
    http.get<TSpecialty[]>('/enums/search-specialty', { query: { queryText }, signal }),
  searchSubSpecialty: (queryText: string, specialtiesIds: readonly string[], signal?: AbortSignal) =>
    http.get<TSubSpecialty[]>('/enums/search-subSpecialty', {
      query: { queryText, specialtiesIds: specialtiesIds.join(',') },
      signal,
    }),
  /** Spec §7/§9: page size 10, first page; the states are in `data.states`. */
  searchState: (queryText: string, signal?: AbortSignal) =>
    http.get<TSearchStateResult>('/enums/search-state', {
      query: { queryText, pageSize: 10, pageNumber: 1 },
      signal,
    }),
  searchLocation: (queryText: string, signal?: AbortSignal) =>
    http.get<TSearchLocationResult>('/enums/search-location', { query: { queryText, pageSize: 10 }, signal }),
};
