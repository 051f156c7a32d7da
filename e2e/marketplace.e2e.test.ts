import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, liveConnection, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, signUpPhysician } from './fixtures/physician.ts';
import { type PushService, startPushService } from './fixtures/push-service.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Both sides of the marketplace at once: the demo employer (laptop, employer app) posts a job;
// a physician (phone, physician app) whose job alert matches it hears of it (in the app, and by a
// Web Push the test's local push service receives and decrypts), applies in two taps
// and the employer's bell rises live; the employer moves the application to Interview and invites
// the physician to a second job, which the physician accepts; both write live, the physician
// also while offline (the employer gets that message once); the physician then hides from the
// organisation, and the applicant is gone from every employer list.

const SLOW = 30_000;
const physicianIndex = fileURLToPath(new URL('../apps/physician/dist/index.html', import.meta.url));
const password = 'Stethoscope-2026!';
const secondJobTitle = 'Family Medicine Physician – Outpatient';

let server: TestServer;
let pushService: PushService;
let browser: Browser;
let employerPage: CheckedPage;
let physicianPage: CheckedPage;

beforeAll(async () => {
  if (!existsSync(physicianIndex)) {
    throw new Error(
      `The physician app is not built (${physicianIndex} is missing): run npm run build first.`,
    );
  }
  pushService = await startPushService();
  server = await startServer({ demoData: true, env: pushService.serverEnv });
  browser = await launchBrowser();
});

afterAll(async () => {
  await physicianPage?.close();
  await employerPage?.close();
  await browser?.close();
  await server?.stop();
  await pushService?.close();
});

const employerBell = (page: Page): Locator =>
  page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

async function unreadCount(page: Page): Promise<number> {
  const name = (await employerBell(page).getAttribute('aria-label')) ?? '';
  return Number(name.match(/(\d+) unread/)?.[1] ?? 0);
}

const employerThread = (page: Page): Locator => page.getByRole('log', { name: /^Messages with / });
const physicianThread = (page: Page): Locator => page.getByRole('list', { name: 'Messages' });
const tabs = (page: Page): Locator => page.getByRole('navigation', { name: 'Tabs' });

describe('the two-sided journey', () => {
  const suffix = Date.now().toString(36);
  const jobTitle = `Family Physician – Lake Travis Clinic ${suffix}`;
  const lastName = `Alvarez${suffix}`;
  const email = `sofia.alvarez${suffix}@physicians.example`;
  let employer: { token: string; user: { _id: string } };
  let physician: { token: string; physician: { _id: string } };
  let jobId = '';
  let applicationId = '';
  let conversationId = '';

  it('a physician with a job alert hears of the job the employer posts, applies in two taps, and the bell rises live', async () => {
    physician = await signUpPhysician(server, { email, password, firstName: 'Sofia', lastName });
    await callApi(server.baseURL, 'PATCH', '/employee/profile/update-profile', {
      token: physician.token,
      body: familyMedicineInAustin({ isDiscoverable: true }),
    });
    await callApi(server.baseURL, 'POST', '/employee/alert/create-alert', {
      token: physician.token,
      body: {
        name: 'Family medicine near Austin',
        criteria: { specialty: 'family-medicine', latitude: 30.2672, longitude: -97.7431, radiusMiles: 50 },
        channels: { push: true, email: true },
        frequency: 'instant',
      },
    });
    // The physician's phone has push on: its subscription reaches the local push service.
    const phonePush = pushService.subscribe('physician-phone');
    await callApi(server.baseURL, 'POST', '/employee/notification/save-push-subscription', {
      token: physician.token,
      body: { value: phonePush.json },
    });

    // The employer's app is open, live.
    employerPage = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const connected = liveConnection(employerPage.page);
    await signInAsDemoEmployer(employerPage);
    await connected;
    employer = await callApi(server.baseURL, 'POST', '/employer/auth/login', { body: demoEmployer });

    // The physician signs in to the physician app on a phone.
    physicianPage = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.mobile,
      // Going offline fails requests and the live connection on purpose.
      allowErrors: [/ERR_INTERNET_DISCONNECTED/, /WebSocket/i, /Failed to load resource/, /Failed to fetch/],
    });
    const phone = physicianPage.page;
    await phone.goto('/physician/sign-in');
    await phone.getByLabel('E-mail').fill(email);
    await phone.getByLabel('Password', { exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Sign in', exact: true }).click();
    await phone.waitForURL(/\/physician\/(jobs|profile)/, { timeout: SLOW });

    // The employer posts the job.
    const posted = await callApi<{ _id: string }>(
      server.baseURL,
      'POST',
      `/employer/auth/v1/create-job-v1/${employer.user._id}`,
      {
        token: employer.token,
        body: {
          title: jobTitle,
          specialty: 'family-medicine',
          employmentType: 'full-time',
          salaryRange: { min: 260000, max: 300000, payType: 'annual' },
          locations: [
            {
              city: 'Lakeway',
              state: 'TX',
              description: 'Lakeway, TX',
              coords: { latitude: 30.3638, longitude: -97.9795 },
            },
          ],
          status: 'open',
        },
      },
    );
    jobId = posted._id;

    // The alert's push arrives at the phone's push service, encrypted for it, and opens the job.
    await expect
      .poll(() => phonePush.received(), { timeout: SLOW, interval: 250 })
      .toContainEqual(
        expect.objectContaining({
          data: expect.objectContaining({ type: 'JOB_ALERT', jobId }),
          notification: expect.objectContaining({ body: expect.stringContaining(jobTitle) }),
          fcmOptions: { link: `/physician/jobs/${jobId}` },
        }),
      );

    // The alert reaches the physician's notifications (the queue's job matches it in the background).
    await phone.goto('/physician/notifications');
    const alert = phone.getByRole('list', { name: 'Notifications' }).getByRole('button', {
      name: new RegExp(`New job for your alert.*${jobTitle}`),
    });
    await expect
      .poll(
        async () => {
          if ((await alert.count()) > 0) return true;
          await phone.reload();
          return false;
        },
        { timeout: SLOW, interval: 1000 },
      )
      .toBe(true);
    await alert.first().click();
    await phone.getByRole('heading', { level: 1, name: jobTitle }).waitFor({ timeout: SLOW });

    const before = await unreadCount(employerPage.page);
    // Two taps: Apply, then Confirm.
    await phone.getByRole('button', { name: 'Apply' }).click();
    await phone.getByRole('dialog').getByRole('button', { name: 'Confirm application' }).click();
    await phone.getByText(/You applied to this job/).waitFor({ timeout: SLOW });
    await expect.poll(() => unreadCount(employerPage.page), { timeout: SLOW }).toBeGreaterThan(before);

    const applicants = await callApi<{ applicants?: { _id: string; applicationId?: string }[] }>(
      server.baseURL,
      'GET',
      `/employer/applicant/get-all-applicants/${employer.user._id}?jobId=${jobId}`,
      { token: employer.token },
    );
    const own = await callApi<{ applications: { _id: string; jobId: string }[] }>(
      server.baseURL,
      'GET',
      '/employee/job/get-applications',
      { token: physician.token },
    );
    applicationId = own.applications.find((application) => application.jobId === jobId)?._id ?? '';
    expect(applicationId).not.toBe('');
    expect(JSON.stringify(applicants)).toContain(physician.physician._id);
    physicianPage.assertNoErrors();
    employerPage.assertNoErrors();
  });

  it('the employer moves the application to Interview and invites the physician, who sees the invite and accepts', async () => {
    await callApi(server.baseURL, 'PATCH', `/employer/applicant/update-pipeline-status/${applicationId}`, {
      token: employer.token,
      body: { pipelineStatus: 'Interview' },
    });
    const phone = physicianPage.page;
    await tabs(phone).getByRole('link', { name: 'Applications' }).click();
    const application = phone.getByRole('listitem').filter({ hasText: jobTitle });
    // The candidate's word for the stage, as the application card reads it.
    await expect
      .poll(() => application.first().innerText(), { timeout: SLOW })
      .toMatch(/Status:\s*Interview/);

    const jobs = await callApi<{ jobs: { _id: string; title: string }[] }>(
      server.baseURL,
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    const secondJobId = jobs.jobs.find((job) => job.title === secondJobTitle)?._id ?? '';
    expect(secondJobId, `the open job "${secondJobTitle}"`).not.toBe('');
    await callApi(server.baseURL, 'POST', '/employer/match/create-match', {
      token: employer.token,
      body: {
        jobId: secondJobId,
        applicantId: physician.physician._id,
        message: 'Would you also consider our clinic role?',
      },
    });

    await tabs(phone).getByRole('link', { name: 'Invites' }).click();
    await phone.getByText('Would you also consider our clinic role?').waitFor({ timeout: SLOW });
    await phone.getByRole('button', { name: 'Accept and message' }).click();
    await phone.waitForURL(/\/physician\/messages\/[^/]+$/, { timeout: SLOW });
    conversationId = new URL(phone.url()).pathname.split('/').pop() ?? '';
    expect(conversationId).not.toBe('');
    physicianPage.assertNoErrors();
  });

  it('both sides write live; a message written offline reaches the employer once', async () => {
    const phone = physicianPage.page;
    const laptop = employerPage.page;
    await laptop.goto(`/messages?conversationId=${conversationId}`);
    await employerThread(laptop).waitFor({ timeout: SLOW });

    // Physician → employer, live.
    const physicianComposer = phone.getByRole('textbox', { name: 'Message', exact: true });
    await physicianComposer.fill('Thank you! I would be glad to visit the clinic.');
    await physicianComposer.press('Enter');
    await employerThread(laptop)
      .getByText('Thank you! I would be glad to visit the clinic.')
      .waitFor({ timeout: SLOW });

    // Employer → physician, live.
    const employerComposer = laptop.getByRole('textbox', { name: /^Message to / });
    await employerComposer.fill('Wonderful. Does Friday morning suit you?');
    await employerComposer.press('Enter');
    await physicianThread(phone)
      .getByText('Wonderful. Does Friday morning suit you?')
      .waitFor({ timeout: SLOW });

    // Offline: the message waits on the phone and goes out once when the network returns.
    await physicianPage.context.setOffline(true);
    await physicianComposer.fill('Friday morning is perfect, see you then.');
    await physicianComposer.press('Enter');
    await physicianThread(phone).getByText('Waiting for the network').waitFor({ timeout: SLOW });
    await physicianPage.context.setOffline(false);
    await employerThread(laptop)
      .getByText('Friday morning is perfect, see you then.')
      .waitFor({ timeout: SLOW });
    await expect
      .poll(
        () =>
          physicianThread(phone)
            .getByText(/Sending|Waiting for the network|Not sent/)
            .count(),
        {
          timeout: SLOW,
        },
      )
      .toBe(0);
    // Once on the employer's screen, and once in what the server stored.
    await laptop.reload();
    await employerThread(laptop)
      .getByText('Friday morning is perfect, see you then.')
      .waitFor({ timeout: SLOW });
    expect(await employerThread(laptop).getByText('Friday morning is perfect, see you then.').count()).toBe(
      1,
    );
    const stored = await callApi<{ messages: { body: string }[] }>(
      server.baseURL,
      'GET',
      `/employee/conversation/get-conversation/${conversationId}?pageSize=100`,
      { token: physician.token },
    );
    expect(
      stored.messages.filter((message) => message.body === 'Friday morning is perfect, see you then.'),
    ).toHaveLength(1);
    employerPage.assertNoErrors();
  });

  it('the physician hides from the organisation and disappears from every employer list', async () => {
    const phone = physicianPage.page;
    await phone.goto('/physician/visibility');
    await phone.getByRole('searchbox', { name: 'Hide from an organization' }).fill('Lakeside');
    await phone.getByRole('button', { name: 'Hide from Lakeside Family Medicine Group' }).click();
    await phone
      .getByRole('list', { name: 'Organizations you hide from' })
      .getByText('Lakeside Family Medicine Group')
      .waitFor({ timeout: SLOW });

    const physicianId = physician.physician._id;
    const userId = employer.user._id;
    const lists = [
      `/employer/applicant/get-all-applicants/${userId}`,
      `/employer/applicant/get-all-applicants/${userId}?jobId=${jobId}`,
      `/employer/applicant/get-all-applicants/${userId}?pipelineStatus=Interview`,
      `/employer/applicant/get-recommended-applicants/${jobId}`,
      `/employer/applicant/explore/${userId}`,
      `/employer/applicant/get-saved-applicants/${userId}`,
      `/employer/match/get-all-matches/${userId}`,
      `/employer/conversation/get-all-conversation/${userId}`,
    ];
    for (const list of lists) {
      const answer = await callApi<unknown>(server.baseURL, 'GET', list, { token: employer.token });
      expect(JSON.stringify(answer), list).not.toContain(physicianId);
    }

    // And on the employer's screens (the bell's panel included): the job's applicants and the
    // inbox no longer show the physician.
    const laptop = employerPage.page;
    await laptop.goto(`/jobs-resident/${jobId}`);
    await laptop.getByRole('heading', { name: jobTitle }).first().waitFor({ timeout: SLOW });
    await expect.poll(() => laptop.getByText(new RegExp(lastName)).count(), { timeout: SLOW }).toBe(0);
    await laptop.goto('/messages');
    await laptop.getByRole('heading', { name: 'Messages' }).first().waitFor({ timeout: SLOW });
    await expect.poll(() => laptop.getByText(new RegExp(lastName)).count(), { timeout: SLOW }).toBe(0);
    employerPage.assertNoErrors();
  });
});
