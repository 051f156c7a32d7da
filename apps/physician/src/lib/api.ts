import { createAction } from '@reduxjs/toolkit';
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import { HttpError, type Method, type QueryValue, request } from './http.ts';

/** The server no longer knows the session (signed out elsewhere, expired): the app signs out here too. */
export const sessionEnded = createAction('session/ended');

export interface ApiCall {
  path: string;
  method?: Method;
  query?: Record<string, QueryValue>;
  body?: unknown;
}

export interface ApiFailure {
  message: string;
  status?: number;
  code?: string;
  reason?: string;
}

const baseQuery: BaseQueryFn<ApiCall, unknown, ApiFailure> = async (call, api) => {
  try {
    const data = await request(call.method ?? 'GET', call.path, {
      query: call.query,
      body: call.body,
      signal: api.signal,
    });
    return { data };
  } catch (error) {
    if (error instanceof HttpError) {
      if (error.status === 401) api.dispatch(sessionEnded());
      return {
        error: { message: error.message, status: error.status, code: error.code, reason: error.reason },
      };
    }
    throw error;
  }
};

/**
 * One cache for the physician's server data. Features add their endpoints with
 * `api.injectEndpoints`, so each screen's chunk carries only its own calls; the tags let one
 * feature's change refresh another's list without importing it.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Profile',
    'Jobs',
    'Job',
    'Applications',
    'Invites',
    'Interviews',
    'Conversations',
    'Enums',
    'Notifications',
    'NotificationPreferences',
    'Devices',
    'Security',
  ],
  endpoints: () => ({}),
});
