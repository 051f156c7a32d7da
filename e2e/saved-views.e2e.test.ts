import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Saved views, end to end on the demo data: the owner filters the applicant list (stage and
// sort), saves it as a view, sees it in the side navigation with the list's own total, and
// opens it from the navigation on a fresh page on a phone, which shows the same filtered list.

const SLOW = 30_000;

let server: TestServer;
let browser: Browser;
let desktop: CheckedPage;
let phone: CheckedPage;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await desktop?.close();
  await phone?.close();
  await browser?.close();
  await server?.stop();
});

/** The list's total from its pager ("Showing 1–20 of 34 physicians"). */
async function listTotal(page: Page): Promise<number> {
  const status = page.getByText(/^Showing [\d,]+–[\d,]+ of [\d,]+ /);
  await status.waitFor({ timeout: SLOW });
  const text = (await status.textContent()) ?? '';
  return Number((/of ([\d,]+)/.exec(text)?.[1] ?? '').replace(/,/g, ''));
}

describe('saved views', () => {
  const viewName = `Interviews by name ${Date.now().toString(36)}`;
  let total = 0;

  it('filters the list, saves it as a view and shows the view with its count in the navigation', async () => {
    desktop = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = desktop;
    await signInAsDemoEmployer(desktop);
    await page.goto('/applicants');
    await desktop.waitForPath('/applicants');
    const filters = page.getByRole('region', { name: 'Filter applicants' });
    // On a narrow screen the filters fold behind "More filters"; at this width they all show.
    await filters.getByLabel('Pipeline stage').waitFor({ timeout: SLOW });
    await filters.getByLabel('Pipeline stage').selectOption('Interview');
    await filters.getByLabel('Sort by').selectOption('name');
    await expect
      .poll(() => new URL(page.url()).search, { timeout: SLOW })
      .toBe('?pipeline=Interview&sort=name');
    total = await listTotal(page);
    expect(total).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill(viewName);
    await dialog.getByRole('radio', { name: 'Everyone in my organization' }).check();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached', timeout: SLOW });

    const nav = page.getByRole('list', { name: 'Saved views' });
    const link = nav.getByRole('link', {
      name: `${viewName}, ${total} applicant${total === 1 ? '' : 's'}, shared`,
    });
    await link.waitFor({ timeout: SLOW });
    expect(await link.getAttribute('aria-current')).toBe('page');
    desktop.assertNoErrors();
  });

  it('opens the view from the navigation on a fresh page, on a phone', async () => {
    phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    const { page } = phone;
    await signInAsDemoEmployer(phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('list', { name: 'Saved views' });
    const link = nav.getByRole('link', { name: new RegExp(`^${viewName}, `) });
    await link.waitFor({ timeout: SLOW });
    expect(await link.getAttribute('aria-label')).toBe(
      `${viewName}, ${total} applicant${total === 1 ? '' : 's'}, shared`,
    );
    // Keyboard: the view is a link like any other in the navigation.
    await link.focus();
    await page.keyboard.press('Enter');
    await phone.waitForPath('/applicants');
    expect(new URL(page.url()).search).toBe('?pipeline=Interview&sort=name');
    expect(await listTotal(page)).toBe(total);
    const filters = page.getByRole('region', { name: 'Filter applicants' });
    expect(await filters.getByLabel('Pipeline stage').inputValue()).toBe('Interview');
    expect(await filters.getByLabel('Sort by').inputValue()).toBe('name');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
      false,
    );
    phone.assertNoErrors();
  });
});
