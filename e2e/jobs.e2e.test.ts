import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function next(page: Page, stepTitle: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: stepTitle, level: 2 }).waitFor();
}

async function choose(page: Page, combobox: string, text: string, option: string) {
  const input = page.getByRole('combobox', { name: combobox });
  await input.fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The list of /jobs narrowed to one title, so demo jobs and earlier runs never get in the way. */
async function openJobsFor(checked: CheckedPage, title: string) {
  await checked.page.goto(`/jobs?q=${encodeURIComponent(title)}`);
  await checked.page.getByRole('table', { name: 'Your jobs' }).waitFor();
}

const row = (page: Page, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });

describe('jobs as the demo employer', () => {
  it('posts a job through every step, edits its salary, duplicates it, closes one and deletes the other', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await signInAsDemoEmployer(checked);
      const title = `Nocturnist Hospitalist ${Date.now()}`;

      await page.goto('/jobs');
      await page.getByRole('link', { name: 'Post a job' }).first().click();
      await checked.waitForPath('/create-job');

      await page.getByLabel('Job title').fill(title);
      await choose(page, 'Specialty', 'Internal', 'Internal Medicine');
      await page.getByLabel('Employment type').selectOption({ label: 'Full-time' });
      await page.getByLabel('Reason for the opportunity').selectOption({ label: 'Growth / expansion' });
      await next(page, 'Compensation');

      await page.getByLabel(/Minimum \(USD/).fill('250,000');
      await page.getByLabel(/Maximum \(USD/).fill('300,000');
      await page.getByLabel(/Sign-on bonus/).fill('20000');
      await page.getByLabel(/Vacation/).fill('5');
      await next(page, 'Schedule');

      await page.getByLabel('Inpatient', { exact: true }).fill('7');
      await page.getByLabel('Administrative', { exact: true }).fill('1');
      await page.getByText('8 of 10 half-days').waitFor();
      await page.getByLabel('Call schedule').fill('7 nights on, 7 off');
      await next(page, 'Support and technology');

      await page.getByLabel('Electronic medical record').fill('Epic');
      await page.getByLabel('Health insurance').check();
      await next(page, 'Growth');

      await page
        .getByRole('group', { name: /track to partnership/ })
        .getByLabel('Yes')
        .check();
      await page.getByLabel('How long is the track to partnership?').fill('3 years');
      await page.getByLabel('What is the partnership buy-in?').fill('$100,000');
      // Leaving the answer re-checks the pair; let that settle before pointing at what follows.
      await page.keyboard.press('Tab');
      await page.getByRole('group', { name: 'Mentorship' }).getByLabel('Yes').check();
      await next(page, 'Locations');

      await choose(page, 'Add a location', 'Austin', 'Austin, TX');
      await choose(page, 'Add a location', 'Dallas', 'Dallas, TX');
      const chosen = page.getByRole('list', { name: 'Job locations' });
      await chosen.getByText('Austin, TX').waitFor();
      await chosen.getByText('Dallas, TX').waitFor();
      await next(page, 'Review');
      await page.getByText('$250,000 – $300,000 per year').waitFor();
      await page.getByRole('button', { name: 'Publish' }).click();
      await checked.waitForPath('/jobs');

      await openJobsFor(checked, title);
      await expect.poll(() => row(page, title).count()).toBe(1);
      expect(await row(page, title).getByText('Open').count()).toBe(1);

      // Edit the salary.
      await page.getByRole('link', { name: `Edit ${title}` }).click();
      await page.getByRole('button', { name: /Compensation/ }).click();
      const max = page.getByLabel(/Maximum \(USD/);
      expect(await max.inputValue()).toBe('300000');
      await max.fill('320000');
      await page.getByRole('button', { name: 'Save changes' }).click();
      // The editor shows the same heading, so wait for the move to the job's page itself.
      await page.waitForURL((url) => url.pathname.startsWith('/jobs-resident/'));
      await page.getByRole('heading', { name: title, level: 1 }).waitFor();
      // The job's page opens on its pipeline; the posting itself is under Details.
      await page.getByRole('tab', { name: 'Details', exact: true }).click();
      await page.getByText('$250,000 – $320,000 per year').waitFor();
      await page.getByRole('list', { name: 'Job locations' }).getByText('Dallas, TX').waitFor();

      // Duplicate it.
      await openJobsFor(checked, title);
      await page.getByRole('button', { name: `Duplicate ${title}`, exact: true }).click();
      const copy = `${title} (copy)`;
      await page.getByRole('link', { name: copy, exact: true }).waitFor();
      expect(await row(page, copy).getByText('Draft').count()).toBe(1);

      // Close the original, delete the copy.
      await page.getByRole('button', { name: `Close ${title}`, exact: true }).click();
      await page.getByRole('button', { name: `Reopen ${title}`, exact: true }).waitFor();
      expect(await row(page, title).getByText('Closed').count()).toBe(1);

      await page.getByRole('button', { name: `Delete ${copy}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete this job?' });
      await dialog.getByRole('button', { name: 'Delete job' }).click();
      await page.getByRole('link', { name: copy, exact: true }).waitFor({ state: 'detached' });

      // What the server now holds, seen afresh.
      await openJobsFor(checked, title);
      await expect.poll(() => page.getByRole('link', { name: copy, exact: true }).count()).toBe(0);
      expect(await row(page, title).getByText('Closed').count()).toBe(1);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});

describe('screenshots for review', () => {
  it.each(Object.entries(viewports))('captures the jobs screens at the %s size', async (name, viewport) => {
    const checked = await openPage(browser, { baseURL: server.baseURL, viewport });
    try {
      const { page } = checked;
      await signInAsDemoEmployer(checked);
      const shot = async (file: string) => {
        // Page transitions take 300 ms; let them and the data requests finish before capturing.
        await page.waitForTimeout(700);
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.screenshot({ path: `${artifactsDir}${file}-${name}.png`, fullPage: true });
      };

      await page.goto('/jobs');
      await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
      await page
        .getByRole('link', { name: /Family Medicine Physician/ })
        .first()
        .waitFor();
      await shot('jobs');

      await page
        .getByRole('link', { name: /Family Medicine Physician/ })
        .first()
        .click();
      await page.getByRole('tab', { name: /Details/ }).waitFor();
      await shot('job-detail');
      await page.getByRole('tab', { name: /Applicants/ }).click();
      await shot('job-detail-applicants');

      await page.goto('/create-job');
      await page.getByLabel('Job title').waitFor();
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText('Enter the job title.').waitFor();
      await shot('create-job-role');
      await page.getByLabel('Job title').fill('General Cardiologist');
      await choose(page, 'Specialty', 'Family', 'Family Medicine');
      await page.getByLabel('Employment type').selectOption({ label: 'Full-time' });
      await next(page, 'Compensation');
      await shot('create-job-compensation');
      await next(page, 'Schedule');
      await page.getByLabel('Outpatient', { exact: true }).fill('6');
      await page.getByLabel('Procedural', { exact: true }).fill('6');
      await shot('create-job-schedule');
      await page.getByLabel('Procedural', { exact: true }).fill('3');
      await next(page, 'Support and technology');
      await shot('create-job-support');
      await next(page, 'Growth');
      await page
        .getByRole('group', { name: /track to partnership/ })
        .getByLabel('Yes')
        .check();
      await shot('create-job-growth');
      await page
        .getByRole('group', { name: /track to partnership/ })
        .getByLabel('No')
        .check();
      await next(page, 'Locations');
      await choose(page, 'Add a location', 'Houston', 'Houston, TX');
      await shot('create-job-locations');
      await next(page, 'Review');
      await shot('create-job-review');
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
