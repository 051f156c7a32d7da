import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm, signInAsDemoEmployer } from './fixtures/sign-in.ts';

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

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: /sign out/i }).click();
}

describe('sign in as the demo employer', () => {
  it('reaches /home in the main layout, keeps the session on reload and signs out to /', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await page.goto('/signIn');
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await checked.waitForPath('/home');
      await page.getByRole('navigation').first().waitFor({ state: 'visible' });

      await page.reload();
      await page.getByRole('navigation').first().waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/home');

      await signOut(page);
      await checked.waitForPath('/');
      // The session is cleared once / has rendered; going on before that would race it.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();

      // Signing in again from / without reloading the page reaches the signed-in shell again.
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await checked.waitForPath('/home');
      await page.getByRole('navigation').first().waitFor({ state: 'visible' });
      await signOut(page);
      await checked.waitForPath('/');
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();

      // Signed out for real: a protected page sends us back to sign in.
      await page.goto('/home');
      await checked.waitForPath('/signIn');
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it('returns to the protected page that sent the visitor to sign in', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await page.goto('/jobs');
      await checked.waitForPath('/signIn');
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await checked.waitForPath('/jobs');
      await page.getByRole('navigation').first().waitFor({ state: 'visible' });
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it("shows the server's message for a wrong password and keeps the e-mail typed", async () => {
    const wrongPassword = 'not-the-demo-password-1';
    const response = await fetch(`${server.baseURL}/api/employer/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmployer.email, password: wrongPassword }),
    });
    const body = (await response.json()) as { success: boolean; error?: { message?: string } };
    expect(response.status).toBe(401);
    expect(body.success).toBe(false);
    const serverMessage = body.error?.message ?? '';
    expect(serverMessage).not.toBe('');

    // The browser reports the rejected login request itself; that one is expected here.
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      allowErrors: [/Failed to load resource: the server responded with a status of 401/],
    });
    try {
      const { page } = checked;
      await page.goto('/signIn');
      await fillSignInForm(page, demoEmployer.email, wrongPassword);
      await page.getByText(serverMessage, { exact: false }).first().waitFor({ state: 'visible' });
      // Inline on the form and as a toast, whose library loads after the page.
      await page.locator('.Toastify__toast').filter({ hasText: serverMessage }).waitFor({ state: 'visible' });
      expect(new URL(page.url()).pathname).toBe('/signIn');
      expect(
        await page
          .getByLabel(/^\s*email/i)
          .first()
          .inputValue(),
      ).toBe(demoEmployer.email);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});

describe('screenshots for review', () => {
  it.each(Object.entries(viewports))('captures /signIn and /home at the %s size', async (name, viewport) => {
    const checked = await openPage(browser, { baseURL: server.baseURL, viewport });
    try {
      const { page } = checked;
      await page.goto('/signIn');
      await page
        .getByLabel(/^\s*email/i)
        .first()
        .waitFor({ state: 'visible' });
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: `${artifactsDir}sign-in-${name}.png`, fullPage: true });

      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await checked.waitForPath('/home');
      // On a phone the navigation sits in a drawer, so the page's main landmark is what shows it is ready.
      await page.getByRole('main').waitFor({ state: 'visible' });
      // Page transitions take 300 ms; let them and the data requests finish before capturing.
      await page.waitForTimeout(800);
      await page.screenshot({ path: `${artifactsDir}home-${name}.png`, fullPage: true });
      if (name === 'mobile') {
        await page.getByRole('button', { name: /open navigation/i }).click();
        await page.getByRole('navigation', { name: 'Main' }).waitFor({ state: 'visible' });
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${artifactsDir}home-${name}-navigation-open.png` });
      }
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});

describe('signed-in devices', () => {
  it("signs out another device from Settings → Security, and that device's open page signs out at once", async () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1';
    const phone = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.mobile,
      userAgent: iphone,
    });
    const laptop = await openPage(browser, { baseURL: server.baseURL });
    try {
      await signInAsDemoEmployer(phone);
      await signInAsDemoEmployer(laptop);

      await laptop.page.goto('/settings/security');
      const devices = laptop.page.getByRole('list', { name: 'Signed-in devices' });
      const phoneDevice = devices.getByRole('listitem').filter({ hasText: 'Safari 17 on iOS 17.2' }).first();
      await phoneDevice.waitFor();
      await expect
        .poll(() => devices.getByRole('listitem').filter({ hasText: 'This device' }).count())
        .toBe(1);
      await phoneDevice.getByRole('button', { name: /^Sign out Safari 17 on iOS 17\.2/ }).click();
      await laptop.page.getByText('Safari 17 on iOS 17.2 is signed out.').waitFor();

      // The phone's page hears from the server at once (its live connection is closed) and
      // signs out without any click.
      await phone.waitForPath('/signIn', 15_000);
      await expect.poll(() => phone.page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();

      // The laptop stays signed in.
      await laptop.page.reload();
      await devices.waitFor();
      expect(new URL(laptop.page.url()).pathname).toBe('/settings/security');
      laptop.assertNoErrors();
    } finally {
      await phone.close();
      await laptop.close();
    }
  });
});
