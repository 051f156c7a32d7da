import { readFile } from 'node:fs/promises';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices, subscriptions } from '../../../src/db/schema/billing.ts';
import { createInvoice } from '../../../src/domain/billing/invoices.ts';
import { BILLING_RECEIPT_QUEUE } from '../../../src/domain/billing/receipt-queue.ts';
import { runDueRenewals } from '../../../src/domain/billing/run-due-renewals.ts';
import { type OutboxMessage, readOutbox } from '../../../src/domain/mail/outbox.ts';
import { buildTestApp } from '../../helper.ts';
import { signedInEmployer, uniqueIp } from '../../routes/employer/auth-kit.ts';
import { cardNumbered, GOOD_CARD } from '../../routes/employer/subscription-kit.ts';

let app: FastifyInstance;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

type Employer = Awaited<ReturnType<typeof signedInEmployer>>;

function post(url: string, employer: Employer, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: `/api/employer/subscription${url}`,
    payload: payload as Record<string, unknown>,
    headers: { authorization: employer.token },
    remoteAddress: uniqueIp(),
  });
}

async function subscribedEmployer(card = GOOD_CARD) {
  const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
  const paid = await post(`/checkout/${employer.id}`, employer, {
    planId: 'professional',
    interval: 'month',
    card,
  });
  expect(paid.statusCode, paid.body).toBe(200);
  return { ...employer, organizationId: employer.session.user.organizationId ?? '' };
}

async function invoicesOf(organizationId: string) {
  return app.db
    .select()
    .from(invoices)
    .where(eq(invoices.organizationId, organizationId))
    .orderBy(asc(invoices.createdAt), asc(invoices.number));
}

/** The receipt jobs ever queued for the invoice (queued, running or done). */
async function receiptJobs(invoiceId: string): Promise<number> {
  const rows = await app.db.execute<{ total: number }>(
    sql`select count(*)::int as total from pgboss.job
        where name = ${BILLING_RECEIPT_QUEUE} and data->>'invoiceId' = ${invoiceId}`,
  );
  const list = Array.isArray(rows) ? rows : (rows as unknown as { rows: { total: number }[] }).rows;
  return list[0]?.total ?? 0;
}

function receiptsIn(mails: OutboxMessage[]) {
  return mails.filter((mail) => mail.subject.startsWith('Your MedHire receipt for invoice'));
}

/** Waits until the worker has mailed `count` receipts to the address. */
async function receiptsTo(email: string, count: number): Promise<OutboxMessage[]> {
  let found: OutboxMessage[] = [];
  await expect
    .poll(
      async () => {
        found = receiptsIn(await readOutbox(app.config.dataDir, email));
        return found.length;
      },
      { timeout: 15_000, interval: 200 },
    )
    .toBe(count);
  return found;
}

describe('receipt e-mails', () => {
  it('mails the first payment its receipt with the invoice PDF attached, queued once', async () => {
    const employer = await subscribedEmployer();
    const [invoice] = await invoicesOf(employer.organizationId);
    expect(invoice?.status).toBe('paid');
    expect(await receiptJobs(invoice?.id ?? '')).toBe(1);

    const [receipt] = await receiptsTo(employer.email, 1);
    expect(receipt?.subject).toBe(`Your MedHire receipt for invoice ${invoice?.number}`);
    expect(receipt?.text).toContain('We received your payment of $499.00');
    expect(receipt?.text).toContain('charged to your Visa ending 4242');
    expect(receipt?.attachments).toHaveLength(1);
    const attachment = receipt?.attachments?.[0];
    expect(attachment).toMatchObject({
      filename: `MedHire-invoice-${invoice?.number}.pdf`,
      contentType: 'application/pdf',
    });
    const pdf = await readFile(attachment?.file ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.byteLength).toBe(attachment?.size);
    // The raw message carries the PDF too, as a mail client would receive it.
    const eml = await readFile(receipt?.emlFile ?? '', 'utf8');
    expect(eml).toContain('Content-Type: application/pdf');
    expect(eml).toContain(`filename=MedHire-invoice-${invoice?.number}.pdf`);

    // The worker has finished: nothing more arrives for the same payment.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiptsIn(await readOutbox(app.config.dataDir, employer.email))).toHaveLength(1);
  });

  it('mails each paid renewal once, and nothing for a failed charge until it is paid', async () => {
    // 4000000000000341 attaches, then declines every later charge.
    const employer = await subscribedEmployer(cardNumbered('4000000000000341'));
    await receiptsTo(employer.email, 1);
    await app.db
      .update(subscriptions)
      .set({
        currentPeriodStart: new Date(Date.now() - 31 * DAY),
        currentPeriodEnd: new Date(Date.now() - DAY),
      })
      .where(eq(subscriptions.organizationId, employer.organizationId));
    await runDueRenewals({ db: app.db });
    const [, open] = await invoicesOf(employer.organizationId);
    expect(open?.status).toBe('open');
    expect(await receiptJobs(open?.id ?? '')).toBe(0);

    // A new card pays the open invoice at once: that payment gets its receipt.
    const updated = await post(`/update-card/${employer.id}`, employer, { card: GOOD_CARD });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await receiptJobs(open?.id ?? '')).toBe(1);
    const receipts = await receiptsTo(employer.email, 2);
    expect(receipts[1]?.subject).toBe(`Your MedHire receipt for invoice ${open?.number}`);
    expect(receipts[1]?.attachments?.[0]?.filename).toBe(`MedHire-invoice-${open?.number}.pdf`);

    // Running the renewals again changes nothing paid, so no second receipt is queued.
    await runDueRenewals({ db: app.db });
    expect(await receiptJobs(open?.id ?? '')).toBe(1);
    expect(await invoicesOf(employer.organizationId)).toHaveLength(2);
  });

  it('queues the receipt in the transaction that records the payment: a rollback leaves none', async () => {
    const employer = await subscribedEmployer();
    let invoiceId = '';
    await expect(
      app.db.transaction(async (tx) => {
        const row = await createInvoice({
          db: tx,
          organizationId: employer.organizationId,
          subscriptionId: null,
          status: 'paid',
          lines: [{ description: 'Professional plan', amountCents: 49_900 }],
          periodStart: new Date(),
          periodEnd: new Date(Date.now() + 30 * DAY),
          now: new Date(),
        });
        invoiceId = row.id;
        expect(await receiptJobs(row.id)).toBe(0); // not visible outside the transaction yet…
        throw new Error('payment recording failed');
      }),
    ).rejects.toThrow('payment recording failed');
    expect(invoiceId).not.toBe('');
    expect(await receiptJobs(invoiceId)).toBe(0);
  });

  it('sends no receipt for a declined first payment', async () => {
    const employer = await signedInEmployer(app, { hasEstablishedProfile: true });
    const declined = await post(`/checkout/${employer.id}`, employer, {
      planId: 'starter',
      interval: 'month',
      card: cardNumbered('4000000000000002'),
    });
    expect(declined.statusCode).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiptsIn(await readOutbox(app.config.dataDir, employer.email))).toEqual([]);
  });
});
