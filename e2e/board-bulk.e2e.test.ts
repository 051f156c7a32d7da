import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './fixtures/api.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, type Physician, registerPhysician } from './fixtures/physician.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Bulk actions on a job's pipeline board, end to end on the demo data: the owner selects three
// Submitted cards with a click and a shift-click, moves them to Shortlisted in one go, sees them
// change column, and undoes it from the toast. Then a physician who applied to two of the
// organisation's jobs shows as one group on the applicant list grouped by physician. Both
// screens are checked with axe at 1280 and 390 px.

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const SLOW = 30_000;
const BOARD_JOB = 'Family Medicine Physician – Outpatient';
const OTHER_JOB = 'Primary Care Sports Medicine Physician';

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;
let jobId = '';
let twice: Physician;
const twiceLastName = `Twofold${Date.now().toString(36)}`;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await checked?.close();
  await browser?.close();
  await server?.stop();
});

const column = (page: Page, stage: string): Locator =>
  page.locator(`.pipeline-column--${stage.toLowerCase()}`);

/** The physicians whose cards a column shows, by their checkboxes' names, in order. */
async function cardNames(page: Page, stage: string): Promise<string[]> {
  const labels = await column(page, stage)
    .getByRole('checkbox', { name: /^Select Dr\. / })
    .evaluateAll((boxes) => boxes.map((box) => box.getAttribute('aria-label') ?? ''));
  return labels.map((label) => label.replace(/^Select /, ''));
}

async function openBoard(page: Page) {
  await page.goto(`/jobs-resident/${jobId}`);
  await page.getByRole('heading', { name: BOARD_JOB, level: 1 }).waitFor({ timeout: SLOW });
  await column(page, 'Submitted')
    .getByRole('checkbox', { name: /^Select Dr\. / })
    .nth(2)
    .waitFor({ timeout: SLOW });
}

/** A physician with two applications to the demo organisation's jobs (inside a test: it polls). */
async function physicianWithTwoApplications() {
  // A physician with two applications to the demo organisation's jobs.
  twice = await registerPhysician(server, 'Iris', twiceLastName, familyMedicineInAustin());
  const found = await callApi<{ jobs: { _id: string; title: string }[] }>(
    server.baseURL,
    'GET',
    '/employee/job/get-all-jobs?pageSize=50',
    { token: twice.token },
  );
  const idOf = (title: string) => found.jobs.find((job) => job.title === title)?._id ?? '';
  jobId = idOf(BOARD_JOB);
  expect(jobId, `the open job "${BOARD_JOB}"`).not.toBe('');
  for (const title of [BOARD_JOB, OTHER_JOB]) {
    expect(idOf(title), `the open job "${title}"`).not.toBe('');
    await callApi(server.baseURL, 'POST', `/employee/job/apply/${idOf(title)}`, {
      token: twice.token,
      body: { coverLetter: 'Outpatient care in Austin suits me well.' },
    });
  }
}

describe('bulk actions on the pipeline board', () => {
  it('selects three cards with shift-click, moves them to Shortlisted, and undoes the move', async () => {
    await physicianWithTwoApplications();
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await openBoard(page);
    const submitted = await cardNames(page, 'Submitted');
    const chosen = submitted.slice(0, 3);
    const shortlistedBefore = await cardNames(page, 'Shortlisted');

    const boxes = column(page, 'Submitted').getByRole('checkbox', { name: /^Select Dr\. / });
    await boxes.nth(0).click();
    await boxes.nth(2).click({ modifiers: ['Shift'] });
    const bar = page.getByRole('region', { name: 'Bulk actions' });
    await bar.getByText('3 applicants selected').waitFor();
    for (const index of [0, 1, 2]) expect(await boxes.nth(index).isChecked()).toBe(true);
    expect(await boxes.nth(3).isChecked()).toBe(false);

    await bar.getByLabel('Move to stage').selectOption('Shortlisted');
    await bar.getByRole('button', { name: 'Move', exact: true }).click();
    const undoToast = page.locator('.bulk-undo__toast');
    await undoToast.getByText('Moved 3 applications.').waitFor({ timeout: SLOW });
    await page.screenshot({ path: `${artifactsDir}board-bulk-undo.png` });
    // The toast stays in the window, wherever the board was scrolled to.
    const toastBox = await undoToast.boundingBox();
    const window = page.viewportSize();
    expect(toastBox && window && toastBox.y + toastBox.height <= window.height).toBe(true);
    // The three cards changed column in place.
    await expect
      .poll(
        async () => (await cardNames(page, 'Shortlisted')).filter((name) => chosen.includes(name)).sort(),
        {
          timeout: SLOW,
        },
      )
      .toEqual([...chosen].sort());
    expect((await cardNames(page, 'Submitted')).some((name) => chosen.includes(name))).toBe(false);
    await page.screenshot({ path: `${artifactsDir}board-bulk-moved.png` });

    await undoToast.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Undone for 3 applications.').waitFor({ state: 'attached', timeout: SLOW });
    await expect.poll(() => cardNames(page, 'Submitted'), { timeout: SLOW }).toEqual(submitted);
    expect(await cardNames(page, 'Shortlisted')).toEqual(shortlistedBefore);
    checked.assertNoErrors();
  });

  it('shows a physician with two applications as one group on the list grouped by physician', async () => {
    const { page } = checked;
    await page.goto('/applicants');
    const toggle = page.getByRole('checkbox', { name: 'Group by physician' });
    await toggle.waitFor({ timeout: SLOW });
    // The toggle follows the URL, which the click changes (a check() would look before it has).
    await toggle.click();
    await page.getByRole('list', { name: 'Applicants by physician' }).waitFor({ timeout: SLOW });
    expect(await toggle.isChecked()).toBe(true);
    expect(new URL(page.url()).searchParams.get('group')).toBe('physician');
    await page.getByRole('searchbox', { name: 'Search by name' }).fill(twiceLastName);
    const heading = page.getByRole('heading', { name: twice.fullName, level: 2 });
    await heading.waitFor({ timeout: SLOW });
    expect(await heading.count()).toBe(1);
    const group = page.locator('.applicant-group').filter({ has: heading });
    const rows = group.locator('.applicant-group__application');
    // The job title's own element: innerText's line breaks come from the layout, and a row read
    // while the list re-renders for the search (once, with two files running side by side) came
    // back as one line, the title run into the stage and the date. The list may also re-render
    // between the heading's arrival and the read, so both are polled until the search settles.
    await expect.poll(() => rows.count(), { timeout: SLOW }).toBe(2);
    await expect
      .poll(
        async () =>
          (await group.locator('.applicant-group__job').allTextContents()).map((text) => text.trim()).sort(),
        { timeout: SLOW },
      )
      .toEqual([BOARD_JOB, OTHER_JOB].sort());
    checked.assertNoErrors();
  });

  it('has no serious axe violations on the board with a selection and on the grouped list, at 1280 and 390 px', async () => {
    const audited = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.desktop,
      bypassCSP: true,
    });
    try {
      const { page } = audited;
      await signInAsDemoEmployer(audited);
      await openBoard(page);
      const boxes = column(page, 'Submitted').getByRole('checkbox', { name: /^Select Dr\. / });
      await boxes.nth(0).click();
      await boxes.nth(1).click({ modifiers: ['Shift'] });
      await page.getByRole('region', { name: 'Bulk actions' }).getByText('2 applicants selected').waitFor();
      for (const width of [1280, 390]) expect(await seriousAxeViolations(page, width)).toEqual([]);

      await page.setViewportSize(viewports.mobile);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
        false,
      );
      // The bar sits above the board in the page's flow: no card control lies under it.
      const barBox = await page.getByRole('region', { name: 'Bulk actions' }).boundingBox();
      const moveBox = await column(page, 'Submitted').locator('.move-menu__button').first().boundingBox();
      expect(barBox && moveBox && barBox.y + barBox.height <= moveBox.y).toBe(true);
      await page.screenshot({ path: `${artifactsDir}screenshots/390/board-bulk.png`, fullPage: true });
      await page.setViewportSize(viewports.desktop);
      await page.screenshot({ path: `${artifactsDir}board-bulk-selection.png` });

      await page.goto(`/applicants?group=physician&q=${encodeURIComponent(twiceLastName)}`);
      await page.getByRole('heading', { name: twice.fullName, level: 2 }).waitFor({ timeout: SLOW });
      await page
        .getByRole('checkbox', { name: new RegExp(`^Select ${twice.fullName}: `) })
        .first()
        .click();
      await page.getByRole('region', { name: 'Bulk actions' }).getByText('1 application selected').waitFor();
      for (const width of [1280, 390]) expect(await seriousAxeViolations(page, width)).toEqual([]);
      await page.screenshot({ path: `${artifactsDir}applicants-grouped.png` });
      await page.setViewportSize(viewports.mobile);
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(
        false,
      );
      await page.screenshot({
        path: `${artifactsDir}screenshots/390/applicants-grouped.png`,
        fullPage: true,
      });
      audited.assertNoErrors();
    } finally {
      await audited.close();
    }
  });
});
