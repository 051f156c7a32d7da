import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeInvoice, makeSubscription, sandboxPlans, subscriptionData } from './subscription-fixtures.ts';

const pendingSession = makeSession({
  user: {
    accountStatus: 'pending',
    subscriptionStatus: 'incomplete',
    subscriptionMeta: { planId: null, planName: null, currentPeriodEnd: null, invitesLeft: 0 },
  },
});

const CHECKOUT = 'POST /api/employer/subscription/checkout/user-1';

function paid() {
  const subscription = makeSubscription();
  return envelope({
    status: 'succeeded',
    ...subscriptionData(subscription),
    subscription,
    invoice: makeInvoice(),
  });
}

async function fillCard(user: ReturnType<typeof renderApp>['user'], number: string) {
  await user.type(screen.getByLabelText('Name on card'), 'Dana Whitfield');
  await user.type(screen.getByLabelText('Card number'), number);
  await user.type(screen.getByLabelText('Expiry month'), '4');
  await user.type(screen.getByLabelText('Expiry year'), '2031');
  await user.type(screen.getByLabelText('Security code (CVC)'), '123');
}

function baseRoutes() {
  return {
    'GET /api/employer/subscription/get-plans': () => envelope(sandboxPlans),
    'GET /api/employer/auth/sync-user-detail/user-1': () =>
      envelope({
        user: { ...pendingSession.user, accountStatus: 'approved', subscriptionStatus: 'active' },
        code: 200,
      }),
  };
}

describe('/payment', () => {
  it('shows the plans with what each includes, switches to yearly prices, and lists the sandbox test cards', async () => {
    mockApi(baseRoutes());
    const { user } = renderApp('/payment', { session: pendingSession });

    const cards = await screen.findByRole('list', { name: 'Plans' });
    const professional = within(cards).getByRole('listitem', { name: 'Professional' });
    expect(professional).toHaveTextContent('$149/month');
    const includes = within(professional).getByRole('list', { name: 'Professional includes' });
    expect(
      within(includes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['20 invites a month', '5 team seats', 'Every page of recommended applicants']);
    expect(screen.getByRole('radio', { name: 'Choose Professional' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: /Yearly/ }));
    expect(professional).toHaveTextContent('$1,490/year');
    // Yearly billing states the year's allowance, once, and nothing per month or per "billing period".
    expect(within(includes).getAllByRole('listitem')[0]).toHaveTextContent('240 invites a year');
    expect(includes).not.toHaveTextContent(/invites a month|billing period|match invites/);
    expect(screen.getByText('240 invites a year', { selector: '.order-summary dd' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay $1,490 and subscribe' })).toBeInTheDocument();

    const testCards = screen.getByRole('region', { name: 'Test cards' });
    expect(testCards).toHaveTextContent('4242 4242 4242 4242');
    expect(testCards).toHaveTextContent('4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Use test card 4000 0000 0000 0002' }));
    expect(screen.getByLabelText('Card number')).toHaveValue('4000 0000 0000 0002');
  });

  it('checks the card before sending anything', async () => {
    const { calls } = mockApi(baseRoutes());
    const { user } = renderApp('/payment', { session: pendingSession });
    await user.click(await screen.findByRole('button', { name: 'Pay $149 and subscribe' }));
    expect(await screen.findByText('Enter the name on the card.')).toBeInTheDocument();
    expect(screen.getByLabelText('Card number')).toHaveAccessibleDescription(/card number/i);
    expect(screen.getByText('Enter the security code.')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry month.')).toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('/checkout/'))).toBe(false);
  });

  it('shows why a card was declined, lets the person retry with another card, and lands on /home once paid', async () => {
    const bodies: unknown[] = [];
    const keys: (string | null)[] = [];
    let attempt = 0;
    mockApi({
      ...baseRoutes(),
      [CHECKOUT]: ({ body, headers }) => {
        bodies.push(body);
        keys.push(headers.get('Idempotency-Key'));
        attempt += 1;
        return attempt === 1 ? failure('Your card was declined.', 422, 'CARD_DECLINED') : paid();
      },
    });
    const { user, router, store } = renderApp('/payment', { session: pendingSession });
    await screen.findByRole('list', { name: 'Plans' });
    await user.click(screen.getByRole('radio', { name: 'Choose Enterprise' }));
    await fillCard(user, '4000 0000 0000 0002');
    await user.click(screen.getByRole('button', { name: 'Pay $399 and subscribe' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment not completed');
    expect(alert).toHaveTextContent('Your card was declined.');
    expect(router.state.location.pathname).toBe('/payment');

    const number = screen.getByLabelText('Card number');
    await user.clear(number);
    await user.type(number, '4242 4242 4242 4242');
    await user.click(screen.getByRole('button', { name: 'Pay $399 and subscribe' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(bodies[0]).toEqual({
      planId: 'enterprise',
      interval: 'month',
      card: { number: '4000000000000002', expMonth: 4, expYear: 2031, cvc: '123', name: 'Dana Whitfield' },
    });
    // A declined attempt is over: the retry is a new attempt with its own key.
    expect(keys[0]).toMatch(/\S{16,}/);
    expect(keys[1]).toMatch(/\S{16,}/);
    expect(keys[1]).not.toBe(keys[0]);
    expect(store.getState().auth.user?.subscriptionStatus).toBe('active');
    expect(store.getState().subscription.userSubscription).toMatchObject({ _id: 'sub-1' });
  });

  it('reuses the Idempotency-Key when the same payment is retried after a lost answer', async () => {
    const keys: (string | null)[] = [];
    mockApi({
      ...baseRoutes(),
      [CHECKOUT]: ({ headers }) => {
        keys.push(headers.get('Idempotency-Key'));
        if (keys.length === 1) throw new TypeError('Failed to fetch');
        return paid();
      },
    });
    const { user, router } = renderApp('/payment', { session: pendingSession });
    await screen.findByRole('list', { name: 'Plans' });
    await fillCard(user, '4242424242424242');
    await user.click(screen.getByRole('button', { name: 'Pay $149 and subscribe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't reach MedHire. Check your connection and try again.",
    );
    await user.click(screen.getByRole('button', { name: 'Pay $149 and subscribe' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
  });

  it('asks for the extra authentication step and pays once it is completed', async () => {
    const confirmations: unknown[] = [];
    mockApi({
      ...baseRoutes(),
      [CHECKOUT]: () => envelope({ status: 'requires_action', actionId: 'act-1', subscription: null }),
      'POST /api/employer/subscription/confirm-action/act-1': ({ body }) => {
        confirmations.push(body);
        return paid();
      },
    });
    const { user, router } = renderApp('/payment', { session: pendingSession });
    await screen.findByRole('list', { name: 'Plans' });
    await fillCard(user, '4000 0027 6000 3184');
    await user.click(screen.getByRole('button', { name: 'Pay $149 and subscribe' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment with your bank' });
    await user.click(within(dialog).getByRole('button', { name: 'Complete authentication' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(confirmations).toEqual([{ approve: true }]);
  });

  it('leaves the card uncharged and says so when the extra step is abandoned', async () => {
    const confirmations: unknown[] = [];
    mockApi({
      ...baseRoutes(),
      [CHECKOUT]: () => envelope({ status: 'requires_action', actionId: 'act-2', subscription: null }),
      'POST /api/employer/subscription/confirm-action/act-2': ({ body }) => {
        confirmations.push(body);
        return failure('Authentication was not completed.', 422, 'CARD_DECLINED');
      },
    });
    const { user, router } = renderApp('/payment', { session: pendingSession });
    await screen.findByRole('list', { name: 'Plans' });
    await fillCard(user, '4000 0027 6000 3184');
    await user.click(screen.getByRole('button', { name: 'Pay $149 and subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm this payment with your bank' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Authentication was not completed.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(confirmations).toEqual([{ approve: false }]);
    expect(router.state.location.pathname).toBe('/payment');
  });

  it('sends the person to Stripe Checkout when Stripe is the provider', async () => {
    const assigned: string[] = [];
    const original = window.location.assign;
    Object.defineProperty(window.location, 'assign', {
      configurable: true,
      value: (url: string) => assigned.push(url),
    });
    try {
      mockApi({
        'GET /api/employer/subscription/get-plans': () =>
          envelope({ plans: sandboxPlans.plans, provider: 'stripe' }),
        [CHECKOUT]: () =>
          envelope({ status: 'redirect', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }),
      });
      const { user } = renderApp('/payment?checkout=canceled', { session: pendingSession });
      // Back from Stripe without paying: said plainly, and the way to try again is right there.
      expect(await screen.findByText(/nothing was charged/)).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'Continue to secure checkout' }));
      await waitFor(() => expect(assigned).toEqual(['https://checkout.stripe.com/c/pay/cs_test_1']));
      expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Test cards' })).not.toBeInTheDocument();
    } finally {
      Object.defineProperty(window.location, 'assign', { configurable: true, value: original });
    }
  });
});
