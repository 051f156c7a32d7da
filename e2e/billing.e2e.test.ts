import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFParse } from 'pdf-parse';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxMessage, readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

let server: TestServer;
let browser: Browser;

/** The receipt worker polls its queue every second; mail can take a few more to be written. */
const RECEIPT_WAIT_MS = 20_000;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe's serious and critical findings (WCAG 2.x A and AA) on the page as it is, as readable lines. */
async function seriousAxeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (results.violations as { id: string; impact: string | null; help: string }[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.help}`);
  });
}

function receipts(messages: OutboxMessage[]): OutboxMessage[] {
  return messages.filter((message) => message.subject.startsWith('Your MedHire receipt for invoice'));
}

describe('billing: replacing the card and the receipt of the next payment', () => {
  it('replaces the card on /manage-subscriptions, then an upgrade paid with it mails a receipt with the invoice PDF', async () => {
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      // axe is injected as an inline script, which the app's Content Security Policy refuses.
      bypassCSP: true,
      // The declined card answers 422, which Chromium reports on the console.
      allowErrors: [/Failed to load resource: the server responded with a status of 422/],
    });
    try {
      const { page } = checked;
      await page.goto('/signIn');
      await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
      await signInAsDemoEmployer(checked);
      // The demo history is made up: it mailed no receipts.
      expect(receipts(await readOutbox(server.dataDir, demoEmployer.email))).toEqual([]);

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Subscription' })
        .click();
      await checked.waitForPath('/manage-subscriptions');
      const current = page.getByRole('region', { name: 'Current plan' });
      await current.getByText(/^Visa ending 4242, expires/).waitFor();

      // Replace card opens the payment step's form with the sandbox's test cards.
      await current.getByRole('button', { name: 'Replace card' }).click();
      const dialog = page.getByRole('dialog', { name: 'Replace card' });
      await dialog.getByText('The new card replaces your Visa ending 4242').waitFor();
      await dialog.getByRole('region', { name: 'Test cards' }).getByText('5555 5555 5555 4444').waitFor();
      expect(await seriousAxeFindings(page)).toEqual([]);

      // A declined card: the reason shows in the dialog and the old card stays.
      await dialog.getByRole('button', { name: 'Use test card 4000 0000 0000 0002' }).click();
      await dialog.getByLabel('Name on card').fill('Dana Whitfield');
      await dialog.getByLabel('Expiry month').fill('09');
      await dialog.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 4));
      await dialog.getByLabel('Security code (CVC)').fill('123');
      await dialog.getByRole('button', { name: 'Save new card' }).click();
      await dialog.getByRole('alert').filter({ hasText: 'Card not replaced' }).waitFor();
      await current.getByText(/^Visa ending 4242/).waitFor();

      // The Mastercard test card replaces it: a toast, and the plan shows the new card.
      await dialog.getByRole('button', { name: 'Use test card 5555 5555 5555 4444' }).click();
      await dialog.getByRole('button', { name: 'Save new card' }).click();
      await page.getByText('Card replaced: Mastercard ending 4444.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await current.getByText(/^Mastercard ending 4444, expires 09\//).waitFor();
      // Replacing a card of a paid-up subscription charges nothing, so it mails no receipt.
      expect(receipts(await readOutbox(server.dataDir, demoEmployer.email))).toEqual([]);

      // An upgrade is charged to the new card at once.
      await page.getByRole('link', { name: 'Change plan' }).click();
      await checked.waitForPath('/update-subscriptions');
      await page
        .getByRole('list', { name: 'Plans' })
        .getByRole('button', { name: 'Switch to Enterprise' })
        .click();
      const preview = page.getByRole('dialog', { name: /Switch to Enterprise/ });
      await preview.getByRole('button', { name: /^Confirm and pay \$[\d,.]+$/ }).click();
      await checked.waitForPath('/manage-subscriptions');
      await current.getByText('Enterprise', { exact: true }).waitFor();
      const invoices = page.getByRole('table', { name: 'Invoices' });
      const newest = invoices.getByRole('row').nth(1);
      await newest.getByText('Paid').waitFor();
      const invoiceNumber = (await newest.getByRole('cell').first().innerText()).trim();
      expect(invoiceNumber).toMatch(/^MH-\d{4}-\d+$/);

      // The receipt arrives once, naming the new card, with the invoice PDF attached.
      let mailed: OutboxMessage[] = [];
      await expect
        .poll(
          async () => {
            mailed = receipts(await readOutbox(server.dataDir, demoEmployer.email));
            return mailed.length;
          },
          { timeout: RECEIPT_WAIT_MS, interval: 250 },
        )
        .toBe(1);
      const [receipt] = mailed;
      expect(receipt?.subject).toBe(`Your MedHire receipt for invoice ${invoiceNumber}`);
      expect(receipt?.text).toContain('charged to your Mastercard ending 4444');
      const attachment = receipt?.attachments?.[0];
      expect(attachment).toMatchObject({
        filename: `MedHire-invoice-${invoiceNumber}.pdf`,
        contentType: 'application/pdf',
      });
      const pdf = await readFile(attachment?.file ?? '');
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const parser = new PDFParse({ data: new Uint8Array(pdf) });
      try {
        const { text } = await parser.getText();
        expect(text).toContain(`Invoice ${invoiceNumber}`);
        expect(text).toContain('Enterprise');
        expect(text).toMatch(/Status: PAID/);
      } finally {
        await parser.destroy();
      }

      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
