import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import {
  makeInvoice,
  makeSubscription,
  metaOf,
  sandboxPlans,
  subscriptionData,
} from './subscription-fixtures.ts';

const session = makeSession({ user: { subscriptionMeta: metaOf(makeSubscription()) } });
const GET = 'GET /api/employer/subscription/get-subscription/user-1';
const INVOICES = 'GET /api/employer/subscription/get-invoices/user-1';
const PLANS = 'GET /api/employer/subscription/get-plans';
const UPDATE_CARD = 'POST /api/employer/subscription/update-card/user-1';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/manage-subscriptions', () => {
  it('shows the plan, status, renewal date, invites left on a meter, the card and the invoices', async () => {
    mockApi({
      [GET]: () => envelope(subscriptionData(makeSubscription())),
      [INVOICES]: ({ url }) => {
        expect(url.searchParams.get('pageNumber')).toBe('1');
        return envelope({
          invoices: [
            makeInvoice(),
            makeInvoice({ _id: 'inv-0', number: 'MH-2026-000090', createdAt: '2026-10-10T00:00:00.000Z' }),
          ],
          total: 2,
          pageNumber: 1,
          pageSize: 10,
        });
      },
    });
    renderApp('/manage-subscriptions', { session });

    const plan = await screen.findByRole('region', { name: 'Current plan' });
    expect(plan).toHaveTextContent('Professional');
    expect(plan).toHaveTextContent('Active');
    expect(plan).toHaveTextContent('Renews on');
    expect(plan).toHaveTextContent('December 10, 2026');
    expect(plan).toHaveTextContent('Visa ending 4242, expires 04/2031');
    const meter = within(plan).getByRole('meter', { name: 'Invites left this period' });
    expect(meter).toHaveAttribute('aria-valuenow', '12');
    expect(meter).toHaveAttribute('aria-valuemax', '20');
    expect(meter).toHaveAttribute('aria-valuetext', '12 of 20 invites left');

    const table = await screen.findByRole('table', { name: 'Invoices' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent('MH-2026-000101');
    expect(rows[1]).toHaveTextContent('$149');
    expect(rows[1]).toHaveTextContent('Paid');
    // On a phone the rows stack into cards, Total and the PDF button included.
    expect(table).toHaveClass('table--stack');
    expect(within(rows[1] as HTMLElement).getByText('$149', { exact: false })).toHaveAttribute(
      'data-label',
      'Total',
    );
    expect(screen.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
      'href',
      '/update-subscriptions',
    );
  });

  it('downloads an invoice PDF with the session token and hands it to the browser', async () => {
    const pdf = new Blob(['%PDF-1.7 invoice'], { type: 'application/pdf' });
    let authorization: string | null = null;
    mockApi({
      [GET]: () => envelope(subscriptionData(makeSubscription())),
      [INVOICES]: () => envelope({ invoices: [makeInvoice()], total: 1, pageNumber: 1, pageSize: 10 }),
      'GET /api/employer/subscription/download-invoice/inv-1': ({ headers }) => {
        authorization = headers.get('Authorization');
        return new Response(pdf, { status: 200, headers: { 'Content-Type': 'application/pdf' } });
      },
    });
    const createObjectURL = vi.fn(() => 'blob:invoice');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user } = renderApp('/manage-subscriptions', { session });
    await user.click(await screen.findByRole('button', { name: 'PDF of invoice MH-2026-000101' }));
    await waitFor(() => expect(clicked).toEqual(['MedHire-invoice-MH-2026-000101.pdf']));
    expect(authorization).toBe('token-1');
    expect(createObjectURL).toHaveBeenCalledWith(expect.any(Blob));
  });

  it('says what cancelling does before cancelling at the period end, then offers to resume', async () => {
    const posted: string[] = [];
    mockApi({
      [GET]: () => envelope(subscriptionData(makeSubscription())),
      [INVOICES]: () => envelope({ invoices: [], total: 0, pageNumber: 1, pageSize: 10 }),
      'POST /api/employer/subscription/cancel/user-1': () => {
        posted.push('cancel');
        return envelope(subscriptionData(makeSubscription({ cancelAtPeriodEnd: true })));
      },
      'POST /api/employer/subscription/resume/user-1': () => {
        posted.push('resume');
        return envelope(subscriptionData(makeSubscription()));
      },
    });
    const { user, store } = renderApp('/manage-subscriptions', { session });
    await user.click(await screen.findByRole('button', { name: 'Cancel subscription' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel your subscription?' });
    expect(dialog).toHaveTextContent('Your Professional plan stays active until December 10, 2026');
    expect(dialog).toHaveTextContent('you can still use your 12 invites left');
    expect(dialog).toHaveTextContent('Your jobs, applicants and conversations stay');
    await user.click(within(dialog).getByRole('button', { name: 'Keep subscription' }));
    expect(posted).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    await user.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    const plan = screen.getByRole('region', { name: 'Current plan' });
    await within(plan).findByText('Ends on');
    expect(plan).toHaveTextContent('Ends Dec 10, 2026');
    expect(store.getState().subscription.userSubscription).toMatchObject({ cancelAtPeriodEnd: true });

    await user.click(screen.getByRole('button', { name: 'Resume subscription' }));
    await within(plan).findByText('Renews on');
    expect(posted).toEqual(['cancel', 'resume']);
    expect(screen.getByRole('button', { name: 'Cancel subscription' })).toBeInTheDocument();
  });

  it('offers a plan when there is no subscription, and a retry when loading fails', async () => {
    let attempts = 0;
    mockApi({
      [GET]: () => {
        attempts += 1;
        return attempts === 1
          ? failure('The service is unavailable.', 503, 'UNAVAILABLE')
          : envelope(subscriptionData(null));
      },
    });
    const { user } = renderApp('/manage-subscriptions', { session });
    expect(await screen.findByText('The service is unavailable.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No plan yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose a plan' })).toHaveAttribute('href', '/payment');
  });

  describe('Replace card', () => {
    const noInvoices = () => envelope({ invoices: [], total: 0, pageNumber: 1, pageSize: 10 });
    const mastercard = { brand: 'mastercard', last4: '4444', expMonth: 9, expYear: 2032 };

    it("replaces the card with the payment step's card form and shows the new card", async () => {
      const sent: unknown[] = [];
      mockApi({
        [GET]: () => envelope(subscriptionData(makeSubscription())),
        [INVOICES]: noInvoices,
        [PLANS]: () => envelope(sandboxPlans),
        [UPDATE_CARD]: ({ body }) => {
          sent.push(body);
          return envelope(subscriptionData(makeSubscription({ paymentMethod: mastercard })));
        },
      });
      const { user } = renderApp('/manage-subscriptions', { session });
      const plan = await screen.findByRole('region', { name: 'Current plan' });
      await user.click(within(plan).getByRole('button', { name: 'Replace card' }));

      const dialog = await screen.findByRole('dialog', { name: 'Replace card' });
      expect(dialog).toHaveTextContent('The new card replaces your Visa ending 4242');
      // The sandbox's test cards, as on the payment step.
      expect(within(dialog).getByRole('region', { name: 'Test cards' })).toHaveTextContent(
        '4242 4242 4242 4242',
      );
      await user.click(within(dialog).getByRole('button', { name: 'Save new card' }));
      expect(await within(dialog).findByText('Enter the card number.')).toBeInTheDocument();
      expect(sent).toEqual([]);

      await user.type(within(dialog).getByLabelText('Name on card'), 'Dana Whitfield');
      await user.type(within(dialog).getByLabelText('Card number'), '5555 5555 5555 4444');
      await user.type(within(dialog).getByLabelText('Expiry month'), '09');
      await user.type(within(dialog).getByLabelText('Expiry year'), '2032');
      await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Save new card' }));

      expect(await screen.findByText('Card replaced: Mastercard ending 4444.')).toBeInTheDocument();
      expect(screen.queryByRole('dialog', { name: 'Replace card' })).not.toBeInTheDocument();
      expect(plan).toHaveTextContent('Mastercard ending 4444, expires 09/2032');
      expect(sent).toEqual([
        {
          card: {
            name: 'Dana Whitfield',
            number: '5555555555554444',
            expMonth: 9,
            expYear: 2032,
            cvc: '123',
          },
        },
      ]);
    });

    it('keeps the dialog open with the reason when the card is declined', async () => {
      mockApi({
        [GET]: () => envelope(subscriptionData(makeSubscription())),
        [INVOICES]: noInvoices,
        [PLANS]: () => envelope(sandboxPlans),
        [UPDATE_CARD]: () => failure('Your card was declined.', 422, 'CARD_DECLINED'),
      });
      const { user } = renderApp('/manage-subscriptions', { session });
      await user.click(await screen.findByRole('button', { name: 'Replace card' }));
      const dialog = await screen.findByRole('dialog', { name: 'Replace card' });
      await user.click(within(dialog).getByRole('button', { name: 'Use test card 4000 0000 0000 0002' }));
      await user.type(within(dialog).getByLabelText('Name on card'), 'Dana Whitfield');
      await user.type(within(dialog).getByLabelText('Expiry month'), '12');
      await user.type(within(dialog).getByLabelText('Expiry year'), '2040');
      await user.type(within(dialog).getByLabelText('Security code (CVC)'), '123');
      await user.click(within(dialog).getByRole('button', { name: 'Save new card' }));
      expect(await within(dialog).findByText('Your card was declined.')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Current plan' })).toHaveTextContent('Visa ending 4242');
    });

    it('is not offered once the subscription has ended', async () => {
      mockApi({
        [GET]: () => envelope(subscriptionData(makeSubscription({ status: 'canceled' }))),
        [INVOICES]: noInvoices,
      });
      renderApp('/manage-subscriptions', { session });
      const plan = await screen.findByRole('region', { name: 'Current plan' });
      expect(plan).toHaveTextContent('Visa ending 4242');
      expect(within(plan).queryByRole('button', { name: 'Replace card' })).not.toBeInTheDocument();
    });
  });
});
