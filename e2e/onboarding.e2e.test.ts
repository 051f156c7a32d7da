import { crc32, deflateSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../apps/server/src/domain/mail/outbox.ts';
import { type CheckedPage, launchBrowser, openPage } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/**
 * A real RGB PNG (a diagonal gradient), built by hand so the upload goes through the server's
 * image decoding like any logo would.
 */
function gradientPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // truecolour RGB
  const rows = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y += 1) {
    const start = y * (1 + width * 3);
    rows[start] = 0; // no filter
    for (let x = 0; x < width; x += 1) {
      const pixel = start + 1 + x * 3;
      rows[pixel] = 20 + Math.round((x / width) * 60);
      rows[pixel + 1] = 90 + Math.round((y / height) * 120);
      rows[pixel + 2] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface StoredSession {
  token: string;
  user: { _id: string };
}

interface SyncUserDetail {
  user: {
    accountStatus: string;
    subscriptionStatus: string;
    preferenceProbe: { probeId: string; choice: 'a' | 'b' }[];
    candidatePreferences?: { specialty?: string; homeState?: { description: string }[] } | null;
  };
  organization: {
    logo: string | null;
    organizationName: string | null;
    practiceManagerName: string | null;
    phoneNumber: string | null;
    orgLocations: { locations: { description: string }[]; numberOfLocations: number } | null;
    socialLinks: { websiteUrl?: string } | null;
  } | null;
}

async function storedSession(page: Page): Promise<StoredSession> {
  const raw = await page.evaluate(() => localStorage.getItem('medhire.session'));
  expect(raw, 'the app keeps the session in localStorage').not.toBeNull();
  return JSON.parse(raw ?? 'null') as StoredSession;
}

function requestSyncUserDetail(session: StoredSession): Promise<Response> {
  return fetch(
    `${server.baseURL}/api/employer/auth/sync-user-detail/${encodeURIComponent(session.user._id)}`,
    { headers: { authorization: session.token } },
  );
}

async function syncUserDetail(session: StoredSession): Promise<SyncUserDetail> {
  const response = await requestSyncUserDetail(session);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; data: SyncUserDetail };
  expect(body.success).toBe(true);
  return body.data;
}

async function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(`${server.baseURL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function next(page: Page, stepTitle: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: stepTitle, level: 2 }).waitFor();
}

async function choose(page: Page, combobox: string, text: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: combobox }).fill(text);
  await page
    .getByRole('listbox', { name: combobox })
    .getByRole('option', typeof option === 'string' ? { name: option, exact: true } : { name: option })
    .click();
}

async function signIn(checked: CheckedPage, email: string, password: string) {
  const { page } = checked;
  await page.goto('/signIn');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('onboarding a new employer', () => {
  it('registers, confirms the e-mail, establishes the profile, answers the preferences and resumes at /payment', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      const email = `onboarding-${Date.now()}@lakeside-clinic.example`;
      const password = 'a sturdy passphrase 42';

      // 1. Register and confirm the e-mail with the code from the outbox.
      await page.goto('/register');
      await page.getByRole('heading', { name: 'Create your employer account', level: 1 }).waitFor();
      await page.getByLabel('Work e-mail address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByRole('heading', { name: 'Confirm your e-mail', level: 1 }).waitFor();
      await expect.poll(() => readLatestCode(server.dataDir, email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
      const code = (await readLatestCode(server.dataDir, email)) ?? '';
      await page.getByLabel('6-digit code').fill(code);
      await page.getByRole('button', { name: 'Confirm and continue' }).click();
      await checked.waitForPath('/establish-profile');

      // 2. Establish the organisation profile.
      await page.getByRole('heading', { name: 'Organisation', level: 2 }).waitFor();
      await page.getByLabel('Upload logo').setInputFiles({
        name: 'lakeside-logo.png',
        mimeType: 'image/png',
        buffer: gradientPng(96, 96),
      });
      // The remove button replaces the progress bar only once the server has stored the image.
      await page.getByRole('button', { name: 'Remove logo' }).waitFor();
      await page.getByLabel('Organisation name').fill('Lakeside Family Medicine');
      await page.getByLabel('Practice manager').fill('Dana Whitfield');
      await page.getByLabel('Contact e-mail').fill(email);
      await page.getByLabel('Phone number').fill('512 555 0134');
      await next(page, 'Locations');

      await choose(page, 'Add a location', 'Austin', 'Austin, TX');
      await choose(page, 'Add a location', 'Dallas', 'Dallas, TX');
      const chosen = page.getByRole('list', { name: 'Your locations' });
      await chosen.getByText('Austin, TX').waitFor();
      await chosen.getByText('Dallas, TX').waitFor();
      expect(await page.getByLabel('Number of locations').inputValue()).toBe('2');
      await next(page, 'Practice');

      await page.getByLabel('Practice type').selectOption({ index: 1 });
      await page.getByLabel('Physicians', { exact: true }).fill('4');
      await page.getByLabel(/About us/).fill('A community practice serving central Texas for twenty years.');
      await next(page, 'Photos and videos');
      await next(page, 'Links');

      await page.getByLabel(/^Website/).fill('lakeside.example');
      await next(page, 'Review');
      await page.getByText('Lakeside Family Medicine').first().waitFor();
      await page.getByText('Dallas, TX').first().waitFor();
      await page.getByText('https://lakeside.example').first().waitFor();
      await page.getByRole('button', { name: 'Save profile and continue' }).click();
      await checked.waitForPath('/would-you-rather');

      // 3. Every would-you-rather pair, then the candidate preferences.
      const firstQuestion = page.getByRole('heading', { name: /^Question 1 of \d+:/, level: 2 });
      const probeCount = Number(/of (\d+)/.exec((await firstQuestion.textContent()) ?? '')?.[1]);
      expect(probeCount).toBeGreaterThan(1);
      const pairs = page.getByRole('group', { name: 'Which physician would you rather hire?' });
      for (let index = 0; index < probeCount; index += 1) {
        await page
          .getByRole('heading', { name: new RegExp(`^Question ${index + 1} of ${probeCount}:`), level: 2 })
          .waitFor();
        // A pointer click on a card chooses it and moves on; alternate so both answers are stored.
        await pairs
          .locator('label')
          .nth(index % 2)
          .click();
      }
      await page.getByRole('heading', { name: 'The physician you are looking for', level: 2 }).waitFor();

      await choose(page, 'Specialty', 'Family', 'Family Medicine');
      await page.getByRole('list', { name: 'Chosen specialty' }).getByText('Family Medicine').waitFor();
      await page.getByRole('combobox', { name: 'Sub-specialties' }).click();
      const subSpecialty = page.getByRole('listbox', { name: 'Sub-specialties' }).getByRole('option').first();
      const subSpecialtyTitle = ((await subSpecialty.textContent()) ?? '').trim();
      expect(subSpecialtyTitle).not.toBe('');
      await subSpecialty.click();
      await page
        .getByRole('list', { name: 'Chosen sub-specialties' })
        .getByText(subSpecialtyTitle, { exact: true })
        .waitFor();
      await choose(page, 'Home states', 'Tex', /^Texas/);
      await page.getByRole('list', { name: 'Chosen home states' }).getByText(/Texas/).waitFor();
      await page.getByLabel('Board certification').selectOption({ index: 1 });
      await page.getByLabel('Minimum years of experience').fill('3');
      await page.getByLabel('Available to start by').selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Save and continue' }).click();
      // A pending account with answered probes and an incomplete subscription pays next (spec §2).
      await checked.waitForPath('/payment');
      await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();

      // 5. What the server now holds for this account.
      const session = await storedSession(page);
      const detail = await syncUserDetail(session);
      expect(detail.user.accountStatus).toBe('pending');
      expect(detail.user.subscriptionStatus).toBe('incomplete');
      expect(detail.user.preferenceProbe).toHaveLength(probeCount);
      expect(detail.user.preferenceProbe.map((answer) => answer.choice)).toEqual(
        Array.from({ length: probeCount }, (_, index) => (index % 2 === 0 ? 'a' : 'b')),
      );
      expect(detail.user.candidatePreferences?.specialty).toBeTruthy();
      expect(detail.user.candidatePreferences?.homeState?.map((place) => place.description)).toEqual([
        expect.stringMatching(/Texas/),
      ]);
      const organization = detail.organization;
      expect(organization).not.toBeNull();
      expect(organization?.organizationName).toBe('Lakeside Family Medicine');
      expect(organization?.practiceManagerName).toBe('Dana Whitfield');
      expect(organization?.phoneNumber?.replace(/\D/g, '')).toMatch(/5125550134$/);
      expect(organization?.socialLinks?.websiteUrl).toBe('https://lakeside.example');
      expect(organization?.orgLocations?.numberOfLocations).toBe(2);
      expect(organization?.orgLocations?.locations.map((place) => place.description).sort()).toEqual([
        'Austin, TX',
        'Dallas, TX',
      ]);
      const logo = organization?.logo ?? '';
      expect(logo).not.toBe('');
      const logoResponse = await fetch(new URL(logo, server.baseURL));
      expect(logoResponse.status).toBe(200);
      expect(logoResponse.headers.get('content-type')).toMatch(/^image\//);

      // 4. Sign out (the public layout of /payment leads back into the app, where the account
      // menu is) and sign in again: the onboarding resumes at /payment.
      await page.getByRole('link', { name: 'Back to MedHire' }).click();
      await checked.waitForPath('/home');
      // A first visit to /home starts the guided tour after a moment; end it before using the menu.
      await page.getByRole('button', { name: 'Skip tour' }).first().click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await checked.waitForPath('/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();

      await signIn(checked, email, password);
      await checked.waitForPath('/payment');
      await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
      const resumed = await storedSession(page);
      expect(resumed.token).not.toBe(session.token);
      expect((await syncUserDetail(resumed)).user.preferenceProbe).toHaveLength(probeCount);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it('ends the session on the server when the employer signs out', async () => {
    const email = `sign-out-${Date.now()}@lakeside-clinic.example`;
    const password = 'another sturdy passphrase 7';
    expect((await postJson('/employer/auth/v1/register', { email, password })).status).toBe(200);
    await expect.poll(() => readLatestCode(server.dataDir, email), { timeout: 10_000 }).toMatch(/^\d{6}$/);
    const otp = (await readLatestCode(server.dataDir, email)) ?? '';
    expect((await postJson('/employer/auth/v1/verify-otp', { email, otp })).status).toBe(200);

    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await signIn(checked, email, password);
      await checked.waitForPath('/establish-profile');
      const session = await storedSession(page);
      expect((await requestSyncUserDetail(session)).status).toBe(200);

      await page.getByRole('button', { name: 'Sign out' }).click();
      await checked.waitForPath('/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();
      // ARCHITECTURE.md: tokens are revocable, and logout ends the session server-side.
      await expect
        .poll(async () => (await requestSyncUserDetail(session)).status, { timeout: 5_000 })
        .toBe(401);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
