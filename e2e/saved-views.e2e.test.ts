import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.2 A/AA violations on the page as it is, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (results.violations as { id: string; impact: string; nodes: { target: unknown }[] }[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}

/** Lets requests and the dialog transitions finish before axe judges colours. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

/** A view's link as the navigation names it: "<name>, 12 applicants, shared". */
function viewLinkName(name: string, total: number): RegExp {
  return new RegExp(`^${name}\\s?, ${total} applicants?, shared$`);
}

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
    // One filter at a time: a second change within the same render starts from the same URL and
    // could drop the first (useListParams reads the last render's parameters).
    await expect
      .poll(() => new URL(page.url()).searchParams.get('pipeline'), { timeout: SLOW })
      .toBe('Interview');
    // The total is the server's answer to the filtered list. The address changes before the
    // list renders again, so the pager read at once could still show the previous total.
    const filtered = page.waitForResponse(
      (response) => {
        const url = new URL(response.url());
        return (
          url.pathname.includes('/get-all-applicants/') &&
          url.searchParams.get('pipelineStatus') === 'Interview' &&
          url.searchParams.get('sort') === 'name'
        );
      },
      { timeout: SLOW },
    );
    await filters.getByLabel('Sort by').selectOption('name');
    await expect
      .poll(() => new URL(page.url()).search, { timeout: SLOW })
      .toBe('?pipeline=Interview&sort=name');
    total = ((await (await filtered).json()) as { data: { total: number } }).data.total;
    expect(total).toBeGreaterThan(0);
    // The pager shows it once the list has rendered.
    await expect.poll(() => listTotal(page), { timeout: SLOW }).toBe(total);

    await page.getByRole('button', { name: 'Save view' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save view' });
    await dialog.getByLabel('View name').fill(viewName);
    await dialog.getByRole('radio', { name: 'Everyone in my organization' }).check();
    await dialog.getByRole('button', { name: 'Save view' }).click();
    await dialog.waitFor({ state: 'detached', timeout: SLOW });

    const nav = page.getByRole('list', { name: 'Saved views' });
    const link = nav.getByRole('link', { name: viewLinkName(viewName, total) });
    await link.waitFor({ timeout: SLOW });
    expect(await link.getAttribute('aria-current')).toBe('page');
    // What the eye sees: the name and, beside it, the list's total.
    expect(await link.locator('.saved-views-nav__count').textContent()).toBe(String(total));
    desktop.assertNoErrors();
  });

  it('opens the view from the navigation on a fresh page, on a phone', async () => {
    phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    const { page } = phone;
    await signInAsDemoEmployer(phone);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('list', { name: 'Saved views' });
    // The count is the server's, computed afresh for this page: still the list's total.
    const link = nav.getByRole('link', { name: viewLinkName(viewName, total) });
    await link.waitFor({ timeout: SLOW });
    // Keyboard: the view is a link like any other in the navigation.
    await link.focus();
    await page.keyboard.press('Enter');
    await phone.waitForPath('/applicants');
    expect(new URL(page.url()).search).toBe('?pipeline=Interview&sort=name');
    await expect.poll(() => listTotal(page), { timeout: SLOW }).toBe(total);
    const filters = page.getByRole('region', { name: 'Filter applicants' });
    expect(await filters.getByLabel('Pipeline stage').inputValue()).toBe('Interview');
    expect(await filters.getByLabel('Sort by').inputValue()).toBe('name');
    expect(await overflowsSideways(page)).toBe(false);
    phone.assertNoErrors();
  });

  it.each([viewports.mobile, viewports.desktop])(
    'the navigation’s views, the Save view dialog and Manage views fit %o and pass axe',
    async (viewport) => {
      const wide = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
      try {
        const { page } = wide;
        await signInAsDemoEmployer(wide);
        await page.goto('/applicants?pipeline=Interview&sort=name');
        await wide.waitForPath('/applicants');
        await page.getByRole('button', { name: 'Save view' }).click();
        await page.getByRole('dialog', { name: 'Save view' }).waitFor();
        await settle(page);
        expect(await overflowsSideways(page)).toBe(false);
        expect(await blockingViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');

        if (viewport.width < 900) await page.getByRole('button', { name: 'Open navigation' }).click();
        await page
          .getByRole('list', { name: 'Saved views' })
          .getByRole('link')
          .first()
          .waitFor({ timeout: SLOW });
        await settle(page);
        expect(await blockingViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/saved-views-nav-${viewport.width}.png` });
        await page.getByRole('button', { name: 'Manage views' }).click();
        await page.getByRole('dialog', { name: 'Manage saved views' }).waitFor();
        await settle(page);
        expect(await overflowsSideways(page)).toBe(false);
        expect(await blockingViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/saved-views-manage-${viewport.width}.png` });
        wide.assertNoErrors();
      } finally {
        await wide.close();
      }
    },
  );
});
