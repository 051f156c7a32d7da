import type {
  TCreateJobAlertBody,
  TDeleteJobAlertData,
  TJobAlert,
  TJobAlertList,
  TUpdateJobAlertBody,
} from '@medhire/contract/job-alerts';
import { api } from '../../lib/api.ts';

const alertsWithTags = api.enhanceEndpoints({ addTagTypes: ['Alerts'] });

export const alertsApi = alertsWithTags.injectEndpoints({
  endpoints: (build) => ({
    getAlerts: build.query<TJobAlertList, void>({
      query: () => ({ path: '/employee/alert/get-all-alerts' }),
      providesTags: ['Alerts'],
    }),
    getAlert: build.query<TJobAlert, string>({
      query: (alertId) => ({ path: `/employee/alert/get-alert/${encodeURIComponent(alertId)}` }),
      providesTags: (_result, _error, alertId) => [{ type: 'Alerts', id: alertId }],
    }),
    createAlert: build.mutation<TJobAlert, TCreateJobAlertBody>({
      query: (body) => ({ path: '/employee/alert/create-alert', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : ['Alerts']),
    }),
    updateAlert: build.mutation<TJobAlert, { alertId: string; body: TUpdateJobAlertBody }>({
      query: ({ alertId, body }) => ({
        path: `/employee/alert/update-alert/${encodeURIComponent(alertId)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_result, error, { alertId }) =>
        error ? [] : ['Alerts', { type: 'Alerts', id: alertId }],
    }),
    deleteAlert: build.mutation<TDeleteJobAlertData, string>({
      query: (alertId) => ({
        path: `/employee/alert/delete-alert/${encodeURIComponent(alertId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error) => (error ? [] : ['Alerts']),
    }),
  }),
});

export const {
  useGetAlertsQuery,
  useGetAlertQuery,
  useCreateAlertMutation,
  useUpdateAlertMutation,
  useDeleteAlertMutation,
} = alertsApi;
