import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLatestCode } from '../apps/server/src/domain/mail/outbox.ts';
import { type CheckedPage, launchBrowser, openPage } from './fixtures/browser.ts';
import { expectSignUpStage, onboardNewEmployer } from './fixtures/onboard-employer.ts';
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

async function signIn(checked: CheckedPage, email: string, password: string) {
  const { page } = checked;
  await page.goto('/signIn');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('onboarding a new employer', () => {
  it('registers, confirms the e-mail, establishes the profile, answers the preferences, resumes at /payment and pays', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      // 1–3. Register, confirm the e-mail, establish the profile, answer the preferences; every
      // screen shows the same sign-up progress at its true step (asserted in the fixture).
      const { email, password, fullName, probeCount } = await onboardNewEmployer(checked, server);

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

      // 4. Nothing is paid yet, so /payment leads nowhere into the app: no "Back to MedHire", no
      // logo link home; the plan choice is on the page and Sign out in the header.
      expect(await page.getByRole('link', { name: 'Back to MedHire' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'MedHire home' }).count()).toBe(0);
      await page.getByRole('radio', { name: 'Choose Professional' }).waitFor();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await checked.waitForPath('/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();

      // Signing in again resumes the onboarding at /payment, at the same stage.
      await signIn(checked, email, password);
      await checked.waitForPath('/payment');
      await page.getByRole('heading', { name: 'Payment', level: 1 }).waitFor();
      await expectSignUpStage(page, 'Plan and payment');
      const resumed = await storedSession(page);
      expect(resumed.token).not.toBe(session.token);
      expect((await syncUserDetail(resumed)).user.preferenceProbe).toHaveLength(probeCount);

      // 6. Paying ends the sign-up on the first page of the app, without the progress.
      await page.getByRole('radio', { name: 'Choose Professional' }).check();
      await page.getByLabel('Name on card').fill(fullName);
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry month').fill('04');
      await page.getByLabel('Expiry year').fill(String(new Date().getFullYear() + 3));
      await page.getByLabel('Security code (CVC)').fill('123');
      await page.getByRole('button', { name: /^Pay \$[\d,.]+ and subscribe$/ }).click();
      await checked.waitForPath('/home');
      expect(await page.getByRole('navigation', { name: 'Sign-up progress' }).count()).toBe(0);
      // A first visit to /home starts the guided tour after a moment; end it before going on.
      await page.getByRole('button', { name: 'Skip tour' }).first().click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      // 7. The owner is a person, not an e-mail: the account menu, its initials, and the team.
      const accountMenu = page.getByRole('button', { name: /account menu/i });
      expect(await accountMenu.innerText()).toContain(fullName);
      expect(await accountMenu.locator('.user-menu__avatar').innerText()).toBe('DW');
      await page.goto('/settings/team');
      const members = page.getByRole('region', { name: 'Members' }).getByRole('listitem');
      await members.first().waitFor();
      expect(await members.count()).toBe(1);
      expect(await members.first().locator('strong').innerText()).toBe(fullName);
      expect(await members.first().innerText()).toContain(`${email} · Owner`);
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
