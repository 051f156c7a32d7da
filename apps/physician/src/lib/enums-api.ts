import type { TEnums } from '@medhire/contract/enums';
import type { TSearchLocationResult } from '@medhire/contract/locations';
import { api } from './api.ts';

/** Reference data (specialties, board statuses, employment types), the same lists the employer app uses. */
export const enumsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEnums: build.query<TEnums, void>({
      query: () => ({ path: '/enums/get-all-enums' }),
      providesTags: ['Enums'],
      keepUnusedDataFor: 24 * 60 * 60,
    }),
    searchLocation: build.query<TSearchLocationResult, string>({
      query: (queryText) => ({ path: '/enums/search-location', query: { queryText, pageSize: 8 } }),
    }),
  }),
});

export const { useGetEnumsQuery, useSearchLocationQuery } = enumsApi;

/** A reference id's title, or the id itself while the lists load. */
export function titleOf(
  list: readonly { _id: string; title: string }[] | undefined,
  id: string | null | undefined,
) {
  if (!id) return '';
  return list?.find((item) => item._id === id)?.title ?? id;
}
