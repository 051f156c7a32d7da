import { fileURLToPath } from 'node:url';
import type { TPhysicianConversationList } from '@medhire/contract/physicians';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, liveConnection, openPage, viewports } from './fixtures/browser.ts';
import { signUpPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Messaging an applicant, end to end: a physician applies to a demo job (through the API); the
// demo owner (in Chromium) presses "Message" on that application on the applicant page, lands in
// the conversation about the job, writes; the physician sees the conversation in their list and
// answers through the physician API, and the owner sees the answer live. No invite is spent.

const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip or a live event; the machine is shared. */
const SLOW = 30_000;
const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));

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

const thread = (page: Page): Locator => page.getByRole('log', { name: /^Messages with / });

async function shot(page: Page, file: string) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: `${artifactsDir}${file}.png`, fullPage: true });
}

/** The invites left on the demo organisation's plan. */
async function invitesLeft(token: string, userId: string): Promise<number | undefined> {
  const synced = await api<{ user: { subscriptionMeta: { invitesLeft: number } } }>(
    'GET',
    `/employer/auth/sync-user-detail/${userId}`,
    { token },
  );
  return synced.user.subscriptionMeta.invitesLeft;
}

describe('messaging a physician who applied', () => {
  const suffix = Date.now().toString(36);
  let physician: { token: string; physicianId: string; fullName: string };
  let employer: { token: string; userId: string };
  let conversationId: string;
  let jobId: string;
  let quotaBefore: number | undefined;

  it('the owner messages an applicant from the applicant page without spending an invite', async () => {
    const login = await api<{ token: string; user: { _id: string } }>('POST', '/employer/auth/login', {
      body: demoEmployer,
    });
    employer = { token: login.token, userId: login.user._id };
    quotaBefore = await invitesLeft(employer.token, employer.userId);
    expect(quotaBefore).toEqual(expect.any(Number));

    const session = await signUpPhysician(server, {
      email: `noor.haddad${suffix}@physicians.example`,
      password: 'Stethoscope-2026!',
      firstName: 'Noor',
      lastName: `Haddad${suffix}`,
    });
    await api('PATCH', '/employee/profile/update-profile', {
      token: session.token,
      body: {
        specialty: 'family-medicine',
        boardStatus: 'board-certified',
        yearsOfExperience: 6,
        yearAvailableToStart: new Date().getFullYear(),
        homeLocation: {
          description: 'Austin, TX',
          coords: { latitude: 30.2672, longitude: -97.7431 },
          state: 'TX',
        },
        statesOfInterest: ['TX'],
        employmentTypes: ['full-time'],
        isDiscoverable: true,
      },
    });
    physician = {
      token: session.token,
      physicianId: session.physician._id,
      fullName: `Dr. Noor Haddad${suffix}`,
    };
    const jobs = await api<{ jobs: { _id: string; title: string }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    jobId = jobs.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId, `the open job "${jobTitle}"`).not.toBe('');
    await api('POST', `/employee/job/apply/${jobId}`, {
      token: physician.token,
      body: { coverLetter: 'I would love to join your outpatient clinic.' },
    });

    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    const connected = liveConnection(page);
    await signInAsDemoEmployer(checked);
    await connected;

    await page.goto(`/applicants/${physician.physicianId}`);
    const application = page.getByRole('article', { name: `Application to ${jobTitle}` });
    const message = application.getByRole('button', {
      name: `Message ${physician.fullName} about ${jobTitle}`,
    });
    await message.waitFor({ timeout: SLOW });
    await shot(page, 'message-applicant-profile-desktop');
    await message.click();

    await checked.waitForPath('/messages', SLOW);
    conversationId = new URL(page.url()).searchParams.get('conversationId') ?? '';
    expect(conversationId).not.toBe('');
    await thread(page).waitFor({ timeout: SLOW });
    await expect
      .poll(() => page.getByRole('heading', { name: physician.fullName }).count(), { timeout: SLOW })
      .toBeGreaterThan(0);

    const composer = page.getByRole('textbox', { name: /^Message to / });
    await composer.fill('Thank you for applying, Dr. Haddad. Could we talk on Thursday?');
    await composer.press('Enter');
    await expect
      .poll(() => thread(page).getByRole('listitem').last().innerText(), { timeout: SLOW })
      .toMatch(/Could we talk on Thursday\?[\s\S]*Sent/);

    expect(await invitesLeft(employer.token, employer.userId)).toBe(quotaBefore);
    checked.assertNoErrors();
  });

  it('the physician sees the conversation about the job and answers; the owner sees it live', async () => {
    const { page } = checked;
    const listed = await api<TPhysicianConversationList>(
      'GET',
      '/employee/conversation/get-all-conversation',
      {
        token: physician.token,
      },
    );
    const conversation = listed.conversations.find((entry) => entry._id === conversationId);
    expect(conversation?.job?.title).toBe(jobTitle);
    expect(conversation?.lastMessage?.body).toBe(
      'Thank you for applying, Dr. Haddad. Could we talk on Thursday?',
    );

    await api('POST', `/employee/conversation/send-message/${conversationId}`, {
      token: physician.token,
      body: { body: 'Thursday at 4 pm works for me.', tempMsgId: `answer-${suffix}` },
    });
    await thread(page).getByText('Thursday at 4 pm works for me.').waitFor({ timeout: SLOW });
    await shot(page, 'message-applicant-conversation-desktop');

    // Pressing Message again reopens the same conversation, never a second one.
    await page.goto(`/applicants/${physician.physicianId}`);
    await page
      .getByRole('article', { name: `Application to ${jobTitle}` })
      .getByRole('button', { name: `Message ${physician.fullName} about ${jobTitle}` })
      .click();
    await checked.waitForPath('/messages', SLOW);
    expect(new URL(page.url()).searchParams.get('conversationId')).toBe(conversationId);
    await thread(page).getByText('Thursday at 4 pm works for me.').waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it("the job's pipeline board offers Message on the applicant's card, reopening the same conversation", async () => {
    const { page } = checked;
    await page.goto(`/jobs-resident/${jobId}`);
    const card = page.locator('.pipeline-card').filter({ hasText: physician.fullName });
    const message = card.getByRole('button', { name: `Message ${physician.fullName} about ${jobTitle}` });
    await message.waitFor({ timeout: SLOW });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${artifactsDir}message-applicant-board-desktop.png` });
    await message.click();
    await checked.waitForPath('/messages', SLOW);
    expect(new URL(page.url()).searchParams.get('conversationId')).toBe(conversationId);
    checked.assertNoErrors();
  });

  it('the applicant list offers Message on each application of the card', async () => {
    const { page } = checked;
    await page.goto(`/applicants?q=${encodeURIComponent(physician.fullName.replace(/^Dr\. /, ''))}`);
    const card = page.getByRole('article', { name: physician.fullName });
    const message = card.getByRole('button', { name: `Message ${physician.fullName} about ${jobTitle}` });
    await message.waitFor({ timeout: SLOW });
    await shot(page, 'message-applicant-list-desktop');
    await message.click();
    await checked.waitForPath('/messages', SLOW);
    expect(new URL(page.url()).searchParams.get('conversationId')).toBe(conversationId);
    checked.assertNoErrors();
  });

  it('fits a phone screen', async () => {
    const { page } = checked;
    await page.setViewportSize(viewports.mobile);
    await page.goto(`/applicants/${physician.physicianId}`);
    const message = page
      .getByRole('article', { name: `Application to ${jobTitle}` })
      .getByRole('button', { name: `Message ${physician.fullName} about ${jobTitle}` });
    await message.waitFor({ timeout: SLOW });
    const box = await message.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= viewports.mobile.width).toBe(true);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'message-applicant-profile-mobile');
    checked.assertNoErrors();
  });
});
