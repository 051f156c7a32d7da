import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';

// Spec section 2: what a visitor without a session may see, and what sends them to sign in.
const publicRoutes = [
  '/signIn',
  '/',
  '/claimBusiness',
  '/setupPassword',
  '/register',
  '/recover-password',
  '/set-up-password',
];
const legalRoutes = [
  '/terms-conditions',
  '/delegate-access',
  '/privacy-policy',
  '/licensing-agreement',
  '/subscription-agreement',
  '/auth/doximity/success',
];
const openToVisitors = [...publicRoutes, ...legalRoutes, '/establish-profile'];
const authenticatedRoutes = [
  '/create-job',
  '/edit-job/x',
  '/claimBusinessProfile',
  '/edit-profile',
  '/explore',
  '/applicants',
  '/applicants/x',
  '/jobs',
  '/jobs-resident',
  '/jobs-resident/x',
  '/home',
  '/messages',
  '/messages?conversationId=x',
  '/would-you-rather',
  '/edit-profile/would-you-rather',
  '/manage-subscriptions',
  '/update-subscriptions',
  '/payment',
  '/global-connection',
  '/interviews',
];

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

/** Lets late effects (redirects, lazy chunks, failed requests) surface before errors are judged. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
}

describe('logged-out visitor', () => {
  it.each(openToVisitors)('stays on %s and sees its heading', async (route) => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await page.goto(route);
      await page.locator('h1').first().waitFor({ state: 'visible' });
      await settle(page);
      const url = new URL(page.url());
      expect(url.pathname).toBe(route);
      expect(((await page.locator('h1').first().textContent()) ?? '').trim()).not.toBe('');
      expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it.each(authenticatedRoutes)('is sent from %s to /signIn', async (route) => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await page.goto(route);
      await checked.waitForPath('/signIn');
      await page.getByLabel(/email/i).first().waitFor({ state: 'visible' });
      await page
        .getByRole('button', { name: /sign in/i })
        .first()
        .waitFor({ state: 'visible' });
      await settle(page);
      expect(new URL(page.url()).pathname).toBe('/signIn');
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it('gets a readable page, not a blank one, on a route the app does not have', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      const response = await page.goto('/no-such-page-anywhere');
      expect(response?.status()).toBeLessThan(500);
      await page.locator('h1, h2, [role="heading"]').first().waitFor({ state: 'visible' });
      await settle(page);
      // Rendered text, not textContent: a page of invisible markup is still a blank page to a person.
      const text = (await page.locator('body').allInnerTexts()).join('').trim();
      expect(text.length).toBeGreaterThan(10);
      // A way out: either a link on the page or the sign-in form the app fell back to.
      const ways = (await page.getByRole('link').count()) + (await page.getByLabel(/email/i).count());
      expect(ways).toBeGreaterThan(0);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
