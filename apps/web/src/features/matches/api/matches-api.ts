import type {
  TBulkInviteBody,
  TBulkInviteResult,
  TUndoBulkInviteResult,
} from '@medhire/contract/bulk-actions';
import type {
  TCreateMatchBody,
  TGetMatchesQuery,
  TMatch,
  TMatchList,
  TMatchStatus,
  TMatchUpdate,
} from '@medhire/contract/matches';
import { http } from '../../../lib/http.ts';

const id = encodeURIComponent;

/** The employer's match calls (/api/employer/match). */
export const matchesApi = {
  createMatch: (body: TCreateMatchBody) => http.post<TMatch>('/employer/match/create-match', body),
  /** Invites up to 500 physicians to one open job; answers who was invited and why not the others. */
  bulkInvite: (body: TBulkInviteBody) => http.post<TBulkInviteResult>('/employer/match/bulk-invite', body),
  /** Withdraws a bulk invite's invites still pending (its author, within 10 seconds). */
  undoBulkInvite: (operationId: string) =>
    http.post<TUndoBulkInviteResult>(`/employer/match/undo-bulk-invite/${id(operationId)}`),
  getAllMatches: (userId: string, query: Partial<TGetMatchesQuery>, signal?: AbortSignal) =>
    http.get<TMatchList>(`/employer/match/get-all-matches/${id(userId)}`, { query: { ...query }, signal }),
  getMatchesByJob: (jobId: string, query: Partial<TGetMatchesQuery>, signal?: AbortSignal) =>
    http.get<TMatchList>(`/employer/match/get-matches-by-job/${id(jobId)}`, { query: { ...query }, signal }),
  /** Spec §7: PATCH /employer/match/update-match-status/{matchId}, body {status}. */
  updateMatchStatus: (matchId: string, status: TMatchStatus) =>
    http.patch<TMatchUpdate>(`/employer/match/update-match-status/${id(matchId)}`, { status }),
};
