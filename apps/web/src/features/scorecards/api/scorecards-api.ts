import type {
  TCalendarFeedLink,
  TInterviewScorecards,
  TScorecardCriteria,
  TSubmitScorecardBody,
  TUpdateScorecardCriteriaBody,
} from '@medhire/contract/interviews';
import { http } from '../../../lib/http.ts';

const id = (value: string) => encodeURIComponent(value);

export const scorecardsApi = {
  getScorecards: (interviewId: string, signal?: AbortSignal) =>
    http.get<TInterviewScorecards>(`/employer/interview/get-scorecards/${id(interviewId)}`, { signal }),
  submitScorecard: (interviewId: string, body: TSubmitScorecardBody) =>
    http.post<TInterviewScorecards>(`/employer/interview/submit-scorecard/${id(interviewId)}`, body),
  getCriteria: (jobId: string, signal?: AbortSignal) =>
    http.get<TScorecardCriteria>(`/employer/job/get-scorecard-criteria/${id(jobId)}`, { signal }),
  updateCriteria: (jobId: string, body: TUpdateScorecardCriteriaBody) =>
    http.patch<TScorecardCriteria>(`/employer/job/update-scorecard-criteria/${id(jobId)}`, body),
  getCalendarFeedLink: (signal?: AbortSignal) =>
    http.get<TCalendarFeedLink>('/employer/interview/get-calendar-feed-link', { signal }),
  resetCalendarFeedLink: () => http.post<TCalendarFeedLink>('/employer/interview/reset-calendar-feed-link'),
};
