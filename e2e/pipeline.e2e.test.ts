import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, type Physician, registerPhysician } from './fixtures/physician.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// The pipeline in hiring order, end to end: the demo employer's board lists Submitted before
// Shortlisted and keeps Rejected apart at the end, and when a physician applies (through the API)
// the new-application notification opens that job's page with the applicant's card in view.

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip and the delivery queue; the machine is shared. */
const SLOW = 30_000;
const HIRING_ORDER = ['Submitted', 'Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected'];

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

function api<T>(method: string, path: string, options: ApiCallOptions = {}): Promise<T> {
  return callApi<T>(server.baseURL, method, path, options);
}

const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });
const panel = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });

/** The board's column headings, left to right, without their counts. */
async function columnOrder(page: Page): Promise<string[]> {
  const headings = await page.locator('.pipeline-column__title').allInnerTexts();
  return headings.map((text) => text.replace(/\s*\d+[\s\S]*$/, '').trim());
}

/** Whether the element's box lies wholly inside the window. */
async function isInViewport(locator: Locator, viewport: { width: number; height: number }): Promise<boolean> {
  const box = await locator.boundingBox();
  return (
    box !== null &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height
  );
}

async function shot(page: Page, file: string) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: `${artifactsDir}${file}.png` });
}

describe('the pipeline in hiring order', () => {
  const suffix = Date.now().toString(36);
  let applicant: Physician;
  let jobId: string;

  it('a new-application notification opens that job with the applicant in view, on a board in hiring order', async () => {
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await bell(page).waitFor({ timeout: SLOW });

    applicant = await registerPhysician(server, 'Amara', `Nwosu${suffix}`, familyMedicineInAustin());
    const found = await api<{ jobs: { _id: string; title: string }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: applicant.token },
    );
    jobId = found.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId, `the open job "${jobTitle}"`).not.toBe('');
    await api('POST', `/employee/job/apply/${jobId}`, {
      token: applicant.token,
      body: { coverLetter: 'Outpatient family medicine in Austin suits me well.' },
    });

    // The live notification reaches the bell's panel; its link names the job and the applicant.
    await bell(page).click();
    const entry = panel(page).getByRole('link').filter({ hasText: applicant.fullName }).first();
    await entry.waitFor({ timeout: SLOW });
    expect(await entry.getAttribute('href')).toBe(
      `/jobs-resident/${jobId}?applicant=${applicant.physicianId}`,
    );
    await entry.click();
    await checked.waitForPath(`/jobs-resident/${jobId}`);
    await page.getByRole('heading', { name: jobTitle, level: 1 }).waitFor({ timeout: SLOW });

    // The board reads in the order hiring happens, Rejected last and set apart.
    await page.locator('.pipeline-column__title').first().waitFor({ timeout: SLOW });
    expect(await columnOrder(page)).toEqual(HIRING_ORDER);
    const rejected = page.getByRole('region', { name: /^Rejected\b/ });
    await rejected.getByText('Out of the pipeline').waitFor();

    // The new applicant's card is in Submitted, marked, in the window, and has keyboard focus.
    const link = page
      .getByRole('region', { name: /^Submitted\b/ })
      .getByRole('link', { name: applicant.fullName, exact: true });
    await link.waitFor({ timeout: SLOW });
    const card = page.locator(`[data-physician-id="${applicant.physicianId}"]`);
    await expect
      .poll(() => card.getAttribute('class'), { timeout: SLOW })
      .toContain('pipeline-card--in-view');
    await expect.poll(() => link.evaluate((element) => element === document.activeElement)).toBe(true);
    await expect.poll(() => isInViewport(card, viewports.desktop), { timeout: SLOW }).toBe(true);
    await shot(page, 'pipeline-applicant-in-view-desktop');

    // Every stage menu lists the stages in the same order, the exit after a separator.
    await page.getByRole('button', { name: `Move ${applicant.fullName}`, exact: true }).click();
    const menu = page.getByRole('menu', { name: `Move ${applicant.fullName} to` });
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allInnerTexts()).toEqual(HIRING_ORDER.slice(1));
    expect(await menu.getByRole('separator').count()).toBe(1);
    await page.keyboard.press('Escape');
    checked.assertNoErrors();
  });

  it('brings the applicant into view on a phone too, inside the sideways-scrolling board', async () => {
    const phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    try {
      const { page } = phone;
      await signInAsDemoEmployer(phone);
      // Another stage than the first column, so the board has to scroll sideways to show it.
      const employer = await api<{ token: string; user: { _id: string } }>('POST', '/employer/auth/login', {
        body: { email: 'demo@medhire.example', password: 'MedHire-demo-2026' },
      });
      const { applicants } = await api<{
        applicants: { _id: string; applications: { _id: string; jobId: string }[] }[];
      }>('GET', `/employer/applicant/get-all-applicants/${employer.user._id}?jobId=${jobId}&pageSize=200`, {
        token: employer.token,
      });
      const application = applicants
        .find((item) => item._id === applicant.physicianId)
        ?.applications.find((item) => item.jobId === jobId);
      expect(application, 'the application of the new applicant').toBeDefined();
      await api('PATCH', `/employer/applicant/update-pipeline-status/${application?._id}`, {
        token: employer.token,
        body: { pipelineStatus: 'Offer' },
      });

      await page.goto(`/jobs-resident/${jobId}?applicant=${applicant.physicianId}`);
      const card = page.locator(`[data-physician-id="${applicant.physicianId}"]`);
      await card.waitFor({ timeout: SLOW });
      expect(
        await card.evaluate((element) => element.closest('section')?.getAttribute('aria-labelledby')),
      ).toMatch(/Offer$/);
      await expect.poll(() => isInViewport(card, viewports.mobile), { timeout: SLOW }).toBe(true);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, 'the page itself does not scroll sideways').toBeLessThanOrEqual(0);
      await shot(page, 'pipeline-applicant-in-view-mobile');
      phone.assertNoErrors();
    } finally {
      await phone.close();
    }
  });
});
