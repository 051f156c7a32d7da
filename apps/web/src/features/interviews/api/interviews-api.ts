import type {
  TAvailability,
  TInterview,
  TInterviewList,
  TListInterviewsQuery,
  TRecordOutcomeBody,
  TRescheduleInterviewBody,
  TScheduleInterviewBody,
} from '@medhire/contract/interviews';
import type { TTeamData } from '@medhire/contract/team';
import { http } from '../../../lib/http.ts';

const interview = (path: string) => `/employer/interview${path}`;
const id = (value: string) => encodeURIComponent(value);

export const interviewsApi = {
  getMyAvailability: (signal?: AbortSignal) =>
    http.get<TAvailability>(interview('/get-my-availability'), { signal }),
  updateMyAvailability: (body: TAvailability) =>
    http.patch<TAvailability>(interview('/update-my-availability'), body),
  schedule: (applicationId: string, body: TScheduleInterviewBody) =>
    http.post<TInterview>(interview(`/schedule-interview/${id(applicationId)}`), body),
  list: (query: TListInterviewsQuery, signal?: AbortSignal) =>
    http.get<TInterviewList>(interview('/get-interviews'), { query: { ...query }, signal }),
  get: (interviewId: string, signal?: AbortSignal) =>
    http.get<TInterview>(interview(`/get-single-interview/${id(interviewId)}`), { signal }),
  reschedule: (interviewId: string, body: TRescheduleInterviewBody) =>
    http.patch<TInterview>(interview(`/reschedule-interview/${id(interviewId)}`), body),
  cancel: (interviewId: string, reason: string) =>
    http.patch<TInterview>(interview(`/cancel-interview/${id(interviewId)}`), { reason }),
  recordOutcome: (interviewId: string, body: TRecordOutcomeBody) =>
    http.patch<TInterview>(interview(`/record-outcome/${id(interviewId)}`), body),
  /** The team, for choosing interviewers and filtering the calendar by member. */
  getTeam: (signal?: AbortSignal) => http.get<TTeamData>('/employer/team/get-team', { signal }),
};
