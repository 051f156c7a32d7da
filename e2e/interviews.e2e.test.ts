import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TPhysicianInterview } from '@medhire/contract/interviews';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OutboxMessage, readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, type Physician, registerPhysician } from './fixtures/physician.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm, signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 28, end to end: the demo employer proposes three times from an applicant's page, with the
// team's recruiter as the interviewer; the physician picks one (through the physician API); the
// employer sees it scheduled and moves it in the app. The physician's and the interviewer's mails
// carry the same calendar event (same UID), the move with a higher SEQUENCE. The interviewer
// submits a scorecard in the app and the owner sees it. The calendar, the dialog and the
// availability settings pass axe at both widths.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];
const SLOW = 30_000;
const jobTitle = 'Family Medicine Physician – Outpatient';
const ZONE = 'America/Chicago';
/** The demo team's recruiter interviews; the owner schedules and reads the scorecard. */
const interviewer = {
  email: 'recruiter@medhire.example',
  password: 'MedHire-team-2026',
  name: 'James Okafor',
};

let server: TestServer;
let browser: Browser;
const pages: CheckedPage[] = [];

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
});

afterAll(async () => {
  for (const checked of pages) await checked.close();
  await browser?.close();
  await server?.stop();
});

async function open(viewport: { width: number; height: number }): Promise<CheckedPage> {
  // bypassCSP: axe-core is injected as a script, which the app's policy would refuse.
  const checked = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
  pages.push(checked);
  return checked;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(300);
}

async function expectNoBlockingViolations(page: Page, where: string) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return (
      results.violations as { id: string; impact: string | null; help: string; nodes: { html: string }[] }[]
    )
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map(
        (violation) =>
          `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.html.slice(0, 120)).join(' | ')})`,
      );
  }, WCAG_TAGS);
  expect(violations, `axe on ${where}`).toEqual([]);
}

/** A date `days` from today, as a date input takes it. */
function dayAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar event of the newest mail to `email` that has one, unfolded (RFC 5545 §3.1). */
function calendarOf(
  message: OutboxMessage | undefined,
): { method: string; uid: string; sequence: number } | undefined {
  const content = message?.icalEvent?.content.replace(/\r?\n[ \t]/g, '');
  if (!content) return undefined;
  return {
    method: /^METHOD:(.+)$/m.exec(content)?.[1]?.trim() ?? '',
    uid: /^UID:(.+)$/m.exec(content)?.[1]?.trim() ?? '',
    sequence: Number(/^SEQUENCE:(\d+)$/m.exec(content)?.[1] ?? -1),
  };
}

async function invites(email: string) {
  return (await readOutbox(server.dataDir, email)).filter((message) => message.icalEvent).map(calendarOf);
}

describe('interviews, from proposed times to a moved invite', () => {
  const suffix = Date.now().toString(36);
  let physician: Physician;
  let physicianEmail: string;
  let checked: CheckedPage;

  it('the recruiter proposes three times from the applicant page', async () => {
    physician = await registerPhysician(server, 'Lena', `Ortiz${suffix}`, familyMedicineInAustin());
    physicianEmail = `lena.ortiz${suffix}@physicians.example`;
    const found = await callApi<{ jobs: { _id: string; title: string }[] }>(
      server.baseURL,
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    const jobId = found.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId).not.toBe('');
    await callApi(server.baseURL, 'POST', `/employee/job/apply/${jobId}`, {
      token: physician.token,
      body: { coverLetter: 'I would like to talk about the outpatient role.' },
    });

    checked = await open(viewports.desktop);
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await page.goto(`/applicants/${physician.physicianId}`);
    await page.getByRole('heading', { level: 1, name: physician.fullName }).waitFor({ timeout: SLOW });
    await page
      .getByRole('button', { name: `Schedule interview with ${physician.fullName} for ${jobTitle}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Schedule an interview with ${physician.fullName}` });
    await dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' }).waitFor({ timeout: SLOW });
    await dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' }).uncheck();
    await dialog.getByRole('checkbox', { name: interviewer.name, exact: true }).check();
    await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption(ZONE);
    await dialog.getByRole('radio', { name: /^Propose 3–10 times/ }).check();
    await dialog.getByLabel('Meeting link').fill('https://meet.example/lena');
    const slots = [
      [dayAhead(40), '07:15'],
      [dayAhead(40), '16:45'],
      [dayAhead(41), '07:15'],
    ] as const;
    for (const [index, [date, time]] of slots.entries()) {
      await dialog.getByLabel(`Date of time ${index + 1}`, { exact: true }).fill(date);
      await dialog.getByLabel(`Time ${index + 1}`, { exact: true }).fill(time);
    }
    await settle(page);
    await expectNoBlockingViolations(page, 'the schedule dialog at 1280 px');
    await dialog.getByRole('button', { name: 'Send the times' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: SLOW });

    const interviews = page.getByRole('region', { name: `Interviews for ${jobTitle}` });
    await interviews.getByText('Times proposed').waitFor({ timeout: SLOW });
    // Scheduling moved the applicant to Interview.
    await expect
      .poll(() => page.getByRole('combobox', { name: `Pipeline stage for ${jobTitle}` }).inputValue(), {
        timeout: SLOW,
      })
      .toBe('Interview');
    checked.assertNoErrors();
  });

  it('the physician picks a time; the recruiter sees it scheduled; both get the invite', async () => {
    const { page } = checked;
    const mine = await callApi<{ interviews: TPhysicianInterview[] }>(
      server.baseURL,
      'GET',
      '/employee/interview/get-my-interviews',
      { token: physician.token },
    );
    const offered = mine.interviews.find((entry) => entry.status === 'proposed');
    expect(offered?.proposedSlots).toHaveLength(3);
    const slot = offered?.proposedSlots[1];
    await callApi(server.baseURL, 'POST', `/employee/interview/pick-slot/${offered?._id}`, {
      token: physician.token,
      body: { slotId: slot?._id },
    });

    await page.reload();
    const interviews = page.getByRole('region', { name: `Interviews for ${jobTitle}` });
    await interviews.getByText('Scheduled', { exact: true }).waitFor({ timeout: SLOW });
    // 16:45 Chicago, shown in the viewer's zone (the browser's).
    const when = await page.evaluate(
      (iso) =>
        new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit' }).format(new Date(iso)),
      slot?.startsAt ?? '',
    );
    await interviews
      .getByText(new RegExp(when.replace(/\s/g, '\\s')))
      .first()
      .waitFor();

    await expect
      .poll(async () => (await invites(physicianEmail)).length, { timeout: SLOW })
      .toBeGreaterThan(0);
    await expect
      .poll(async () => (await invites(interviewer.email)).length, { timeout: SLOW })
      .toBeGreaterThan(0);
    const [forPhysician] = (await invites(physicianEmail)).slice(-1);
    const [forInterviewer] = (await invites(interviewer.email)).slice(-1);
    expect(forPhysician?.method).toBe('REQUEST');
    expect(forInterviewer?.method).toBe('REQUEST');
    expect(forPhysician?.uid).not.toBe('');
    expect(forInterviewer?.uid).toBe(forPhysician?.uid);
  });

  it('the recruiter moves it in the app; the same event is sent again with a higher SEQUENCE', async () => {
    const { page } = checked;
    const before = (await invites(physicianEmail)).slice(-1)[0];
    const beforeCount = (await invites(physicianEmail)).length;
    await page.getByRole('button', { name: `Reschedule the video call with ${physician.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Reschedule the interview with ${physician.fullName}` });
    await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption(ZONE);
    await dialog.getByLabel('Date', { exact: true }).fill(dayAhead(42));
    await dialog.getByLabel('Time', { exact: true }).fill('07:30');
    await dialog.getByRole('button', { name: 'Move the interview' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: SLOW });

    await expect
      .poll(async () => (await invites(physicianEmail)).length, { timeout: SLOW })
      .toBeGreaterThan(beforeCount);
    const physicianAfter = (await invites(physicianEmail)).slice(-1)[0];
    expect(physicianAfter?.method).toBe('REQUEST');
    expect(physicianAfter?.uid).toBe(before?.uid);
    expect(physicianAfter?.sequence).toBeGreaterThan(before?.sequence ?? Number.POSITIVE_INFINITY);
    await expect
      .poll(async () => (await invites(interviewer.email)).slice(-1)[0]?.sequence, { timeout: SLOW })
      .toBe(physicianAfter?.sequence);
    const interviewerAfter = (await invites(interviewer.email)).slice(-1)[0];
    expect(interviewerAfter?.uid).toBe(before?.uid);
    expect(interviewerAfter?.method).toBe('REQUEST');
    checked.assertNoErrors();
  });

  it('the interviewer submits a scorecard in the app, and the owner sees it', async () => {
    const recruiter = await open(viewports.desktop);
    await recruiter.page.goto('/signIn');
    await fillSignInForm(recruiter.page, interviewer.email, interviewer.password);
    await recruiter.waitForPath('/home');
    await recruiter.page.goto(`/applicants/${physician.physicianId}`);
    const form = recruiter.page.getByRole('form', { name: 'Your scorecard' });
    await form.waitFor({ timeout: SLOW });
    const criteria = form
      .getByRole('group')
      .filter({ has: recruiter.page.getByRole('radio', { name: '4 of 5' }) });
    const count = await criteria.count();
    expect(count).toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      await criteria.nth(index).getByRole('radio', { name: '4 of 5' }).check();
    }
    await form.getByRole('radio', { name: 'Strong yes' }).check();
    await form.getByLabel(/^Notes/).fill('Clear about outpatient follow-up; a strong fit for the clinic.');
    await form.getByRole('button', { name: 'Submit scorecard' }).click();
    const submitted = recruiter.page.getByRole('list', { name: 'Submitted scorecards' });
    await submitted.getByRole('heading', { name: `${interviewer.name} (you)` }).waitFor({ timeout: SLOW });
    recruiter.assertNoErrors();

    // The owner, who is not an interviewer on it, reads it on the applicant's page.
    const { page } = checked;
    await page.goto(`/applicants/${physician.physicianId}`);
    const seen = page.getByRole('list', { name: 'Submitted scorecards' });
    await seen.getByRole('heading', { name: interviewer.name, exact: true }).waitFor({ timeout: SLOW });
    await expect(
      seen.getByText('Clear about outpatient follow-up; a strong fit for the clinic.').count(),
    ).resolves.toBe(1);
    await expect(seen.getByText('Strong yes').count()).resolves.toBe(1);
    await expect(seen.getByText('4 of 5').count()).resolves.toBe(count);
    await settle(page);
    await expectNoBlockingViolations(page, 'the applicant page with a scorecard at 1280 px');
    checked.assertNoErrors();
  });

  it('the calendar, the dialog and the availability settings pass axe at 1280 and 390 px', async () => {
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const other = viewport === viewports.desktop ? checked : await open(viewport);
      const { page } = other;
      if (other !== checked) await signInAsDemoEmployer(other);
      await page.goto('/interviews');
      await page.getByRole('heading', { level: 1, name: 'Interviews' }).waitFor({ timeout: SLOW });
      await page.getByRole('list', { name: 'Days' }).waitFor({ timeout: SLOW });
      await settle(page);
      await expectNoBlockingViolations(page, `the calendar at ${viewport.width} px`);
      await page.getByRole('button', { name: 'Day', exact: true }).click();
      await settle(page);
      await expectNoBlockingViolations(page, `the calendar's day at ${viewport.width} px`);

      await page.goto('/settings/availability');
      await page.getByRole('button', { name: 'Save availability' }).waitFor({ timeout: SLOW });
      await settle(page);
      await expectNoBlockingViolations(page, `the availability settings at ${viewport.width} px`);

      if (viewport === viewports.mobile) {
        await page.goto(`/applicants/${physician.physicianId}`);
        await page
          .getByRole('button', { name: `Schedule interview with ${physician.fullName} for ${jobTitle}` })
          .click();
        const dialog = page.getByRole('dialog', { name: `Schedule an interview with ${physician.fullName}` });
        await dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' }).waitFor({ timeout: SLOW });
        await settle(page);
        await expectNoBlockingViolations(page, 'the schedule dialog at 390 px');
      }
      other.assertNoErrors();
    }
  });
});

describe('a site visit, from the dialog to the physician’s itinerary', () => {
  const suffix = `v${Date.now().toString(36)}`;
  let physician: Physician;
  let physicianEmail: string;

  it('the owner plans a two-day site visit with two sessions and travel notes', async () => {
    physician = await registerPhysician(server, 'Nora', `Visit${suffix}`, familyMedicineInAustin());
    physicianEmail = `nora.visit${suffix}@physicians.example`;
    const found = await callApi<{ jobs: { _id: string; title: string }[] }>(
      server.baseURL,
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    const jobId = found.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    await callApi(server.baseURL, 'POST', `/employee/job/apply/${jobId}`, {
      token: physician.token,
      body: { coverLetter: 'I would be glad to visit the clinic.' },
    });

    const checked = await open(viewports.desktop);
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await page.goto(`/applicants/${physician.physicianId}`);
    await page.getByRole('heading', { level: 1, name: physician.fullName }).waitFor({ timeout: SLOW });
    await page
      .getByRole('button', { name: `Schedule interview with ${physician.fullName} for ${jobTitle}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Schedule an interview with ${physician.fullName}` });
    await dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' }).waitFor({ timeout: SLOW });
    await dialog.getByRole('radio', { name: 'On site' }).check();
    await dialog.getByRole('radio', { name: /^A site visit/ }).check();
    await dialog.getByRole('combobox', { name: 'Time zone' }).selectOption(ZONE);
    const sessions = dialog.getByRole('list', { name: 'Sessions of the visit' });
    const plan = [
      ['Tour of the clinic', dayAhead(60), '09:00', '10:00', 'Front lobby'],
      ['Breakfast with the director', dayAhead(61), '08:00', '09:00', 'Conference room 2B'],
    ] as const;
    for (const [index, [title, date, start, end, room]] of plan.entries()) {
      const number = index + 1;
      await sessions.getByLabel(`Title of session ${number}`).fill(title);
      await sessions.getByLabel(`Date of session ${number}`).fill(date);
      await sessions.getByLabel(`Start of session ${number}`).fill(start);
      await sessions.getByLabel(`End of session ${number}`).fill(end);
      await sessions.getByLabel(new RegExp(`^Room of session ${number}`)).fill(room);
    }
    await sessions
      .getByRole('group', { name: 'Interviewers of session 2' })
      .getByRole('checkbox', { name: interviewer.name, exact: true })
      .check();
    await dialog
      .getByLabel(/^Travel notes for the physician/)
      .fill('Two nights booked at the Riverside Inn.');
    await settle(page);
    await page.screenshot({ path: 'artifacts/screenshots/site-visit-dialog-1280.png', fullPage: true });
    await expectNoBlockingViolations(page, 'the site visit dialog at 1280 px');
    await dialog.getByRole('button', { name: 'Schedule the site visit' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: SLOW });

    const itinerary = page.getByRole('list', {
      name: new RegExp(`^Itinerary of the site visit with Dr\\. ${physician.fullName.replace(/^Dr\. /, '')}`),
    });
    await itinerary.getByText('Tour of the clinic').waitFor({ timeout: SLOW });
    await itinerary.getByText('Breakfast with the director').waitFor();
    checked.assertNoErrors();
  });

  it('the physician opens the e-mailed link and reads the itinerary in their own zone, and can decline', async () => {
    let path = '';
    await expect
      .poll(
        async () => {
          for (const mail of (await readOutbox(server.dataDir, physicianEmail)).reverse()) {
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
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.mobile,
      timezoneId: 'America/Denver',
      bypassCSP: true,
    });
    pages.push(checked);
    const { page } = checked;
    await page.goto(path);
    const itinerary = page.getByRole('region', { name: 'Itinerary' });
    await itinerary.waitFor({ timeout: SLOW });
    // 9:00 Chicago is 8:00 in Denver, the zone named.
    await itinerary.getByText(/8:00\s*–\s*9:00\sAM M[SD]T/).waitFor();
    await itinerary.getByText('Tour of the clinic').waitFor();
    await itinerary.getByText('Front lobby').waitFor();
    await itinerary.getByText('Breakfast with the director').waitFor();
    expect(await itinerary.getByRole('heading').count()).toBe(3);
    await page.getByText('Two nights booked at the Riverside Inn.').waitFor();
    await page.getByText(/Times are shown in your time zone: .*\(America\/Denver\)/).waitFor();
    expect(await page.getByRole('radio').count()).toBe(0);
    await page.getByRole('button', { name: /Decline/ }).waitFor();
    await settle(page);
    await page.screenshot({ path: 'artifacts/screenshots/site-visit-physician-390.png', fullPage: true });
    await expectNoBlockingViolations(page, 'the site visit link page at 390 px');
    checked.assertNoErrors();
  });
});
