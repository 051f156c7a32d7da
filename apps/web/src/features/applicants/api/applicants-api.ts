import type {
  TApplicant,
  TApplicantList,
  TExploreQuery,
  TGetAllApplicantsQuery,
  TRecommendedQuery,
} from '@medhire/contract/applicants';
import type {
  TBulkActionBody,
  TBulkActionResult,
  TUndoBulkActionResult,
} from '@medhire/contract/bulk-actions';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { http } from '../../../lib/http.ts';

const id = encodeURIComponent;

/** The employer's applicant calls (/api/employer/applicant). */
export const applicantsApi = {
  getAllApplicants: (userId: string, query: Partial<TGetAllApplicantsQuery>, signal?: AbortSignal) =>
    http.get<TApplicantList>(`/employer/applicant/get-all-applicants/${id(userId)}`, {
      query: { ...query },
      signal,
    }),
  getRecommendedApplicants: (jobId: string, query: Partial<TRecommendedQuery>, signal?: AbortSignal) =>
    http.get<TApplicantList>(`/employer/applicant/get-recommended-applicants/${id(jobId)}`, {
      query: { ...query },
      signal,
    }),
  getSavedApplicants: (
    userId: string,
    query: { pageSize?: number; pageNumber?: number },
    signal?: AbortSignal,
  ) =>
    http.get<TApplicantList>(`/employer/applicant/get-saved-applicants/${id(userId)}`, {
      query: { ...query },
      signal,
    }),
  explore: (userId: string, query: Partial<TExploreQuery>, signal?: AbortSignal) =>
    http.get<TApplicantList>(`/employer/applicant/explore/${id(userId)}`, { query: { ...query }, signal }),
  getSingleApplicant: (applicantId: string, signal?: AbortSignal) =>
    http.get<TApplicant>(`/employer/applicant/get-single-applicant/${id(applicantId)}`, { signal }),
  saveApplicant: (applicantId: string) =>
    http.post<TApplicant>(`/employer/applicant/save-applicant/${id(applicantId)}`),
  unsaveApplicant: (applicantId: string) =>
    http.delete<{ _id: string }>(`/employer/applicant/unsave-applicant/${id(applicantId)}`),
  assignApplicant: (applicationId: string, assigneeId: string | null) =>
    http.patch<TApplicant>(`/employer/applicant/assign-applicant/${id(applicationId)}`, { assigneeId }),
  updatePipelineStatus: (applicationId: string, pipelineStatus: TPipelineStatus) =>
    http.patch<TApplicant>(`/employer/applicant/update-pipeline-status/${id(applicationId)}`, {
      pipelineStatus,
    }),
  /** One action on many applications; answers what was applied and why the others were not. */
  bulkAction: (body: TBulkActionBody) =>
    http.post<TBulkActionResult>('/employer/applicant/bulk-action', body),
  /** Puts a bulk action back (its author, within 10 seconds). */
  undoBulkAction: (operationId: string) =>
    http.post<TUndoBulkActionResult>(`/employer/applicant/undo-bulk-action/${id(operationId)}`),
};
