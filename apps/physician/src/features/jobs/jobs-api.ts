import type { TJobSearchCriteria, TJobSearchSort } from '@medhire/contract/job-search';
import type {
  TPhysicianApplication,
  TPhysicianJobDetail,
  TPhysicianJobList,
  TSavedJobState,
} from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';

export const JOBS_PAGE_SIZE = 20;

/** A search as the job list asks for it: the job search criteria, the words, the order and the page. */
export type JobSearch = Partial<TJobSearchCriteria> & {
  queryText?: string;
  sort?: TJobSearchSort;
  pageNumber: number;
};

const jobsWithSaved = api.enhanceEndpoints({ addTagTypes: ['SavedJobs'] });

export const jobsApi = jobsWithSaved.injectEndpoints({
  endpoints: (build) => ({
    searchJobs: build.query<TPhysicianJobList, JobSearch>({
      query: ({ pageNumber, ...criteria }) => ({
        path: '/employee/job/get-all-jobs',
        query: { ...criteria, pageNumber, pageSize: JOBS_PAGE_SIZE },
      }),
      providesTags: ['Jobs'],
    }),
    getSavedJobs: build.query<TPhysicianJobList, number>({
      query: (pageNumber) => ({
        path: '/employee/job/get-saved-jobs',
        query: { pageNumber, pageSize: JOBS_PAGE_SIZE },
      }),
      providesTags: ['SavedJobs'],
    }),
    getJob: build.query<TPhysicianJobDetail, string>({
      query: (jobId) => ({ path: `/employee/job/get-single-job/${encodeURIComponent(jobId)}` }),
      providesTags: (_result, _error, jobId) => [{ type: 'Job', id: jobId }],
    }),
    setJobSaved: build.mutation<TSavedJobState, { jobId: string; isSaved: boolean }>({
      query: ({ jobId, isSaved }) =>
        isSaved
          ? { path: `/employee/job/save-job/${encodeURIComponent(jobId)}`, method: 'POST', body: {} }
          : { path: `/employee/job/unsave-job/${encodeURIComponent(jobId)}`, method: 'DELETE' },
      // The mark turns at once wherever the job is shown (search, saved list, job page), and
      // turns back if the server refuses; the saved list is read again so it gains or loses the job.
      async onQueryStarted({ jobId, isSaved }, { dispatch, getState, queryFulfilled }) {
        const patches = [
          dispatch(
            jobsApi.util.updateQueryData('getJob', jobId, (job) => {
              job.isSaved = isSaved;
            }),
          ),
        ];
        const state = getState();
        for (const search of jobsApi.util.selectCachedArgsForQuery(state, 'searchJobs')) {
          patches.push(
            dispatch(
              jobsApi.util.updateQueryData('searchJobs', search, (list) => {
                for (const job of list.jobs) if (job._id === jobId) job.isSaved = isSaved;
              }),
            ),
          );
        }
        for (const page of jobsApi.util.selectCachedArgsForQuery(state, 'getSavedJobs')) {
          patches.push(
            dispatch(
              jobsApi.util.updateQueryData('getSavedJobs', page, (list) => {
                for (const job of list.jobs) if (job._id === jobId) job.isSaved = isSaved;
              }),
            ),
          );
        }
        try {
          await queryFulfilled;
        } catch {
          for (const patch of patches) patch.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['SavedJobs']),
    }),
    applyToJob: build.mutation<TPhysicianApplication, string>({
      // The profile on file is the application: no body, no cover letter to write on a phone.
      query: (jobId) => ({
        path: `/employee/job/apply/${encodeURIComponent(jobId)}`,
        method: 'POST',
        body: {},
      }),
      invalidatesTags: (_result, _error, jobId) => [{ type: 'Job', id: jobId }, 'Jobs', 'Applications'],
      async onQueryStarted(jobId, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
          dispatch(
            jobsApi.util.updateQueryData('getJob', jobId, (job) => {
              job.hasApplied = true;
            }),
          );
        } catch {
          // The screen shows the refusal from the mutation's own state.
        }
      },
    }),
  }),
});

export const {
  useSearchJobsQuery,
  useGetSavedJobsQuery,
  useGetJobQuery,
  useSetJobSavedMutation,
  useApplyToJobMutation,
} = jobsApi;
