import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Bulk invites, end to end on the demo data: the owner opens a job's recommended physicians,
// selects three with a click and a shift-click (the panel passes axe with the selection at 1280
// and 390 px), invites them to the job in one go and sees each card marked invited; then the
// reports show how many candidates came from invites sent from recommended lists.

/** The demo's first open job: its strongest fits are left untouched for the recommendations. */
const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip; the machine is small and shared. */
const SLOW = 30_000;

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  // bypassCSP lets axe-core be injected; the journey itself needs nothing else of it.
  checked = await openPage(browser, {
    baseURL: server.baseURL,
    viewport: viewports.desktop,
    bypassCSP: true,
  });
});

afterAll(async () => {
  await checked?.close();
  await browser?.close();
  await server?.stop();
});

/** The names of the physicians whose checkboxes the list shows, in order. */
async function listedNames(checkboxes: Locator): Promise<string[]> {
  const labels = await checkboxes.evaluateAll((boxes) =>
    boxes.map((box) => box.getAttribute('aria-label') ?? ''),
  );
  return labels.map((label) => label.replace(/^Select /, ''));
}

describe('bulk invite from a job’s recommended physicians', () => {
  it('selects 3 with shift-click, invites them, marks them invited, and the reports count the source', async () => {
    const { page } = checked;
    await page.goto('/signIn');
    // The guided tour would cover whatever it points at.
    await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
    await signInAsDemoEmployer(checked);

    await page.goto('/jobs-resident');
    await page.getByRole('link', { name: jobTitle, exact: true }).first().click();
    await page.getByRole('heading', { name: jobTitle, level: 1 }).waitFor({ timeout: SLOW });
    const tab = page.getByRole('tablist', { name: 'Job pipeline sections' }).getByRole('tab', {
      name: /^Recommended/,
    });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: SLOW }).toBe('true');
    const recommended = page.getByRole('list', { name: `Recommended physicians for ${jobTitle}` });
    await recommended.waitFor({ timeout: SLOW });

    const checkboxes = recommended.getByRole('checkbox', { name: /^Select / });
    await checkboxes.nth(3).waitFor({ timeout: SLOW });
    const chosen = (await listedNames(checkboxes)).slice(0, 3);
    await checkboxes.nth(0).click();
    await checkboxes.nth(2).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 physicians selected').waitFor();
    for (let index = 0; index < 3; index += 1) expect(await checkboxes.nth(index).isChecked()).toBe(true);
    expect(await checkboxes.nth(3).isChecked()).toBe(false);

    // The panel with its selection and bar, at both widths; nothing wider than a phone.
    for (const width of [viewports.desktop.width, viewports.mobile.width]) {
      expect(await seriousAxeViolations(page, width)).toEqual([]);
    }
    await page.setViewportSize(viewports.mobile);
    await bar.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
      false,
    );
    await page.screenshot({ path: 'artifacts/screenshots/390/bulk-invite-selection.png' });
    await page.setViewportSize(viewports.desktop);

    await page.screenshot({ path: 'artifacts/screenshots/1280/bulk-invite-selection.png' });
    await bar.getByRole('button', { name: 'Invite to job…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite 3 physicians to a job' });
    const jobSelect = dialog.getByLabel('Job');
    await jobSelect.waitFor({ timeout: SLOW });
    // The job of the page is the one chosen.
    expect(await jobSelect.locator('option:checked').innerText()).toBe(jobTitle);
    await page.screenshot({ path: 'artifacts/screenshots/1280/bulk-invite-dialog.png' });
    await dialog.getByRole('button', { name: 'Send 3 invites' }).click();
    await dialog.waitFor({ state: 'detached', timeout: SLOW });

    const undoToast = page.locator('.bulk-undo__toast');
    await undoToast.getByText(`Invited 3 physicians to ${jobTitle}.`).waitFor({ timeout: SLOW });
    // In the corner of the screen, not at the end of the long list.
    const toastBox = await undoToast.boundingBox();
    expect(toastBox && toastBox.y + toastBox.height).toBeLessThanOrEqual(viewports.desktop.height);
    await page.screenshot({ path: 'artifacts/screenshots/1280/bulk-invite-undo.png' });
    expect(await page.getByText(/invited, \d+ not:$/).count()).toBe(0);
    // Each card says so, in place, and the selection is gone.
    for (const name of chosen) {
      const card = recommended.getByRole('article', { name, exact: true });
      // Beside an application to the job, if they had one: the new invite, pending.
      await card
        .getByRole('list', { name: 'With your jobs' })
        .getByRole('listitem')
        .filter({ hasText: jobTitle })
        .filter({ hasText: /pending/i })
        .waitFor({ timeout: SLOW });
    }
    expect(await checkboxes.nth(0).isChecked()).toBe(false);
    await page.screenshot({ path: 'artifacts/screenshots/1280/bulk-invite.png' });

    // The reports split invited candidates by where the invite was sent from.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await checked.waitForPath('/reports');
    const sources = page.getByRole('table', { name: 'Where candidates come from' });
    await sources.waitFor({ timeout: SLOW });
    const row = sources.getByRole('row', { name: /^Invited from recommended/ });
    await row.waitFor({ timeout: SLOW });
    const count = Number((await row.innerText()).match(/([\d,]+)\s*$/)?.[1]?.replace(/,/g, '') ?? 'NaN');
    expect(count).toBeGreaterThan(0);
    expect(await sources.getByRole('row', { name: /^Invited from explore/ }).count()).toBe(1);
    expect(await sources.getByRole('row', { name: /^Invited \(elsewhere\)/ }).count()).toBe(1);
    checked.assertNoErrors();
  });
});
