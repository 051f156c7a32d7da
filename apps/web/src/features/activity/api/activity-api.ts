import type { TActivityFiltersData, TActivityLogData, TActivityType } from '@medhire/contract/activity';
import { http } from '../../../lib/http.ts';

const base = '/employer/activity';

export interface ActivityLogQuery {
  pageSize: number;
  pageNumber: number;
  memberId?: string;
  type?: readonly TActivityType[];
  /** ISO times, inclusive. */
  from?: string;
  to?: string;
}

/** The organisation's activity log (/api/employer/activity, issue 14). */
export const activityApi = {
  getActivityLog: (query: ActivityLogQuery, signal?: AbortSignal) =>
    http.get<TActivityLogData>(`${base}/get-activity-log`, {
      query: { ...query, type: query.type && query.type.length > 0 ? query.type : undefined },
      signal,
    }),
  getActivityFilters: (signal?: AbortSignal) =>
    http.get<TActivityFiltersData>(`${base}/get-activity-filters`, { signal }),
};
