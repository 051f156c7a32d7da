import type { TConversationSyncData } from '@medhire/contract/conversations';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, liveConnection, openPage, viewports } from './fixtures/browser.ts';
import { signUpPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 13, end to end: the demo employer (in Chromium) and a physician (through the API)
// write to each other live; the employer's network drops while the physician writes three
// messages, and when it returns the employer sees all three once, in order; a message written
// offline fails and goes on Retry without a duplicate; archiving survives a reload.

const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip or a reconnect; the machine is shared. */
const SLOW = 30_000;

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

/** The texts of the bubbles in the open conversation, in order. */
async function bubbleTexts(page: Page): Promise<string[]> {
  return thread(page).getByRole('listitem').allInnerTexts();
}

/** How many bubbles show exactly this body. */
function countOf(page: Page, body: string): Promise<number> {
  return thread(page).locator('.bubble__body').getByText(body, { exact: true }).count();
}

describe('messaging that loses nothing', () => {
  const suffix = Date.now().toString(36);
  let employerToken: string;
  let physician: { token: string; physicianId: string; fullName: string };
  let conversationId: string;

  it('the employer and a physician write to each other live', async () => {
    const login = await api<{ token: string }>('POST', '/employer/auth/login', { body: demoEmployer });
    employerToken = login.token;
    const session = await signUpPhysician(server, {
      email: `lena.okafor${suffix}@physicians.example`,
      password: 'Stethoscope-2026!',
      firstName: 'Lena',
      lastName: `Okafor${suffix}`,
    });
    // A complete, discoverable profile: employers can find and invite it.
    await api('PATCH', '/employee/profile/update-profile', {
      token: session.token,
      body: {
        specialty: 'family-medicine',
        boardStatus: 'board-certified',
        yearsOfExperience: 7,
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
      fullName: `Dr. Lena Okafor${suffix}`,
    };
    const jobs = await api<{ jobs: { _id: string; title: string }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: physician.token },
    );
    const jobId = jobs.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId, `the open job "${jobTitle}"`).not.toBe('');
    const invite = await api<{ _id: string }>('POST', '/employer/match/create-match', {
      token: employerToken,
      body: { jobId, applicantId: physician.physicianId, message: 'Shall we talk?' },
    });
    const accepted = await api<{ conversationId: string | null }>(
      'PATCH',
      `/employee/match/respond/${invite._id}`,
      {
        token: physician.token,
        body: { status: 'accepted' },
      },
    );
    conversationId = accepted.conversationId ?? '';
    expect(conversationId).not.toBe('');

    checked = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.desktop,
      // Going offline fails requests and the live connection on purpose.
      allowErrors: [/ERR_INTERNET_DISCONNECTED/, /WebSocket/i, /Failed to load resource/, /Failed to fetch/],
    });
    const { page } = checked;
    const connected = liveConnection(page);
    await signInAsDemoEmployer(checked);
    await connected;
    await page.goto(`/messages?conversationId=${conversationId}`);
    await thread(page).waitFor({ timeout: SLOW });

    // Physician → employer, live.
    await api('POST', `/employee/conversation/send-message/${conversationId}`, {
      token: physician.token,
      body: { body: 'Hello from Dr. Okafor', tempMsgId: `p-hello-${suffix}` },
    });
    await thread(page).getByText('Hello from Dr. Okafor').waitFor({ timeout: SLOW });
    // The live message's toast (spec §4), from the store's signed-in part and the toast library,
    // both loaded after the sign-in page.
    await page
      .locator('.Toastify__toast')
      .filter({ hasText: 'New message recieved.' })
      .waitFor({ timeout: SLOW });

    // Employer → physician: the physician's sync has it.
    const composer = page.getByRole('textbox', { name: /^Message to / });
    await composer.fill('Welcome, Dr. Okafor');
    await composer.press('Enter');
    await expect
      .poll(() => thread(page).getByRole('listitem').last().innerText(), { timeout: SLOW })
      .toMatch(/Welcome, Dr\. Okafor[\s\S]*Sent/);
    const seen = await api<TConversationSyncData>('GET', '/employee/conversation/sync?since=0', {
      token: physician.token,
    });
    expect(
      seen.changes.filter((change) => change.type === 'message' && change.conversationId === conversationId),
    ).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          message: expect.objectContaining({ body: 'Welcome, Dr. Okafor', sender: 'employer' }),
        }),
      ]),
    );
  });

  it('after the network returns the employer sees the three messages sent meanwhile once, in order; a failed send goes on Retry once', async () => {
    const { page, context } = checked;
    await context.setOffline(true);

    for (const index of [1, 2, 3]) {
      await api('POST', `/employee/conversation/send-message/${conversationId}`, {
        token: physician.token,
        body: { body: `While you were away ${index}`, tempMsgId: `p-away-${index}-${suffix}` },
      });
    }

    // A message written offline fails.
    const composer = page.getByRole('textbox', { name: /^Message to / });
    await composer.fill('Written offline');
    await composer.press('Enter');
    const offlineBubble = thread(page).getByRole('listitem').filter({ hasText: 'Written offline' });
    await offlineBubble.getByText(/Failed/).waitFor({ timeout: SLOW });

    const reconnected = liveConnection(page);
    await context.setOffline(false);
    await reconnected;

    const away = ['While you were away 1', 'While you were away 2', 'While you were away 3'];
    await expect
      .poll(
        async () => (await bubbleTexts(page)).filter((text) => text.includes('While you were away')).length,
        {
          timeout: SLOW,
        },
      )
      .toBe(3);
    const texts = await bubbleTexts(page);
    const positions = away.map((body) => texts.findIndex((text) => text.includes(body)));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const body of away) expect(await countOf(page, body)).toBe(1);

    // Retry sends it once.
    await offlineBubble.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => offlineBubble.innerText(), { timeout: SLOW }).toMatch(/Sent/);
    expect(await countOf(page, 'Written offline')).toBe(1);
    const stored = await api<TConversationSyncData>(
      'GET',
      '/employee/conversation/sync?since=0&pageSize=500',
      {
        token: physician.token,
      },
    );
    const offlineCopies = stored.changes.filter(
      (change) => change.type === 'message' && change.message.body === 'Written offline',
    );
    expect(offlineCopies).toHaveLength(1);

    // A reload shows the same conversation, each message once, in order.
    await page.reload();
    await thread(page).getByText('While you were away 3').waitFor({ timeout: SLOW });
    for (const body of [...away, 'Written offline', 'Hello from Dr. Okafor']) {
      expect(await countOf(page, body)).toBe(1);
    }
  });

  it('archives and brings back the conversation; both survive a reload', async () => {
    const { page } = checked;
    await page.getByRole('button', { name: 'Archive', exact: true }).click();
    await page.getByRole('button', { name: 'Move to inbox' }).waitFor({ timeout: SLOW });
    await page.reload();
    await page.getByRole('button', { name: 'Move to inbox' }).waitFor({ timeout: SLOW });
    const list = page.getByRole('list', { name: 'Conversations' });
    await page.getByRole('button', { name: 'Archived', exact: true }).click();
    await list
      .getByRole('link', { name: new RegExp(physician.fullName.replace('.', '\\.')) })
      .waitFor({ timeout: SLOW });

    await page.getByRole('button', { name: 'Move to inbox' }).click();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor({ timeout: SLOW });
    await page.reload();
    await page.getByRole('button', { name: 'Archive', exact: true }).waitFor({ timeout: SLOW });
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(physician.fullName.replace('.', '\\.')) })
      .waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });
});
