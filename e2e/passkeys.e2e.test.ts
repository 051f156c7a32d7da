import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, registerPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm } from './fixtures/sign-in.ts';

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

/**
 * A passkey belongs to a domain, never to an IP address: the page is opened on localhost, which
 * is the server's PUBLIC_URL when none is set (http://localhost:PORT), so the relying party and
 * the origin the server expects are the page's.
 */
function localhostUrl(): string {
  const url = new URL(server.baseURL);
  url.hostname = 'localhost';
  return url.origin;
}

/** The DevTools virtual authenticator: a platform authenticator with resident keys, always verifying the user. */
async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

/**
 * Signs in with the passkey alone. Chromium's virtual authenticator simulates the person's
 * presence, so it answers the e-mail field's passkey suggestion (a conditional request) as soon as
 * the sign-in screen opens, and that signs in; the "Sign in with a passkey" button is pressed only
 * if it did not. Pressing it meanwhile would run a second ceremony beside the first. Either way no
 * password is used.
 */
async function signInWithPasskeyAlone(checked: CheckedPage, home: string): Promise<void> {
  const { page } = checked;
  const isHome = (url: URL) => url.pathname === home;
  const bySuggestion = await page.waitForURL(isHome, { timeout: 10_000 }).then(
    () => true,
    () => false,
  );
  if (bySuggestion) return;
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await checked.waitForPath(home, 30_000);
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('button', { name: /sign out/i }).click();
}

describe('passkeys', () => {
  it('adds a passkey in Settings → Security, then signs in with the passkey alone', async () => {
    const checked = await openPage(browser, { baseURL: localhostUrl() });
    try {
      const { page } = checked;
      const authenticator = await addVirtualAuthenticator(page);

      await page.goto('/signIn');
      // The e-mail field offers the browser's passkeys among its suggestions.
      expect(await page.getByLabel('Email address').getAttribute('autocomplete')).toBe('username webauthn');
      await fillSignInForm(page, demoEmployer.email, demoEmployer.password);
      await checked.waitForPath('/home');

      await page.goto('/settings/security');
      await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
      await page.getByText('You have no passkeys yet.', { exact: false }).waitFor();
      await page.getByLabel('Name of the new passkey').fill('Work laptop');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      const list = page.getByRole('list', { name: 'Your passkeys' });
      await list.getByText('Work laptop').waitFor();
      await list.getByText('Not used yet', { exact: false }).waitFor();
      expect(await authenticator.credentials()).toHaveLength(1);

      await signOut(page);
      await checked.waitForPath('/');
      // The session is cleared once / has rendered; a new page load before that would keep it.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('medhire.session'))).toBeNull();
      await page.goto('/signIn');
      await signInWithPasskeyAlone(checked, '/home');
      expect(await page.evaluate(() => localStorage.getItem('medhire.session'))).not.toBeNull();

      await page.goto('/settings/security');
      await page.getByText('This session was opened with your passkey.').waitFor();
      await page
        .getByRole('list', { name: 'Your passkeys' })
        .getByText('Last used', { exact: false })
        .waitFor();
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it('lets a physician add a passkey in Settings and sign in with it alone', async () => {
    const suffix = Date.now().toString(36);
    await registerPhysician(server, 'Pia', `Keys${suffix}`, familyMedicineInAustin());
    const checked = await openPage(browser, { baseURL: localhostUrl() });
    try {
      const { page } = checked;
      await addVirtualAuthenticator(page);
      await page.goto('/physician/sign-in');
      expect(await page.getByLabel('E-mail').getAttribute('autocomplete')).toBe('username webauthn');
      await page.getByLabel('E-mail').fill(`pia.keys${suffix}@physicians.example`);
      await page.getByLabel('Password').fill('Stethoscope-2026!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await checked.waitForPath('/physician/jobs', 30_000);

      await page.goto('/physician/settings');
      await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
      await page.getByLabel('Name of the new passkey').fill('Clinic phone');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('list', { name: 'Your passkeys' }).getByText('Clinic phone').waitFor();

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await checked.waitForPath('/physician/sign-in');
      await page.goto('/physician/sign-in');
      await signInWithPasskeyAlone(checked, '/physician/jobs');
      expect(await page.getByRole('heading', { name: 'Sign in' }).count()).toBe(0);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });

  it('shows the passkeys at 390 px without sideways scrolling and without axe violations', async () => {
    const suffix = Date.now().toString(36);
    await registerPhysician(server, 'Axel', `Keys${suffix}`, familyMedicineInAustin());
    // Only this check injects axe, which the app's Content-Security-Policy would refuse.
    const checked = await openPage(browser, {
      baseURL: localhostUrl(),
      viewport: viewports.mobile,
      bypassCSP: true,
    });
    try {
      const { page } = checked;
      await addVirtualAuthenticator(page);
      await page.goto('/physician/sign-in');
      await page.getByLabel('E-mail').fill(`axel.keys${suffix}@physicians.example`);
      await page.getByLabel('Password').fill('Stethoscope-2026!');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await checked.waitForPath('/physician/jobs', 30_000);
      await page.goto('/physician/settings');
      await page.getByLabel('Name of the new passkey').fill('A passkey with a rather long name for a phone');
      await page.getByRole('button', { name: 'Add a passkey' }).click();
      await page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').waitFor();
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(viewports.mobile.width);
      expect(await seriousAxeViolations(page, viewports.mobile.width)).toEqual([]);

      await page.getByRole('button', { name: /^Rename the passkey/ }).click();
      await page.getByRole('dialog', { name: 'Rename passkey' }).waitFor();
      expect(await seriousAxeViolations(page, viewports.mobile.width)).toEqual([]);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  });
});
