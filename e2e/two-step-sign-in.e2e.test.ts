import { authenticator } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm, signInAsDemoEmployer } from './fixtures/sign-in.ts';

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

/** What the authenticator app on a phone would show `stepsAhead` 30-second steps from now. */
function authenticatorCode(secret: string, stepsAhead = 0): string {
  return authenticator.clone({ epoch: Date.now() + stepsAhead * 30_000 }).generate(secret);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: /sign out/i }).click();
}

describe('two-step sign-in with an authenticator app', () => {
  it('turns the app on from Settings, then signing in asks for its code or a recovery code', async () => {
    const checked = await openPage(browser, { baseURL: server.baseURL });
    try {
      const { page } = checked;
      await signInAsDemoEmployer(checked);

      await page.goto('/settings/security');
      await page.getByRole('heading', { name: 'Authenticator app' }).waitFor();
      await page.getByRole('button', { name: 'Set up authenticator app' }).click();
      await page.getByRole('img', { name: /QR code/ }).waitFor();
      // The key as the screen shows it for typing into the app: groups of four, base32.
      const shownKey = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
      const secret = (shownKey ?? '').replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
      await page.getByRole('button', { name: 'Turn on' }).click();
      const codesList = page.getByRole('list', { name: 'Recovery codes' });
      await codesList.waitFor();
      const recoveryCodes = (await codesList.getByRole('listitem').allTextContents()).map((code) =>
        code.trim(),
      );
      expect(recoveryCodes).toHaveLength(10);
      await page.getByRole('button', { name: 'I saved my codes' }).click();
      await page.getByText('10 recovery codes left.', { exact: false }).waitFor();

      await signOut(page);
      await checked.waitForPath('/');
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await page.getByRole('heading', { name: 'Two-step sign-in' }).waitFor();
      // The password alone opened no session.
      expect(await page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();
      // The enrolment spent this step's code: the app's next code signs in.
      await page.getByLabel('Authentication code').fill(authenticatorCode(secret, 1));
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await checked.waitForPath('/home');

      await signOut(page);
      await checked.waitForPath('/');
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
      await page.getByRole('button', { name: 'Verify and sign in' }).click();
      await checked.waitForPath('/home');

      await page.goto('/settings/security');
      await page.getByText('9 recovery codes left.', { exact: false }).waitFor();
      await page.getByText('This session was opened with your password and recovery code.').waitFor();
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
