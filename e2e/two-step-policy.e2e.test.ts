import { authenticator } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousAxeViolations } from './fixtures/axe.ts';
import { launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm, signInAsDemoEmployer } from './fixtures/sign-in.ts';

// The organisation's two-step rule, end to end: the demo owner turns on an authenticator app and
// requires two-step sign-in for the team; the demo recruiter, who has none, signs in to the
// set-up alone, enrols with the key shown on screen (on a phone-sized screen), and then reaches
// the dashboard.

/** Waits on conditions that involve a server round trip; the machine is small and shared. */
const SLOW = 30_000;
const recruiter = { email: 'recruiter@medhire.example', password: 'MedHire-team-2026' };

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

/** What the authenticator app on a phone would show now. */
function authenticatorCode(secret: string): string {
  return authenticator.generate(secret);
}

/** Sets up the authenticator app on the open Settings → Security page; answers its key. */
async function enrolAuthenticator(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Set up authenticator app' }).click({ timeout: SLOW });
  await page.getByRole('img', { name: /QR code/ }).waitFor({ timeout: SLOW });
  // The key as the screen shows it for typing into the app: groups of four, base32.
  const shownKey = await page.getByText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/).textContent();
  const secret = (shownKey ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel('Code from the app').fill(authenticatorCode(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await page.getByRole('list', { name: 'Recovery codes' }).waitFor({ timeout: SLOW });
  await page.getByRole('button', { name: 'I saved my codes' }).click();
  return secret;
}

describe('an organisation that requires two-step sign-in', () => {
  it('the owner requires it; a recruiter without it is taken to enrolment, enrols and reaches the dashboard', async () => {
    const owner = await openPage(browser, { baseURL: server.baseURL });
    // bypassCSP: the enrolment screen is checked with axe, injected as a script.
    const member = await openPage(browser, {
      baseURL: server.baseURL,
      viewport: viewports.mobile,
      bypassCSP: true,
    });
    try {
      const { page } = owner;
      await page.goto('/signIn');
      await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
      await signInAsDemoEmployer(owner);

      // The owner needs a factor of their own first.
      await page.goto('/settings/team');
      const rule = page.getByRole('switch', { name: 'Require two-step sign-in for every member' });
      await rule.waitFor({ timeout: SLOW });
      expect(await rule.isDisabled()).toBe(true);
      await page.goto('/settings/security');
      await enrolAuthenticator(page);
      await page.getByText('10 recovery codes left.', { exact: false }).waitFor({ timeout: SLOW });

      await page.goto('/settings/team');
      await rule.waitFor({ timeout: SLOW });
      // The switch moves once the change is confirmed and saved.
      await rule.click();
      const dialog = page.getByRole('dialog', { name: 'Change the two-step sign-in rule?' });
      await dialog.getByRole('button', { name: 'Confirm' }).click();
      await page
        .getByText('Required: every member signs in with a code', { exact: false })
        .waitFor({ timeout: SLOW });
      expect(await rule.isChecked()).toBe(true);
      owner.assertNoErrors();

      // The recruiter has no authenticator app: signing in leads to the set-up and nothing else.
      const memberPage = member.page;
      await memberPage.goto('/signIn');
      await memberPage.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
      await fillSignInForm(memberPage, recruiter.email, recruiter.password);
      await member.waitForPath('/settings/security', SLOW);
      await memberPage
        .getByText('Your organization requires two-step sign-in', { exact: true })
        .waitFor({ timeout: SLOW });
      expect(await memberPage.getByRole('navigation', { name: 'Settings' }).count()).toBe(0);
      expect(await memberPage.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      // Any other page brings them back here.
      await memberPage.goto('/home');
      await member.waitForPath('/settings/security', SLOW);

      // The set-up alone, as the member sees it, passes axe at both widths.
      await memberPage.getByRole('button', { name: 'Set up authenticator app' }).waitFor({ timeout: SLOW });
      expect(await seriousAxeViolations(memberPage, viewports.desktop.width)).toEqual([]);
      expect(await seriousAxeViolations(memberPage, viewports.mobile.width)).toEqual([]);

      await enrolAuthenticator(memberPage);
      await member.waitForPath('/home', SLOW);
      await memberPage.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SLOW });
      member.assertNoErrors();

      // The owner's team list now shows the recruiter with two-step on.
      await page.reload();
      const row = page.getByRole('listitem').filter({ hasText: 'James Okafor' });
      await row.getByText('Two-step on', { exact: true }).waitFor({ timeout: SLOW });
      owner.assertNoErrors();
    } finally {
      await member.close();
      await owner.close();
    }
  });
});
