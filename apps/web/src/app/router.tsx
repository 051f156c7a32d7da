import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from './full-page-loader.tsx';
import { RootLayout } from './root-layout.tsx';
import { ELSEWHERE, needs } from './route-access.ts';
import { RouteErrorScreen } from './route-error-screen.tsx';
import { GuestOnly, RequireSession } from './route-guards.tsx';

/** Route-level code splitting: each screen is fetched the first time its route is visited. */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

const signIn = screen(
  () => import('../features/auth/components/sign-in-screen.tsx'),
  (module) => module.SignInScreen,
);
const legal = () => import('../features/legal/components/legal-screens.tsx');
const editProfile = () => import('./edit-profile-route.tsx');
const onboarding = () => import('../features/organizations/components/organization-screens.tsx');
const jobs = () => import('../features/jobs/components/jobs-screens.tsx');
const preferences = () => import('../features/preferences/components/would-you-rather-screen.tsx');
const authScreens = () => import('../features/auth/components/account-access-screens.tsx');

/**
 * Every route of spec §2. Layouts are chosen by RootLayout, access by the guards: a signed-in
 * page tied to a right of the rights table says so in its `handle` (`needs(right, …)`), and
 * RequireSession explains instead of showing it to a role without that right. The end-to-end
 * walk (e2e/rights.e2e.test.ts) visits every path here as every role.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteErrorScreen />,
    HydrateFallback: FullPageLoader,
    children: [
      {
        Component: GuestOnly,
        children: [
          { index: true, lazy: signIn },
          { path: 'signIn', lazy: signIn },
          { path: 'register', lazy: screen(authScreens, (module) => module.RegisterScreen) },
          {
            path: 'recover-password',
            lazy: screen(authScreens, (module) => module.RecoverPasswordScreen),
          },
          { path: 'claimBusiness', lazy: screen(authScreens, (module) => module.ClaimBusinessScreen) },
        ],
      },
      {
        path: 'join-team/:token',
        lazy: screen(
          () => import('../features/team/components/join-team-screen.tsx'),
          (module) => module.JoinTeamScreen,
        ),
      },
      { path: 'setupPassword', lazy: screen(authScreens, (module) => module.SetPasswordScreen) },
      { path: 'set-up-password', lazy: screen(authScreens, (module) => module.SetPasswordScreen) },
      {
        path: 'auth/doximity/success',
        lazy: screen(authScreens, (module) => module.DoximitySuccessScreen),
      },
      { path: 'terms-conditions', lazy: screen(legal, (module) => module.TermsConditionsScreen) },
      { path: 'delegate-access', lazy: screen(legal, (module) => module.DelegateAccessScreen) },
      { path: 'privacy-policy', lazy: screen(legal, (module) => module.PrivacyPolicyScreen) },
      { path: 'licensing-agreement', lazy: screen(legal, (module) => module.LicensingAgreementScreen) },
      { path: 'subscription-agreement', lazy: screen(legal, (module) => module.SubscriptionAgreementScreen) },
      // Reachable signed out as well as signed in (spec §2).
      {
        path: 'establish-profile',
        lazy: screen(onboarding, (module) => module.EstablishProfileScreen),
      },
      {
        Component: RequireSession,
        handle: { isSignedIn: true },
        children: [
          {
            path: 'home',
            handle: needs('dashboard', 'see the dashboard', ELSEWHERE.jobs),
            lazy: screen(
              () => import('../features/home/components/home-screen.tsx'),
              (m) => m.HomeScreen,
            ),
          },
          {
            path: 'delegate-agreement',
            lazy: screen(
              () => import('./delegate-agreement-screen.tsx'),
              (module) => module.DelegateAgreementScreen,
            ),
          },
          {
            path: 'settings',
            handle: needs('team.read', 'open settings'),
            lazy: screen(
              () => import('./settings-layout.tsx'),
              (module) => module.SettingsLayout,
            ),
            children: [
              {
                path: 'team',
                handle: needs('team.read', 'see the team'),
                lazy: screen(
                  () => import('../features/team/components/team-screen.tsx'),
                  (module) => module.TeamScreen,
                ),
              },
              {
                path: 'availability',
                handle: needs('account.self', 'set your interview availability'),
                lazy: screen(
                  () => import('./availability-route.tsx'),
                  (module) => module.AvailabilityRoute,
                ),
              },
              {
                path: 'templates',
                handle: needs('messages', 'use message templates'),
                lazy: screen(
                  () => import('../features/message-templates/components/templates-screen.tsx'),
                  (module) => module.TemplatesScreen,
                ),
              },
              {
                path: 'security',
                handle: needs('account.self', 'protect your sign-in'),
                lazy: screen(
                  () => import('./security-route.tsx'),
                  (module) => module.SecurityRoute,
                ),
              },
              {
                path: 'activity',
                handle: needs('activity.read', 'see the activity log', ELSEWHERE.team),
                lazy: screen(
                  () => import('../features/activity/components/activity-screen.tsx'),
                  (module) => module.ActivityScreen,
                ),
              },
              {
                path: 'data-export',
                handle: needs('data.export', "export the organization's data", ELSEWHERE.team),
                lazy: screen(
                  () => import('../features/data-export/components/data-export-screen.tsx'),
                  (module) => module.DataExportScreen,
                ),
              },
            ],
          },
          {
            path: 'create-job',
            handle: needs('jobs.create', 'post jobs', ELSEWHERE.jobs),
            lazy: screen(jobs, (module) => module.CreateJobScreen),
          },
          {
            path: 'edit-job/:id',
            handle: needs('jobs.edit', 'edit jobs', ELSEWHERE.jobs),
            lazy: screen(jobs, (module) => module.EditJobScreen),
          },
          {
            path: 'jobs',
            handle: needs('jobs.read', 'see jobs'),
            lazy: screen(jobs, (module) => module.JobsScreen),
          },
          {
            path: 'jobs-resident',
            handle: needs('jobs.read', 'see jobs'),
            lazy: screen(jobs, (module) => module.JobsResidentScreen),
          },
          {
            path: 'jobs-resident/:id',
            handle: needs('applicants', "work a job's applicants", ELSEWHERE.jobs),
            lazy: screen(
              () => import('./job-pipeline-route.tsx'),
              (module) => module.JobPipelineRoute,
            ),
          },
          {
            path: 'claimBusinessProfile',
            handle: needs('organization.edit', 'claim an organization', ELSEWHERE.profile),
            lazy: screen(authScreens, (module) => module.ClaimBusinessProfileScreen),
          },
          { path: 'edit-profile', lazy: screen(editProfile, (module) => module.EditProfileRoute) },
          {
            path: 'explore',
            handle: needs('applicants', 'explore physicians'),
            lazy: screen(
              () => import('../features/explore/components/explore-screen.tsx'),
              (m) => m.ExploreScreen,
            ),
          },
          {
            path: 'notifications',
            handle: needs('account.self', 'see notifications'),
            lazy: screen(
              () => import('../features/notifications/components/notifications-screen.tsx'),
              (module) => module.NotificationsScreen,
            ),
          },
          {
            path: 'applicants',
            handle: needs('applicants', 'see applicants'),
            lazy: screen(
              () => import('./applicants-list-route.tsx'),
              (module) => module.ApplicantsListRoute,
            ),
          },
          {
            path: 'applicants/:id',
            handle: needs('applicants', 'see applicants'),
            lazy: screen(
              () => import('./applicant-route.tsx'),
              (module) => module.ApplicantRoute,
            ),
          },
          {
            path: 'reports',
            handle: needs('reports.read', 'see hiring reports'),
            lazy: screen(
              () => import('../features/reports/components/reports-screen.tsx'),
              (module) => module.ReportsScreen,
            ),
          },
          {
            path: 'interviews',
            handle: needs('applicants', 'see the team calendar'),
            lazy: screen(
              () => import('../features/interviews/components/interviews-calendar-screen.tsx'),
              (module) => module.InterviewsCalendarScreen,
            ),
          },
          {
            path: 'messages',
            handle: needs('messages', 'send messages'),
            lazy: screen(
              () => import('../features/conversations/components/messages-screen.tsx'),
              (module) => module.MessagesScreen,
            ),
          },
          {
            path: 'would-you-rather',
            handle: needs('organization.edit', 'set the candidate preferences'),
            lazy: screen(preferences, (module) => module.WouldYouRatherScreen),
          },
          {
            path: 'edit-profile/would-you-rather',
            handle: needs('organization.edit', 'change the candidate preferences', ELSEWHERE.profile),
            lazy: screen(preferences, (module) => module.EditPreferencesScreen),
          },
          {
            path: 'manage-subscriptions',
            handle: needs('billing', 'manage the subscription'),
            lazy: screen(
              () => import('../features/subscription/components/manage-subscriptions-screen.tsx'),
              (module) => module.ManageSubscriptionsScreen,
            ),
          },
          {
            path: 'update-subscriptions',
            handle: needs('billing', 'manage the subscription'),
            lazy: screen(
              () => import('../features/subscription/components/update-subscriptions-screen.tsx'),
              (module) => module.UpdateSubscriptionsScreen,
            ),
          },
          {
            path: 'payment',
            handle: needs('billing', 'manage the subscription'),
            lazy: screen(
              () => import('../features/subscription/components/payment-screen.tsx'),
              (module) => module.PaymentScreen,
            ),
          },
          {
            path: 'global-connection',
            handle: needs('billing', 'use Global Connection, a subscription feature'),
            lazy: screen(
              () => import('./global-connection-route.tsx'),
              (module) => module.GlobalConnectionRoute,
            ),
          },
        ],
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
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
