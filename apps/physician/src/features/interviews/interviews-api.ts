import type { TPhysicianInterview } from '@medhire/contract/interviews';
import { api } from '../../lib/api.ts';

/**
 * Which interview an answer is for: one of the signed-in physician's, or the one an e-mailed
 * link names (its signed token stands in for a session, and only for that interview).
 */
export type InterviewTarget = { interviewId: string } | { token: string };

/** The path of an answer: the signed-in route, or the same answer through the e-mailed link. */
function answerPath(target: InterviewTarget, signedIn: string, byLink: string): string {
  return 'token' in target
    ? `/employee/interview/public/${encodeURIComponent(target.token)}/${byLink}`
    : `/employee/interview/${signedIn}/${encodeURIComponent(target.interviewId)}`;
}

const interviewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMyInterviews: build.query<{ interviews: TPhysicianInterview[] }, void>({
      query: () => ({ path: '/employee/interview/get-my-interviews' }),
      providesTags: ['Interviews'],
    }),
    getLinkedInterview: build.query<TPhysicianInterview, string>({
      query: (token) => ({ path: `/employee/interview/public/${encodeURIComponent(token)}` }),
      providesTags: ['Interviews'],
    }),
    pickInterviewSlot: build.mutation<TPhysicianInterview, { target: InterviewTarget; slotId: string }>({
      query: ({ target, slotId }) => ({
        path: answerPath(target, 'pick-slot', 'pick-slot'),
        method: 'POST',
        body: { slotId },
      }),
      // Refreshed on a refusal too: a time someone else just took disappears from the choices.
      invalidatesTags: ['Interviews'],
    }),
    requestOtherInterviewTimes: build.mutation<
      TPhysicianInterview,
      { target: InterviewTarget; message: string }
    >({
      query: ({ target, message }) => ({
        path: answerPath(target, 'request-other-times', 'request-other-times'),
        method: 'POST',
        body: { message },
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Interviews']),
    }),
    declineInterview: build.mutation<TPhysicianInterview, { target: InterviewTarget; message?: string }>({
      query: ({ target, message }) => ({
        path: answerPath(target, 'decline-interview', 'decline'),
        method: 'POST',
        body: message ? { message } : {},
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Interviews', 'Applications']),
    }),
  }),
});

export const {
  useGetMyInterviewsQuery,
  useGetLinkedInterviewQuery,
  usePickInterviewSlotMutation,
  useRequestOtherInterviewTimesMutation,
  useDeclineInterviewMutation,
} = interviewsApi;
