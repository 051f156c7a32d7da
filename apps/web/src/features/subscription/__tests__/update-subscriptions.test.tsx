import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeSubscription, metaOf, plan, sandboxPlans, subscriptionData } from './subscription-fixtures.ts';

const session = makeSession({ user: { subscriptionMeta: metaOf(makeSubscription()) } });

describe('/update-subscriptions', () => {
  it('marks the current plan, previews the prorated charge, and changes the plan only once confirmed', async () => {
    const previews: unknown[] = [];
    const changes: { body: unknown; key: string | null }[] = [];
    const upgraded = makeSubscription({ plan: plan('enterprise'), invitesLeft: 52, invitesPerPeriod: 60 });
    mockApi({
      'GET /api/employer/subscription/get-plans': () => envelope(sandboxPlans),
      'GET /api/employer/subscription/get-subscription/user-1': () =>
        envelope(subscriptionData(makeSubscription())),
      'POST /api/employer/subscription/preview-change/user-1': ({ body }) => {
        previews.push(body);
        return envelope({
          amountDueNowCents: 16700,
          currency: 'usd',
          isUpgrade: true,
          effectiveAt: '2026-11-23T13:00:00.000Z',
          description:
            'Enterprise from today: $167.00 for the 17 days left of this period, after the unused Professional time.',
        });
      },
      'POST /api/employer/subscription/change-plan/user-1': ({ body, headers }) => {
        changes.push({ body, key: headers.get('Idempotency-Key') });
        return envelope(subscriptionData(upgraded));
      },
      'GET /api/employer/subscription/get-invoices/user-1': () =>
        envelope({ invoices: [], total: 0, pageNumber: 1, pageSize: 10 }),
    });
    const { user, router, store } = renderApp('/update-subscriptions', { session });

    const cards = await screen.findByRole('list', { name: 'Plans' });
    const professional = within(cards).getByRole('listitem', { name: 'Professional' });
    expect(within(professional).getByText('Current plan')).toBeInTheDocument();
    expect(within(professional).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(cards).getByRole('button', { name: 'Switch to Enterprise' }));
    const dialog = await screen.findByRole('dialog', { name: 'Switch to Enterprise, monthly' });
    expect(dialog).toHaveTextContent('Due now$167');
    expect(dialog).toHaveTextContent('$167.00 for the 17 days left');
    expect(previews).toEqual([{ planId: 'enterprise', interval: 'month' }]);
    expect(changes).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay $167' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage-subscriptions'));
    expect(changes).toEqual([
      { body: { planId: 'enterprise', interval: 'month' }, key: expect.stringMatching(/\S{16,}/) },
    ]);
    expect(store.getState().auth.user?.subscriptionMeta).toMatchObject({
      planName: 'Enterprise',
      invitesLeft: 52,
    });
  });

  it('explains a downgrade starts at the period end and charges nothing now', async () => {
    mockApi({
      'GET /api/employer/subscription/get-plans': () => envelope(sandboxPlans),
      'GET /api/employer/subscription/get-subscription/user-1': () =>
        envelope(subscriptionData(makeSubscription())),
      'POST /api/employer/subscription/preview-change/user-1': () =>
        envelope({
          amountDueNowCents: 0,
          currency: 'usd',
          isUpgrade: false,
          effectiveAt: '2026-12-10T00:00:00.000Z',
          description: 'Starter from December 10, 2026. Nothing is charged today.',
        }),
    });
    const { user } = renderApp('/update-subscriptions', { session });
    await user.click(await screen.findByRole('button', { name: 'Switch to Starter' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Due now$0');
    expect(dialog).toHaveTextContent('Takes effectDecember 10, 2026');
    expect(within(dialog).getByRole('button', { name: 'Confirm change' })).toBeInTheDocument();
  });

  it('sends an account without an active subscription to choose a plan', async () => {
    mockApi({
      'GET /api/employer/subscription/get-plans': () => envelope(sandboxPlans),
      'GET /api/employer/subscription/get-subscription/user-1': () => envelope(subscriptionData(null)),
    });
    renderApp('/update-subscriptions', { session });
    expect(await screen.findByText(/Only an active subscription can change plan/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/payment');
    expect(screen.queryByRole('list', { name: 'Plans' })).not.toBeInTheDocument();
  });
});
