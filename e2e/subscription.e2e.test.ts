import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { onboardNewEmployer } from './fixtures/onboard-employer.ts';
import { startServer, type TestServer } from './fixtures/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface StoredSession {
  token: string;
  user: { _id: string };
}

interface SubscriptionAnswer {
  subscription: {
    status: string;
    plan: { _id: string; name: string };
    cancelAtPeriodEnd: boolean;
    invitesLeft: number;
    invitesPerPeriod: number;
    paymentMethod: { last4: string } | null;
  } | null;
  subscriptionStatus: string;
}

async function storedSession(page: Page): Promise<StoredSession> {
  const raw = await page.evaluate(() => localStorage.getItem('medhire.session'));
  return JSON.parse(raw ?? 'null') as StoredSession;
}

/** What the server holds, asked directly with the browser's session token. */
async function serverSubscription(page: Page): Promise<SubscriptionAnswer> {
  const session = await storedSession(page);
  const response = await fetch(
    `${server.baseURL}/api/employer/subscription/get-subscription/${encodeURIComponent(session.user._id)}`,
    { headers: { authorization: session.token } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: SubscriptionAnswer }).data;
}

async function fillCard(page: Page, number: string) {
  await page.getByLabel('Name on card').fill('Dana Whitfield');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').fill('04');
  await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
  await page.getByLabel('Security code (CVC)').fill('123');
}

describe('subscribing and managing the subscription', () => {
  it('pays after a decline, upgrades with a prorated charge, downloads an invoice, cancels and resumes', async () => {
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      // The declined card (422) and the plan without Global connection (403) are answers
      // Chromium reports on the console.
      allowErrors: [/Failed to load resource: the server responded with a status of (422|403)/],
    });
    try {
      const { page } = checked;
      await onboardNewEmployer(checked, server, {
        email: `billing-${Date.now()}@lakeside-clinic.example`,
        password: 'a sturdy passphrase 42',
      });

      // /payment: the plans, the sandbox's test cards, and Professional monthly chosen.
      const plans = page.getByRole('list', { name: 'Plans' });
      await plans.getByRole('listitem', { name: 'Professional' }).waitFor();
      await plans.getByRole('listitem', { name: 'Enterprise' }).waitFor();
      await page.getByRole('region', { name: 'Test cards' }).getByText('4242 4242 4242 4242').waitFor();
      await page.getByRole('radio', { name: 'Choose Professional' }).check();
      const pay = page.getByRole('button', { name: /^Pay \$[\d,.]+ and subscribe$/ });

      // A declined card: the reason is shown and the person stays to try again.
      await fillCard(page, '4000 0000 0000 0002');
      await pay.click();
      const refusal = page.getByRole('alert').filter({ hasText: 'Payment not completed' });
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/declined/i);
      expect(new URL(page.url()).pathname).toBe('/payment');
      expect((await serverSubscription(page)).subscriptionStatus).toBe('incomplete');

      // The good card pays and the onboarding ends at /home.
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await pay.click();
      await checked.waitForPath('/home');
      const paid = await serverSubscription(page);
      expect(paid.subscriptionStatus).toBe('active');
      expect(paid.subscription?.plan._id).toBe('professional');
      expect(paid.subscription?.paymentMethod?.last4).toBe('4242');
      // A first visit to /home starts the guided tour after a moment; end it before going on.
      await page.getByRole('button', { name: 'Skip tour' }).first().click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // /manage-subscriptions: the plan, its status and the invites on the meter.
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Subscription' })
        .click();
      await checked.waitForPath('/manage-subscriptions');
      const current = page.getByRole('region', { name: 'Current plan' });
      await current.getByText('Professional', { exact: true }).waitFor();
      await current.getByText('Active', { exact: true }).waitFor();
      await current.getByText('Visa ending 4242', { exact: false }).waitFor();
      const meter = current.getByRole('meter', { name: 'Invites left this period' });
      const quota = paid.subscription?.invitesPerPeriod ?? 0;
      expect(quota).toBeGreaterThan(0);
      expect(await meter.getAttribute('aria-valuenow')).toBe(String(paid.subscription?.invitesLeft));
      expect(await meter.getAttribute('aria-valuemax')).toBe(String(quota));
      const invoices = page.getByRole('table', { name: 'Invoices' });
      await expect.poll(() => invoices.getByRole('row').count()).toBe(2);

      // Professional lacks Global connection: the page says which plan has it and leads to the upgrade.
      await page.goto('/global-connection');
      const locked = page.getByRole('region', { name: 'Reach the whole network' });
      await locked.getByText(/part of the Enterprise plan/).waitFor();
      await locked.getByRole('link', { name: 'Upgrade plan' }).click();

      // /update-subscriptions: preview the prorated upgrade, then confirm it.
      await checked.waitForPath('/update-subscriptions');
      const cards = page.getByRole('list', { name: 'Plans' });
      await cards.getByRole('listitem', { name: 'Professional' }).getByText('Current plan').waitFor();
      await cards.getByRole('button', { name: 'Switch to Enterprise' }).click();
      const preview = page.getByRole('dialog', { name: /Switch to Enterprise/ });
      await preview.getByText('Due now').waitFor();
      const confirm = preview.getByRole('button', { name: /^Confirm and pay \$[\d,.]+$/ });
      const charged = Number(
        ((await confirm.innerText()).match(/\$([\d,.]+)/)?.[1] ?? '0').replace(/,/g, ''),
      );
      expect(charged).toBeGreaterThan(0);
      await confirm.click();
      await checked.waitForPath('/manage-subscriptions');
      await current.getByText('Enterprise', { exact: true }).waitFor();
      const upgraded = await serverSubscription(page);
      expect(upgraded.subscription?.plan._id).toBe('enterprise');
      expect(upgraded.subscription?.invitesPerPeriod).toBeGreaterThan(quota);
      // The proration is invoiced next to the first payment.
      await expect.poll(() => invoices.getByRole('row').count()).toBe(3);

      // Download the newest invoice and read the PDF.
      const firstRow = invoices.getByRole('row').nth(1);
      const invoiceNumber = (await firstRow.getByRole('cell').first().innerText()).trim();
      expect(invoiceNumber).not.toBe('');
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        firstRow.getByRole('button', { name: `PDF of invoice ${invoiceNumber}` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`MedHire-invoice-${invoiceNumber}.pdf`);
      const file = await readFile((await download.path()) ?? '');
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(file) });
      try {
        const { text } = await parser.getText();
        expect(text).toContain(invoiceNumber);
        expect(text).toContain('Lakeside Family Medicine');
        expect(text).toMatch(/Professional|Enterprise/);
        expect(text).toMatch(/paid/i);
        expect(text).toMatch(/total/i);
      } finally {
        await parser.destroy();
      }

      // Enterprise opens Global connection: the map (or, with no physician in the network matching
      // yet, the empty state), no longer the upgrade.
      await page.goto('/global-connection');
      await page
        .getByRole('group', { name: 'Matching physicians by state' })
        .or(page.getByRole('heading', { name: 'No physicians match yet' }))
        .waitFor();
      expect(await page.getByRole('link', { name: 'Upgrade plan' }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back to MedHire' }).click();
      await checked.waitForPath('/home');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Subscription' })
        .click();
      await checked.waitForPath('/manage-subscriptions');

      // Cancel at period end: the confirmation says what happens; the plan then shows its end.
      await current.getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel your subscription?' });
      await dialog.getByText(/stays active until/).waitFor();
      await dialog.getByText(/cannot invite physicians/).waitFor();
      await dialog.getByRole('button', { name: 'Cancel at period end' }).click();
      await dialog.waitFor({ state: 'detached' });
      await current.getByText('Ends on', { exact: true }).waitFor();
      const cancelled = await serverSubscription(page);
      expect(cancelled.subscription?.cancelAtPeriodEnd).toBe(true);
      expect(cancelled.subscriptionStatus).toBe('active');

      // Resume: it renews again.
      await current.getByRole('button', { name: 'Resume subscription' }).click();
      await current.getByText('Renews on', { exact: true }).waitFor();
      expect((await serverSubscription(page)).subscription?.cancelAtPeriodEnd).toBe(false);

      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
