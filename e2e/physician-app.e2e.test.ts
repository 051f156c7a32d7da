import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TConversationSyncData } from '@medhire/contract/conversations';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../apps/server/src/domain/mail/outbox.ts';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';

// The physician app at /physician/ on a phone: a physician signs up, completes the profile,
// finds the demo employer's job, applies in two taps, accepts the employer's invite and writes
// in the conversation it opens.

const jobTitle = 'Family Medicine Physician – Outpatient';
const SLOW = 30_000;
const physicianIndex = fileURLToPath(new URL('../apps/physician/dist/index.html', import.meta.url));
const physicianManifest = fileURLToPath(
  new URL('../apps/physician/dist/.vite/manifest.json', import.meta.url),
);

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;

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
  await checked?.close();
  await browser?.close();
  await server?.stop();
});

/** The files of socket.io-client in the physician build, from Vite's manifest. */
function liveConnectionFiles(): string[] {
  const manifest = JSON.parse(readFileSync(physicianManifest, 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; css?: string[] }
  >;
  const [, entry] =
    Object.entries(manifest).find(([source]) => source.includes('node_modules/socket.io-client/')) ?? [];
  if (!entry) throw new Error('The physician build has no socket.io-client chunk.');
  return [
    entry.file,
    ...(entry.imports ?? []).map((key) => manifest[key]?.file ?? key),
    ...(entry.css ?? []),
  ];
}

async function physicianSession(page: Page): Promise<{ token: string; physician: { _id: string } }> {
  const raw = await page.evaluate(() => localStorage.getItem('medhire.physician.session'));
  return JSON.parse(raw ?? 'null');
}

describe('the physician app', () => {
  const suffix = Date.now().toString(36);
  let jobId: string;

  it('signs a physician up and completes the profile', async () => {
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    const { page } = checked;
    await page.goto('/physician/');
    await checked.waitForPath('/physician/sign-in');
    await page.getByRole('link', { name: 'Create your physician account' }).click();

    await page.getByLabel('First name').fill('Maya');
    await page.getByLabel('Last name').fill(`Ortiz${suffix}`);
    const email = `maya.ortiz${suffix}@physicians.example`;
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('Stethoscope-2026!');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Sign-up answers a session, or e-mails a code first (read here from the server's outbox).
    const codeField = page.getByRole('textbox', { name: 'Code' });
    await Promise.race([
      checked.waitForPath('/physician/profile', SLOW),
      codeField.waitFor({ timeout: SLOW }),
    ]);
    if (await codeField.isVisible()) {
      await expect.poll(() => readLatestCode(server.dataDir, email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
      await codeField.fill((await readLatestCode(server.dataDir, email)) ?? '');
      await page.getByRole('button', { name: 'Confirm and continue' }).click();
    }
    await checked.waitForPath('/physician/profile');

    const profile = page.getByRole('form', { name: 'Profile' });
    await profile.getByLabel('Specialty').selectOption({ label: 'Family Medicine' });
    await profile.getByLabel('Board status').selectOption({ index: 1 });
    await profile.getByLabel('Years of experience').fill('7');
    await profile.getByLabel('Available to start in').selectOption(String(new Date().getFullYear()));
    await profile.getByRole('searchbox', { name: 'Home city' }).fill('Austin');
    await profile
      .getByRole('button', { name: /^Austin, TX/ })
      .first()
      .click();
    await expect.poll(() => profile.getByText(/Home: Austin, TX/).count(), { timeout: SLOW }).toBe(1);
    await profile.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it('finds the job and applies with the profile in two taps', async () => {
    const { page } = checked;
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Jobs' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill('Family Medicine Physician');
    await page.getByRole('button', { name: 'Search' }).click();
    const results = page.getByRole('list', { name: 'Jobs found' });
    await results
      .getByRole('link', { name: new RegExp(jobTitle) })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: jobTitle }).waitFor();
    jobId = new URL(page.url()).pathname.split('/').pop() ?? '';

    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Confirm application' }).click();
    await page.getByText(/You applied to this job/).waitFor({ timeout: SLOW });

    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Applications' }).click();
    await page.getByRole('link', { name: jobTitle }).waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it('opens the job search by its address with every chunk of the job screens named in the page the server sent', async () => {
    const session = await physicianSession(checked.page);
    // A context of its own: no service worker yet, so the page comes from the server.
    const fresh = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    try {
      await fresh.context.addInitScript((value) => {
        localStorage.setItem('medhire.physician.session', value);
      }, JSON.stringify(session));
      const response = await fresh.page.goto('/physician/jobs');
      const served = (await response?.text()) ?? '';
      await fresh.page
        .getByRole('list', { name: 'Jobs found' })
        .getByRole('link')
        .first()
        .waitFor({ timeout: SLOW });
      expect(served).toMatch(
        /<link rel="modulepreload" crossorigin href="\/physician\/assets\/job-screens-[^"]+\.js">/,
      );
      const links = await fresh.page.evaluate(() =>
        [
          ...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"], link[rel="stylesheet"]'),
        ].map((link) => new URL(link.href).pathname),
      );
      // Every chunk and style of the job screens was named in the page (styles as preloads, which
      // the app's loader turns into stylesheets from the cache); the only links the app added are
      // the live connection's library (the shell's, loaded after the first screen).
      const live = liveConnectionFiles();
      const added = links.filter((href) => !served.includes(`href="${href}"`));
      expect(added.filter((href) => !live.some((file) => href.endsWith(`/${file}`)))).toEqual([]);
      fresh.assertNoErrors();
    } finally {
      await fresh.close();
    }
  });

  it('accepts the employer invite and writes in the conversation it opens', async () => {
    const { page } = checked;
    const session = await physicianSession(page);
    const employer = await callApi<{ token: string }>(server.baseURL, 'POST', '/employer/auth/login', {
      body: demoEmployer,
    });
    await callApi(server.baseURL, 'POST', '/employer/match/create-match', {
      token: employer.token,
      body: { jobId, applicantId: session.physician._id, message: 'We would love to talk with you.' },
    });

    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Invites' }).click();
    await page.getByText('We would love to talk with you.').waitFor({ timeout: SLOW });
    await page.getByRole('button', { name: 'Accept and message' }).click();
    await page.waitForURL(/\/physician\/messages\/[^/]+$/, { timeout: SLOW });

    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Thank you, Tuesday afternoon works for me.');
    await composer.press('Enter');
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Thank you, Tuesday afternoon works for me.').waitFor({ timeout: SLOW });
    await expect
      .poll(() => messages.getByText(/Sending|Waiting for the network|Not sent/).count(), { timeout: SLOW })
      .toBe(0);
    checked.assertNoErrors();
  });

  it('opens offline from the service worker, shows the conversations, and sends what was written offline once back', async () => {
    const { page, context } = checked;
    // The service worker (scope /physician/) takes control, then the list is read once online.
    const scope = await page.evaluate(() =>
      navigator.serviceWorker.ready.then((registration) => registration.scope),
    );
    expect(new URL(scope).pathname).toBe('/physician/');
    await page.reload();
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: SLOW })
      .toBe(true);
    await page.getByRole('navigation', { name: 'Tabs' }).getByRole('link', { name: 'Messages' }).click();
    await page
      .getByRole('link', { name: new RegExp(jobTitle) })
      .first()
      .waitFor({ timeout: SLOW });
    // The service worker stores the list it fetched after answering the page (NetworkFirst): going
    // offline before that store ends would leave nothing to read.
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const cache = await caches.open('physician-api');
            const requests = await cache.keys();
            return requests.some((request) => request.url.includes('/conversation/get-all-conversation'));
          }),
        { timeout: SLOW },
      )
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(/You are offline/).waitFor({ timeout: SLOW });
    await page
      .getByRole('link', { name: new RegExp(jobTitle) })
      .first()
      .click();

    const composer = page.getByRole('textbox', { name: 'Message', exact: true });
    await composer.fill('Written without a connection.');
    await composer.press('Enter');
    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Waiting for the network').waitFor({ timeout: SLOW });

    await context.setOffline(false);
    await expect
      .poll(() => messages.getByText(/Sending|Waiting for the network|Not sent/).count(), { timeout: SLOW })
      .toBe(0);
    await expect
      .poll(() => messages.getByText('Written without a connection.').count(), { timeout: SLOW })
      .toBe(1);
    const { token } = await physicianSession(page);
    const history = await callApi<TConversationSyncData>(
      server.baseURL,
      'GET',
      '/employee/conversation/sync?since=0&pageSize=500',
      {
        token,
      },
    );
    const stored = history.changes.filter(
      (change) => change.type === 'message' && change.message.body === 'Written without a connection.',
    );
    expect(stored).toHaveLength(1);

    // Only what being offline causes (failed loads, a dropped socket) may have been logged.
    const unexpected = checked.errors.filter(
      (error) =>
        !/ERR_INTERNET_DISCONNECTED|ERR_NETWORK_CHANGED|Failed to load resource|WebSocket/.test(error),
    );
    expect(unexpected).toEqual([]);
  });
});
