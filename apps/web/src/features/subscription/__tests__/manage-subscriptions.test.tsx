import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeInvoice, makeSubscription, metaOf, subscriptionData } from './subscription-fixtures.ts';

const session = makeSession({ user: { subscriptionMeta: metaOf(makeSubscription()) } });
const GET = 'GET /api/employer/subscription/get-subscription/user-1';
const INVOICES = 'GET /api/employer/subscription/get-invoices/user-1';

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
});
