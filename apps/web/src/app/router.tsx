import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { FullPageLoader } from './full-page-loader.tsx';
import { RootLayout } from './root-layout.tsx';
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
const onboarding = () => import('../features/organizations/components/organization-screens.tsx');
const jobs = () => import('../features/jobs/components/jobs-screens.tsx');
const applicants = () => import('../features/applicants/components/applicants-screens.tsx');
const preferences = () => import('../features/preferences/components/would-you-rather-screen.tsx');
const authScreens = () => import('../features/auth/components/account-access-screens.tsx');

/** Every route of spec §2. Layouts are chosen by RootLayout, access by the guards. */
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
        children: [
          {
            path: 'home',
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
            lazy: screen(
              () => import('./settings-layout.tsx'),
              (module) => module.SettingsLayout,
            ),
            children: [
              {
                path: 'team',
                lazy: screen(
                  () => import('../features/team/components/team-screen.tsx'),
                  (module) => module.TeamScreen,
                ),
              },
              {
                path: 'activity',
                lazy: screen(
                  () => import('../features/activity/components/activity-screen.tsx'),
                  (module) => module.ActivityScreen,
                ),
              },
              {
                path: 'data-export',
                lazy: screen(
                  () => import('../features/data-export/components/data-export-screen.tsx'),
                  (module) => module.DataExportScreen,
                ),
              },
            ],
          },
          { path: 'create-job', lazy: screen(jobs, (module) => module.CreateJobScreen) },
          { path: 'edit-job/:id', lazy: screen(jobs, (module) => module.EditJobScreen) },
          { path: 'jobs', lazy: screen(jobs, (module) => module.JobsScreen) },
          { path: 'jobs-resident', lazy: screen(jobs, (module) => module.JobsResidentScreen) },
          {
            path: 'jobs-resident/:id',
            lazy: screen(
              () => import('../features/pipeline/components/job-pipeline-screen.tsx'),
              (module) => module.JobPipelineScreen,
            ),
          },
          {
            path: 'claimBusinessProfile',
            lazy: screen(authScreens, (module) => module.ClaimBusinessProfileScreen),
          },
          { path: 'edit-profile', lazy: screen(onboarding, (module) => module.EditProfileScreen) },
          {
            path: 'explore',
            lazy: screen(
              () => import('../features/explore/components/explore-screen.tsx'),
              (m) => m.ExploreScreen,
            ),
          },
          {
            path: 'notifications',
            lazy: screen(
              () => import('../features/notifications/components/notifications-screen.tsx'),
              (module) => module.NotificationsScreen,
            ),
          },
          { path: 'applicants', lazy: screen(applicants, (module) => module.ApplicantsScreen) },
          { path: 'applicants/:id', lazy: screen(applicants, (module) => module.ApplicantScreen) },
          {
            path: 'messages',
            lazy: screen(
              () => import('../features/conversations/components/messages-screen.tsx'),
              (module) => module.MessagesScreen,
            ),
          },
          { path: 'would-you-rather', lazy: screen(preferences, (module) => module.WouldYouRatherScreen) },
          {
            path: 'edit-profile/would-you-rather',
            lazy: screen(preferences, (module) => module.EditPreferencesScreen),
          },
          {
            path: 'manage-subscriptions',
            lazy: screen(
              () => import('../features/subscription/components/manage-subscriptions-screen.tsx'),
              (module) => module.ManageSubscriptionsScreen,
            ),
          },
          {
            path: 'update-subscriptions',
            lazy: screen(
              () => import('../features/subscription/components/update-subscriptions-screen.tsx'),
              (module) => module.UpdateSubscriptionsScreen,
            ),
          },
          {
            path: 'payment',
            lazy: screen(
              () => import('../features/subscription/components/payment-screen.tsx'),
              (module) => module.PaymentScreen,
            ),
          },
          {
            path: 'global-connection',
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
