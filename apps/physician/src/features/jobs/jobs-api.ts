import type { TJobSearchCriteria } from '@medhire/contract/job-search';
import type { TPhysicianApplication, TPhysicianJob, TPhysicianJobList } from '@medhire/contract/physicians';
import { api } from '../../lib/api.ts';

export const JOBS_PAGE_SIZE = 20;

/**
 * A search as the job list asks for it. The text, specialty and state filters work today; the
 * other criteria of a job search (employment type, minimum salary, radius) travel along and are
 * applied as soon as the server knows them.
 */
export type JobSearch = Partial<TJobSearchCriteria> & { queryText?: string; pageNumber: number };

export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchJobs: build.query<TPhysicianJobList, JobSearch>({
      query: ({ pageNumber, ...criteria }) => ({
        path: '/employee/job/get-all-jobs',
        query: { ...criteria, pageNumber, pageSize: JOBS_PAGE_SIZE },
      }),
      providesTags: ['Jobs'],
    }),
    getJob: build.query<TPhysicianJob, string>({
      query: (jobId) => ({ path: `/employee/job/get-single-job/${encodeURIComponent(jobId)}` }),
      providesTags: (_result, _error, jobId) => [{ type: 'Job', id: jobId }],
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

export const { useSearchJobsQuery, useGetJobQuery, useApplyToJobMutation } = jobsApi;
