import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { RequireSession, RequireSignedOut } from './route-guards.tsx';
import { Shell } from './shell.tsx';

/** Each screen downloads the first time its route opens. */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const jobs = () => import('../features/jobs/job-screens.tsx');
const alerts = () => import('../features/alerts/alert-screens.tsx');
const messages = () => import('../features/messages/messages-screens.tsx');

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorScreen />,
    children: [
      {
        element: <RequireSignedOut />,
        children: [
          {
            path: 'sign-in',
            lazy: screen(
              () => import('../features/auth/sign-in-screen.tsx'),
              (module) => module.SignInScreen,
            ),
          },
          {
            path: 'sign-up',
            lazy: screen(
              () => import('../features/auth/sign-up-screen.tsx'),
              (module) => module.SignUpScreen,
            ),
          },
          {
            path: 'forgot-password',
            lazy: screen(
              () => import('../features/auth/forgot-password-screen.tsx'),
              (module) => module.ForgotPasswordScreen,
            ),
          },
        ],
      },
      {
        // Where Doximity sends the browser back; it decides for itself where to go next.
        path: 'oidc-callback',
        lazy: screen(
          () => import('../features/auth/oidc-callback-screen.tsx'),
          (module) => module.OidcCallbackScreen,
        ),
      },
      {
        // The interview e-mail's link: it works without signing in (its token names the interview).
        path: 'interview/:token',
        lazy: screen(
          () => import('../features/interviews/interview-link-screen.tsx'),
          (module) => module.InterviewLinkScreen,
        ),
      },
      {
        element: <RequireSession />,
        children: [
          {
            element: <Shell />,
            children: [
              { index: true, element: <Navigate to="/jobs" replace /> },
              { path: 'jobs', lazy: screen(jobs, (module) => module.JobSearchScreen) },
              {
                path: 'jobs/saved',
                lazy: screen(
                  () => import('../features/jobs/saved-jobs-screen.tsx'),
                  (module) => module.SavedJobsScreen,
                ),
              },
              { path: 'jobs/:jobId', lazy: screen(jobs, (module) => module.JobScreen) },
              { path: 'alerts', lazy: screen(alerts, (module) => module.AlertsScreen) },
              { path: 'alerts/new', lazy: screen(alerts, (module) => module.NewAlertScreen) },
              { path: 'alerts/:alertId', lazy: screen(alerts, (module) => module.EditAlertScreen) },
              {
                path: 'visibility',
                lazy: screen(
                  () => import('../features/visibility/visibility-screen.tsx'),
                  (module) => module.VisibilityScreen,
                ),
              },
              {
                path: 'applications',
                lazy: screen(
                  () => import('../features/applications/applications-screen.tsx'),
                  (module) => module.ApplicationsScreen,
                ),
              },
              {
                path: 'interviews',
                lazy: screen(
                  () => import('../features/interviews/interviews-screen.tsx'),
                  (module) => module.InterviewsScreen,
                ),
              },
              {
                path: 'invites',
                lazy: screen(
                  () => import('../features/invites/invites-screen.tsx'),
                  (module) => module.InvitesScreen,
                ),
              },
              { path: 'messages', lazy: screen(messages, (module) => module.ConversationsScreen) },
              { path: 'messages/:conversationId', lazy: screen(messages, (module) => module.ThreadScreen) },
              {
                path: 'profile',
                lazy: screen(
                  () => import('../features/profile/profile-screen.tsx'),
                  (module) => module.ProfileScreen,
                ),
              },
              {
                path: 'notifications',
                lazy: screen(
                  () => import('../features/notifications/notifications-screen.tsx'),
                  (module) => module.NotificationsScreen,
                ),
              },
              {
                path: 'settings',
                lazy: screen(
                  () => import('./settings-page.tsx'),
                  (module) => module.SettingsPage,
                ),
              },
              {
                path: '*',
                lazy: screen(
                  () => import('./not-found-screen.tsx'),
                  (module) => module.NotFoundScreen,
                ),
              },
            ],
          },
        ],
      },
    ],
  },
];

/** The app lives under /physician/ (vite `base`); its routes are written without it. */
export const ROUTER_BASENAME = '/physician';

export function createAppRouter() {
  return createBrowserRouter(routes, { basename: ROUTER_BASENAME });
}
