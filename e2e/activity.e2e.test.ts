import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 14, end to end: the demo owner moves an applicant, finds the move in Settings → Activity
// filtered by type, then requests an export of the organisation's data, waits until it is ready,
// downloads the ZIP and finds the e-mail with its link in the outbox. Both pages pass axe.

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

async function expectAxeClean(page: Page) {
  for (const width of [viewports.desktop.width, viewports.mobile.width]) {
    expect(await seriousAxeViolations(page, width)).toEqual([]);
  }
}

/** A column of the pipeline board, named by its heading ("Offer", then the count). */
const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage}\\b`) });

describe('Settings → Activity and Settings → Data export as the demo owner', () => {
  let movedName = '';

  it('moves an applicant on the pipeline board', async () => {
    const { page } = checked;
    await page.goto('/signIn');
    await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
    await signInAsDemoEmployer(checked);

    await page.goto('/jobs-resident');
    await page.getByRole('link', { name: jobTitle, exact: true }).first().click();
    const tab = page
      .getByRole('tablist', { name: 'Job pipeline sections' })
      .getByRole('tab', { name: /^Pipeline/ });
    await tab.click();
    await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: SLOW }).toBe('true');

    const firstSubmitted = column(page, 'Submitted').getByRole('listitem').getByRole('link').first();
    await firstSubmitted.waitFor({ timeout: SLOW });
    movedName = (await firstSubmitted.innerText()).trim();
    expect(movedName).toMatch(/^Dr\. /);

    const button = page.getByRole('button', { name: `Move ${movedName}`, exact: true });
    await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: SLOW }).toBeNull();
    await button.click();
    await page
      .getByRole('menu', { name: `Move ${movedName} to` })
      .getByRole('menuitem', { name: 'Interview', exact: true })
      .click();
    await page
      .getByText(`${movedName} moved to Interview.`, { exact: true })
      .waitFor({ state: 'attached', timeout: SLOW });
    checked.assertNoErrors();
  });

  it('finds the move in Settings → Activity, filtered by type', async () => {
    const { page } = checked;
    await page.goto('/settings/activity');
    await page.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor({ timeout: SLOW });
    const table = page.getByRole('table', { name: 'Activity' });
    await table.waitFor({ timeout: SLOW });
    // Other kinds of entries are there before filtering: the demo's jobs, invites and plan.
    await expect
      .poll(async () => (await table.getByRole('row').allInnerTexts()).join('\n'), { timeout: SLOW })
      .toContain('Moved ');

    await page.getByLabel('Type').selectOption({ label: 'Pipeline moves' });
    const firstRow = table.getByRole('row').nth(1);
    await expect
      .poll(async () => firstRow.innerText(), { timeout: SLOW })
      .toContain(`Moved ${movedName} to Interview on “${jobTitle}”`);
    expect(await firstRow.innerText()).toContain('Pipeline move');
    const types = await table.locator('tbody tr td:nth-child(4)').allInnerTexts();
    expect(types.length).toBeGreaterThan(1);
    expect(new Set(types.map((type) => type.trim()))).toEqual(new Set(['Pipeline move']));
    await expectAxeClean(page);
    checked.assertNoErrors();
  });

  it('requests a data export, waits until it is ready, downloads the ZIP and finds the e-mail', async () => {
    const { page } = checked;
    await page.goto('/settings/data-export');
    await page.getByRole('heading', { level: 1, name: 'Data export' }).waitFor({ timeout: SLOW });
    await page.getByText('No exports yet.').waitFor({ timeout: SLOW });
    await expectAxeClean(page);

    await page.getByRole('button', { name: 'Request export' }).click();
    await page.getByText(/Preparing your export/).waitFor({ timeout: SLOW });
    const download = page.getByRole('button', { name: /^Download the export of/ });
    await download.waitFor({ timeout: 60_000 });
    const table = page.getByRole('table', { name: 'Past exports' });
    expect(await table.getByRole('row').nth(1).innerText()).toContain('Ready');
    await expectAxeClean(page);

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toMatch(/^medhire-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = await file.path();
    const zip = unzipSync(new Uint8Array(readFileSync(path)));
    expect(Object.keys(zip)).toEqual(expect.arrayContaining(['jobs.json', 'jobs.csv', 'conversations.json']));
    const jobs = JSON.parse(new TextDecoder().decode(zip['jobs.json'])) as { title: string }[];
    expect(jobs.map((job) => job.title)).toContain(jobTitle);

    // The e-mail to the owner carries a link that downloads the same export without signing in.
    await expect
      .poll(
        async () =>
          (await readOutbox(server.dataDir, demoEmployer.email)).filter((mail) =>
            mail.subject.includes('data export is ready'),
          ).length,
        { timeout: SLOW },
      )
      .toBe(1);
    const [mail] = (await readOutbox(server.dataDir, demoEmployer.email)).filter((message) =>
      message.subject.includes('data export is ready'),
    );
    const link = mail?.text.match(
      /\/api\/employer\/data-export\/download\/[0-9a-f-]+\?token=[A-Za-z0-9_-]+/,
    )?.[0];
    expect(link, mail?.text).toBeDefined();
    const fromMail = await fetch(`${server.baseURL}${link}`);
    expect(fromMail.status).toBe(200);
    expect(fromMail.headers.get('content-type')).toBe('application/zip');
    checked.assertNoErrors();
  });
});
