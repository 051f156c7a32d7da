import type {
  THiddenOrganizationList,
  TVisibilityOrganization,
  TVisibilityOrganizationList,
} from '@medhire/contract/physician-visibility';
import type { TPhysicianProfile } from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';
import { profileUpdated } from '../../lib/session-slice.ts';

/** Everyone hidden fits one page: the contract allows at most 200 hidden organizations. */
export const HIDDEN_PAGE_SIZE = 200;

const visibilityWithTags = api.enhanceEndpoints({ addTagTypes: ['HiddenOrganizations'] });

export const visibilityApi = visibilityWithTags.injectEndpoints({
  endpoints: (build) => ({
    searchOrganizations: build.query<TVisibilityOrganizationList, string>({
      query: (queryText) => ({ path: '/employee/visibility/search-organizations', query: { queryText } }),
      providesTags: ['HiddenOrganizations'],
    }),
    getHiddenOrganizations: build.query<THiddenOrganizationList, number>({
      query: (pageNumber) => ({
        path: '/employee/visibility/get-hidden-organizations',
        query: { pageNumber, pageSize: HIDDEN_PAGE_SIZE },
      }),
      providesTags: ['HiddenOrganizations'],
    }),
    setOrganizationHidden: build.mutation<
      TVisibilityOrganization,
      { organizationId: string; isHidden: boolean }
    >({
      query: ({ organizationId, isHidden }) =>
        isHidden
          ? {
              path: `/employee/visibility/hide-organization/${encodeURIComponent(organizationId)}`,
              method: 'POST',
              body: {},
            }
          : {
              path: `/employee/visibility/unhide-organization/${encodeURIComponent(organizationId)}`,
              method: 'DELETE',
            },
      // Hiding takes the organization's applications, invites and conversations out of its
      // sight, so the physician's own lists of them are read again as well.
      invalidatesTags: (_result, error) =>
        error ? [] : ['HiddenOrganizations', 'Applications', 'Invites', 'Conversations', 'Jobs'],
    }),
    /** "Open to opportunities" is the profile's isDiscoverable; the session's copy follows it. */
    setDiscoverable: build.mutation<TPhysicianProfile, boolean>({
      query: (isDiscoverable) => ({
        path: '/employee/profile/update-profile',
        method: 'PATCH',
        body: { isDiscoverable },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Profile']),
      async onQueryStarted(_isDiscoverable, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(profileUpdated(data));
      },
    }),
  }),
});

export const {
  useSearchOrganizationsQuery,
  useGetHiddenOrganizationsQuery,
  useSetOrganizationHiddenMutation,
  useSetDiscoverableMutation,
} = visibilityApi;
