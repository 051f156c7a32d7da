import type {
  TCreateJobBody,
  TDeleteJobData,
  TGetAllJobsQuery,
  TJob,
  TJobList,
  TJobStatus,
  TUpdateJobBody,
} from '@medhire/contract/jobs';
import { http } from '../../../lib/http.ts';

export const jobsApi = {
  getAllJobs: (userId: string, query: Partial<TGetAllJobsQuery>, signal?: AbortSignal) =>
    http.get<TJobList>(`/employer/job/get-all-jobs/${encodeURIComponent(userId)}`, {
      query: { ...query },
      signal,
    }),
  getSingleJob: (jobId: string, signal?: AbortSignal) =>
    http.get<TJob>(`/employer/job/get-single-job/${encodeURIComponent(jobId)}`, { signal }),
  createJob: (userId: string, body: TCreateJobBody) =>
    http.post<TJob>(`/employer/auth/v1/create-job-v1/${encodeURIComponent(userId)}`, body),
  updateJob: (jobId: string, body: TUpdateJobBody) =>
    http.patch<TJob>(`/employer/job/update-job/${encodeURIComponent(jobId)}`, body),
  updateJobStatus: (jobId: string, status: TJobStatus) =>
    http.patch<TJob>(`/employer/job/update-job-status/${encodeURIComponent(jobId)}`, { status }),
  duplicateJob: (jobId: string) =>
    http.post<TJob>(`/employer/job/duplicate-job/${encodeURIComponent(jobId)}`),
  assignJob: (jobId: string, assigneeId: string | null) =>
    http.patch<TJob>(`/employer/job/assign-job/${encodeURIComponent(jobId)}`, { assigneeId }),
  deleteJob: (jobId: string) =>
    http.delete<TDeleteJobData>(`/employer/job/delete-job/${encodeURIComponent(jobId)}`),
};
