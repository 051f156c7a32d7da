import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, type Physician, registerPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';

// Issue 28, the physician's side: the demo employer proposes three times for a physician's
// application; the physician picks one on the app's Interviews screen, and the link in the
// e-mail opens the same interview in a browser that is not signed in.

const jobTitle = 'Family Medicine Physician – Outpatient';
const SLOW = 30_000;
const PASSWORD = 'Stethoscope-2026!';
const physicianIndex = fileURLToPath(new URL('../apps/physician/dist/index.html', import.meta.url));

let server: TestServer;
let browser: Browser;
const pages: CheckedPage[] = [];

beforeAll(async () => {
  if (!existsSync(physicianIndex)) {
    throw new Error(
      `The physician app is not built (${physicianIndex} is missing): run npm run build first.`,
    );
  }
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const checked of pages) await checked.close();
  await browser?.close();
  await server?.stop();
});

/**
 * How a 45-minute interview starting at `iso` reads in `timeZone` (hour, and the zone's short
 * name for that date), as a pattern: the abbreviation follows the date's daylight-saving state.
 */
function timeInZone(iso: string, timeZone: string): RegExp {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    timeZoneName: 'short',
  }).formatToParts(new Date(iso));
  const hour = parts.find((part) => part.type === 'hour')?.value;
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value;
  return new RegExp(`\\b${hour}:00\\s*–\\s*${hour}:45\\s[AP]M ${zone}`);
}

/** 15:00 UTC on the given day from now, as the employer would propose it. */
function daysAhead(days: number, hour = 15): string {
  const at = new Date();
  at.setUTCDate(at.getUTCDate() + days);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
}

describe('interviews in the physician app', () => {
  const suffix = Date.now().toString(36);
  const lastName = `Lindqvist${suffix}`;
  const email = `sara.${lastName}@physicians.example`.toLowerCase();
  let physician: Physician;
  const slots = [daysAhead(9), daysAhead(10), daysAhead(11)];

  it('has the demo employer propose three times for the physician’s application', async () => {
    physician = await registerPhysician(server, 'Sara', lastName, familyMedicineInAustin());
    const found = await callApi<{ jobs: { _id: string; title: string }[] }>(
      server.baseURL,
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    const job = found.jobs.find((entry) => entry.title === jobTitle);
    expect(job, `the demo job "${jobTitle}"`).toBeDefined();
    const application = await callApi<{ _id: string }>(
      server.baseURL,
      'POST',
      `/employee/job/apply/${job?._id}`,
      { token: physician.token, body: { coverLetter: 'Happy to meet the team.' } },
    );

    const employer = await callApi<{ token: string; user: { _id: string } }>(
      server.baseURL,
      'POST',
      '/employer/auth/login',
      { body: demoEmployer },
    );
    const interview = await callApi<{ status: string; proposedSlots: unknown[] }>(
      server.baseURL,
      'POST',
      `/employer/interview/schedule-interview/${application._id}`,
      {
        token: employer.token,
        body: {
          type: 'video',
          durationMinutes: 45,
          interviewerIds: [employer.user._id],
          timeZone: 'America/Chicago',
          timing: { mode: 'proposed', proposedSlots: slots },
          meetingUrl: 'https://meet.example.com/medhire-interview',
        },
      },
    );
    expect(interview.status).toBe('proposed');
    expect(interview.proposedSlots).toHaveLength(3);
  });

  it('picks one of the times on the Interviews screen, shown in the device’s zone', async () => {
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.mobile,
      timezoneId: 'America/Denver',
    });
    pages.push(checked);
    const { page } = checked;
    await page.goto('/physician/sign-in');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await checked.waitForPath('/physician/jobs', SLOW);

    // From the application at the interview stage to its interview.
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('link', { name: /See your interview/ }).click();
    await checked.waitForPath('/physician/interviews', SLOW);

    const upcoming = page.getByRole('region', { name: /Upcoming/ });
    await upcoming.getByRole('heading', { name: jobTitle }).waitFor({ timeout: SLOW });
    await page.getByText(/Times are shown in your time zone: Mountain .*\(America\/Denver\)/).waitFor();
    const times = upcoming.getByRole('radio');
    expect(await times.count()).toBe(3);
    // Each time in Denver's time, the zone named beside it (MST in winter, MDT in summer).
    for (const [index, slot] of slots.entries()) {
      expect(await times.nth(index).evaluate((input) => input.parentElement?.textContent)).toMatch(
        timeInZone(slot, 'America/Denver'),
      );
    }
    const second = times.nth(1);
    await second.check();
    await upcoming.getByRole('button', { name: 'Confirm this time' }).click();

    await page
      .getByText('The interview is booked. A calendar invite is on its way.')
      .waitFor({ timeout: SLOW });
    await upcoming.getByText('Status: Booked').waitFor({ timeout: SLOW });
    await expect.poll(() => upcoming.getByRole('radio').count(), { timeout: SLOW }).toBe(0);
    await upcoming.getByRole('link', { name: 'Join the video call' }).waitFor();
    checked.assertNoErrors();
  });

  it('opens the e-mailed link without signing in and shows the booked interview', async () => {
    let path = '';
    await expect
      .poll(
        async () => {
          const mails = await readOutbox(server.dataDir, email);
          for (const mail of mails.reverse()) {
            const match = /\/physician\/interview\/[A-Za-z0-9_.%-]+/.exec(mail.text);
            if (match) {
              path = match[0];
              return true;
            }
          }
          return false;
        },
        { timeout: SLOW },
      )
      .toBe(true);

    // A fresh context: no session in its storage.
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.desktop,
      timezoneId: 'America/New_York',
    });
    pages.push(checked);
    const { page } = checked;
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: 'Your interview' }).waitFor({ timeout: SLOW });
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await page.evaluate(() => localStorage.getItem('medhire.physician.session'))).toBeNull();
    const card = page.getByRole('article', { name: jobTitle });
    await card.getByText('Status: Booked').waitFor({ timeout: SLOW });
    // The picked time (the second offered) in this device's zone, New York's.
    await card.getByText(timeInZone(slots[1] ?? '', 'America/New_York')).waitFor();
    await page.getByText(/Times are shown in your time zone: Eastern .*\(America\/New_York\)/).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    checked.assertNoErrors();
  });
});
