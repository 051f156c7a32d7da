import { readFile } from 'node:fs/promises';
import { PDFParse } from 'pdf-parse';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Hiring analytics, end to end: the demo owner opens /reports, filters by a job, downloads one
// section as CSV and the whole report as PDF and reads both; the page, charts included, passes
// axe at 390 and 1280 px.

/** A demo job with applicants in every stage. */
const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip; the machine is small and shared. */
const SLOW = 30_000;

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
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

describe('/reports as the demo owner', () => {
  it('shows the report with charts and tables, and passes axe at both widths', async () => {
    const { page } = checked;
    await page.goto('/signIn');
    await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
    await signInAsDemoEmployer(checked);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).click();
    await checked.waitForPath('/reports');
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor({ timeout: SLOW });
    const funnel = page.getByRole('table', { name: 'Hiring funnel, all jobs' });
    await funnel.waitFor({ timeout: SLOW });
    // The demo's applications of the last 90 days reach the funnel, and its chart names them.
    const entered = Number(
      (await funnel.getByRole('row').nth(1).getByRole('cell').nth(1).innerText()).replace(/,/g, ''),
    );
    expect(entered).toBeGreaterThan(0);
    await page.getByRole('img', { name: /^Hiring funnel: Entered \d+/ }).waitFor();

    for (const width of [viewports.desktop.width, viewports.mobile.width]) {
      expect(await seriousAxeViolations(page, width)).toEqual([]);
    }
    checked.assertNoErrors();
  });

  it('filters by a job, downloads the funnel as CSV and the report as PDF, and reads them', async () => {
    const { page } = checked;
    await page.getByRole('combobox', { name: 'Job', exact: true }).selectOption({ label: jobTitle });
    const perJob = page.getByRole('table', { name: 'Hiring funnel per job' });
    await expect
      .poll(
        async () => (await perJob.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split('\t')[0]),
        {
          timeout: SLOW,
        },
      )
      .toEqual([jobTitle]);

    const [csvDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV: Hiring funnel' }).click(),
    ]);
    expect(csvDownload.suggestedFilename()).toMatch(
      /^medhire-funnel-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = (await readFile((await csvDownload.path()) ?? '')).toString('utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('Job,Step,Candidates,Conversion from previous step');
    expect(lines[1]).toMatch(/^All jobs,Entered,\d+,$/);
    expect(lines.filter((line) => line.startsWith(`${jobTitle},`))).toHaveLength(5);

    const [pdfDownload] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PDF' }).click(),
    ]);
    expect(pdfDownload.suggestedFilename()).toMatch(/^medhire-report-.*\.pdf$/);
    const file = await readFile((await pdfDownload.path()) ?? '');
    expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const parser = new PDFParse({ data: new Uint8Array(file) });
    try {
      const { text } = await parser.getText();
      expect(text).toContain('Hiring report');
      expect(text).toContain('Family Medicine Physician');
      for (const title of [
        'Hiring funnel',
        'Time in each stage',
        'Time to fill',
        'Replies to physicians',
        'Invites',
      ]) {
        expect(text).toContain(title);
      }
    } finally {
      await parser.destroy();
    }
    checked.assertNoErrors();
  });
});
