import type { TDashboardSummary } from '@medhire/contract/dashboard';
import { http } from '../../../lib/http.ts';

export const dashboardApi = {
  getSummary: (userId: string, signal?: AbortSignal) =>
    http.get<TDashboardSummary>(`/employer/dashboard/get-summary/${encodeURIComponent(userId)}`, { signal }),
};
