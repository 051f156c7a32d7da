import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Bulk actions, end to end on the demo data: the owner selects ten Submitted applicants with a
// click and a shift-click, moves them to Shortlisted in one go, and undoes it from the toast;
// then sends the demo's "Thank you for applying" template to five of them.

const SLOW = 30_000;

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await checked?.close();
  await browser?.close();
  await server?.stop();
});

/** The names of the applicants whose checkboxes the list shows, in order. */
async function listedNames(checkboxes: Locator): Promise<string[]> {
  const labels = await checkboxes.evaluateAll((boxes) =>
    boxes.map((box) => box.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label) => label.replace(/^Select /, ''));
}

describe('bulk actions on applicants', () => {
  it('selects 10 applicants with shift-click, moves them, and undoes the move', async () => {
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await page.goto('/applicants?pipeline=Submitted');
    await checked.waitForPath('/applicants');
    const checkboxes = page.getByRole('checkbox', { name: /^Select / });
    await checkboxes.nth(9).waitFor({ timeout: SLOW });
    const before = await listedNames(checkboxes);
    const firstTen = before.slice(0, 10);

    await checkboxes.nth(0).click();
    await checkboxes.nth(9).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('10 applicants selected').waitFor();
    for (let index = 0; index < 10; index += 1) expect(await checkboxes.nth(index).isChecked()).toBe(true);
    expect(await checkboxes.nth(10).isChecked()).toBe(false);

    await bar.getByLabel('Move to stage').selectOption('Shortlisted');
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    const undoToast = page.locator('.bulk-undo__toast');
    await undoToast.getByText(/^Moved \d+ applications\.$/).waitFor({ timeout: SLOW });
    // They left the Submitted list.
    await expect
      .poll(async () => (await listedNames(checkboxes)).slice(0, 10), { timeout: SLOW })
      .not.toEqual(firstTen);

    await undoToast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText(/^Undone for \d+ applications\.$/).waitFor({ state: 'attached', timeout: SLOW });
    // And they are back, in the same order.
    await expect
      .poll(async () => (await listedNames(checkboxes)).slice(0, 10), { timeout: SLOW })
      .toEqual(firstTen);
    checked.assertNoErrors();
  });

  it('sends a templated message to 5 applicants', async () => {
    const { page } = checked;
    const checkboxes = page.getByRole('checkbox', { name: /^Select / });
    await checkboxes.nth(4).waitFor({ timeout: SLOW });
    await checkboxes.nth(0).click();
    await checkboxes.nth(4).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('5 applicants selected').waitFor();
    const picker = bar.getByLabel('Message template');
    await picker.waitFor({ timeout: SLOW });
    await picker.selectOption({ label: 'Thank you for applying' });
    await bar.getByRole('button', { name: 'Send template', exact: true }).click();
    await page
      .locator('.bulk-undo__toast')
      .getByText(/^Sent the template to [1-9]\d* applications?\.$/)
      .waitFor({ timeout: SLOW });
    // Nobody was refused: every variable of the demo template has a value for them.
    expect(await page.getByText(/not changed$/).count()).toBe(0);
    checked.assertNoErrors();
  });

  it('keeps the bar and the list within a 390 px screen', async () => {
    const phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    try {
      const { page } = phone;
      await signInAsDemoEmployer(phone);
      await page.goto('/applicants?pipeline=Submitted');
      const checkboxes = page.getByRole('checkbox', { name: /^Select / });
      await checkboxes.nth(2).waitFor({ timeout: SLOW });
      await checkboxes.nth(0).click();
      await checkboxes.nth(2).click({ modifiers: ['Shift'] });
      await page.getByRole('region', { name: 'Bulk actions' }).getByText('3 applicants selected').waitFor();
      await page.screenshot({ path: 'artifacts/screenshots/390/bulk-actions.png' });
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
        false,
      );
      phone.assertNoErrors();
    } finally {
      await phone.close();
    }
  });
});
