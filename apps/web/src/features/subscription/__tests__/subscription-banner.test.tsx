import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeSubscription, subscriptionData } from './subscription-fixtures.ts';

const summaryRoute = {
  'GET /api/employer/dashboard/get-summary/user-1': () =>
    envelope({
      openJobs: 0,
      draftJobs: 0,
      totalApplicants: 0,
      newApplicants: 0,
      savedApplicants: 0,
      matchesByStatus: { pending: 0, accepted: 0, declined: 0, cancelled: 0 },
      pipeline: { Shortlisted: 0, Submitted: 0, Rejected: 0, Interview: 0, Offer: 0, Hired: 0 },
      applicationsByWeek: [],
      recentActivity: [],
    }),
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('the subscription banner in the main layout', () => {
  it('warns when the last payment failed', async () => {
    mockApi(summaryRoute);
    renderApp('/home', { session: makeSession({ user: { subscriptionStatus: 'past_due' } }) });
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent('Your last payment failed.');
    expect(within(banner).getByRole('link', { name: 'Manage subscription' })).toHaveAttribute(
      'href',
      '/manage-subscriptions',
    );
  });

  it('does not ask the server for the subscription of a member without billing rights', async () => {
    const { calls } = mockApi(summaryRoute);
    renderApp('/home', {
      session: makeSession({
        user: {
          subscriptionStatus: 'active',
          subscriptionMeta: {
            planId: 'plan-growth',
            planName: 'Growth',
            currentPeriodEnd: inDays(3),
            invitesLeft: 4,
          },
          memberRole: 'recruiter',
          rights: ['account.self', 'organization.read', 'team.read', 'jobs.read', 'jobs.create', 'dashboard'],
        },
      }),
    });
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    expect(calls.some((call) => call.path.includes('/subscription/'))).toBe(false);
  });

  it('shows a member without billing rights a failed payment without the billing link', async () => {
    mockApi(summaryRoute);
    renderApp('/home', {
      session: makeSession({
        user: { subscriptionStatus: 'past_due', memberRole: 'admin', rights: ['dashboard'] },
      }),
    });
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent("The organization's owner manages the subscription.");
    expect(within(banner).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says when a canceled plan ends within the week, and stays away while it renews', async () => {
    const end = inDays(3);
    const { calls } = mockApi({
      ...summaryRoute,
      'GET /api/employer/subscription/get-subscription/user-1': () =>
        envelope(subscriptionData(makeSubscription({ currentPeriodEnd: end, cancelAtPeriodEnd: true }))),
    });
    renderApp('/home', {
      session: makeSession({
        user: {
          subscriptionMeta: {
            planId: 'professional',
            planName: 'Professional',
            currentPeriodEnd: end,
            invitesLeft: 4,
          },
        },
      }),
    });
    const banner = await screen.findByRole('region', { name: 'Subscription notice' });
    expect(banner).toHaveTextContent(/Your Professional plan ends on .* and will not renew\./);
    expect(within(banner).getByRole('link', { name: 'Resume subscription' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.includes('get-subscription'))).toHaveLength(1);
  });

  it('shows nothing for an active plan that renews later, without asking the server', async () => {
    const { calls } = mockApi(summaryRoute);
    renderApp('/home', { session: makeSession() });
    await screen.findByRole('region', { name: 'Key figures' }).catch(() => undefined);
    expect(screen.queryByRole('region', { name: 'Subscription notice' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('subscription'))).toBe(false);
  });
});
