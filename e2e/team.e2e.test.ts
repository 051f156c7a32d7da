import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm, signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 14, end to end: the demo owner brings a recruiter and a delegate onto the hiring team by
// e-mail; the recruiter's pipeline move and message reach the owner with the recruiter's name;
// the delegate accepts the Delegate Access agreement and works only the job given to them, with
// the browser's delegate flag set while signed in; removing the recruiter signs their open page
// out. Settings → Team, the invitation page and the agreement are checked with axe.

/** Waits on conditions that involve a server round trip; the machine is small and shared. */
const SLOW = 30_000;
const demoJobTitle = 'Family Medicine Physician – Outpatient';
const delegateJobTitle = 'General Pediatrician';
const suffix = Date.now().toString(36);
const recruiter = {
  email: `rita.${suffix}@lakeside-family.example`,
  fullName: 'Rita Recruiter',
  password: 'a sturdy recruiter passphrase',
};
const delegate = {
  email: `dev.${suffix}@outside-agency.example`,
  fullName: 'Dev Delegate',
  password: 'a sturdy delegate passphrase',
};

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

let server: TestServer;
let browser: Browser;
let owner: CheckedPage;
let recruiterPage: CheckedPage;
let delegatePage: CheckedPage;
const links = { recruiter: '', delegate: '' };
/** What the recruiter did, for the owner to find. */
const done = { physicianName: '', physicianPath: '', fromStage: 'Submitted', toStage: 'Interview' };
const message = { text: `Could you visit the Austin clinic on Tuesday? (${suffix})`, conversationPath: '' };

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  owner = await openPage(browser, { baseURL: server.baseURL });
  await owner.page.goto('/signIn');
  // The guided tour is checked elsewhere; here it would cover what the steps click.
  await owner.page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
  await signInAsDemoEmployer(owner);
});

afterAll(async () => {
  await owner?.close();
  await recruiterPage?.close();
  await delegatePage?.close();
  await browser?.close();
  await server?.stop();
});

/** Lets data requests, lazy chunks and the page transition finish before judging. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; html: string }[];
}

/**
 * Opens `path` in a context of its own that may inject axe (the app's CSP forbids it to
 * journeys), at both widths, optionally signed in first, and fails on serious or critical
 * violations.
 */
async function expectAccessible(
  path: string,
  heading: string | RegExp,
  signIn?: { email: string; password: string },
) {
  for (const viewport of [viewports.desktop, viewports.mobile]) {
    const checked = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
    try {
      const { page } = checked;
      if (signIn) {
        await page.goto('/signIn');
        await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
        await fillSignInForm(page, signIn.email, signIn.password);
        await page.waitForURL((url) => url.pathname !== '/signIn', { timeout: SLOW });
      }
      await page.goto(path);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: SLOW });
      await settle(page);
      expect(new URL(page.url()).pathname).toBe(path.split('?')[0]);
      await page.addScriptTag({ content: axeSource });
      const violations = await page.evaluate(async (tags) => {
        // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
        const axe = (window as any).axe;
        const results = await axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return results.violations as AxeViolation[];
      }, WCAG_TAGS);
      const blocking = violations.filter((violation) =>
        ['serious', 'critical'].includes(violation.impact ?? ''),
      );
      const report = blocking
        .map(
          (violation) =>
            `[${violation.impact}] ${violation.id} on ${path} at ${viewport.width} px: ${violation.help}\n${violation.nodes
              .map((node) => `    - ${JSON.stringify(node.target)} ${node.html.slice(0, 200)}`)
              .join('\n')}`,
        )
        .join('\n');
      expect(blocking, report).toEqual([]);
      checked.assertNoErrors();
    } finally {
      await checked.close();
    }
  }
}

/** The path of the join link in the newest invitation mailed to `email`. */
async function invitationPath(email: string): Promise<string> {
  let path = '';
  await expect
    .poll(
      async () => {
        const messages = await readOutbox(server.dataDir, email);
        const text = messages.at(-1)?.text ?? '';
        path = /\/join-team\/[A-Za-z0-9_%-]+/.exec(text)?.[0] ?? '';
        return path;
      },
      { timeout: SLOW },
    )
    .toMatch(/^\/join-team\//);
  return path;
}

/** A pipeline column, named by its heading ("Offer", then the count). */
const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage}\\b`) });

/** Moves a card with its "Move" menu (keyboard), and waits until the board says it is saved. */
async function moveCard(page: Page, name: string, to: string) {
  const button = page.getByRole('button', { name: `Move ${name}`, exact: true });
  await expect.poll(() => button.getAttribute('aria-disabled'), { timeout: SLOW }).toBeNull();
  await button.focus();
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu', { name: `Move ${name} to` });
  await menu.waitFor();
  const target = menu.getByRole('menuitem', { name: to, exact: true });
  for (let step = 0; step < 6; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowDown');
  }
  await page.keyboard.press('Enter');
  await page
    .getByText(`${name} moved to ${to}.`, { exact: true })
    .waitFor({ state: 'attached', timeout: SLOW });
}

/** Signs up through an invitation link: name and password, then the app. */
async function joinThroughLink(checked: CheckedPage, path: string, person: typeof recruiter) {
  const { page } = checked;
  await page.goto(path);
  await page.getByRole('heading', { name: /^Join /, level: 1 }).waitFor({ timeout: SLOW });
  await expect.poll(() => page.getByText(person.email).first().isVisible()).toBe(true);
  await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
  await page.getByLabel('Full name').fill(person.fullName);
  await page.getByLabel('Choose a password').fill(person.password);
  await page.getByRole('button', { name: 'Join the team' }).click();
}

describe('the hiring team', () => {
  it('the owner invites a recruiter and a delegate from Settings → Team', async () => {
    const { page } = owner;
    await page.goto('/settings/team');
    await page.getByRole('heading', { name: 'Members', level: 2 }).waitFor({ timeout: SLOW });
    const form = page.getByRole('form', { name: 'Invite a team member' });

    await form.getByLabel('E-mail').fill(recruiter.email);
    await form.getByLabel('Role', { exact: true }).selectOption('recruiter');
    await form.getByRole('button', { name: 'Send invitation' }).click();
    const pending = page.getByRole('region', { name: 'Pending invitations' });
    await pending.getByText(recruiter.email, { exact: true }).waitFor({ timeout: SLOW });

    await form.getByLabel('E-mail').fill(delegate.email);
    await form.getByLabel('Role', { exact: true }).selectOption('delegate');
    await form.getByRole('checkbox', { name: delegateJobTitle }).check();
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await pending.getByText(delegate.email, { exact: true }).waitFor({ timeout: SLOW });

    links.recruiter = await invitationPath(recruiter.email);
    links.delegate = await invitationPath(delegate.email);
    owner.assertNoErrors();
  });

  it('Settings → Team and the invitation page pass axe', async () => {
    await expectAccessible('/settings/team', 'Team', {
      email: 'demo@medhire.example',
      password: 'MedHire-demo-2026',
    });
    // Opening the link does not use it up: only joining does.
    await expectAccessible(links.delegate, /^Join /);
  });

  it('the recruiter signs up through the link, moves an applicant and sends a message', async () => {
    recruiterPage = await openPage(browser, {
      baseURL: server.baseURL,
      // Once removed (the last step), the page's requests are refused until it signs out.
      allowErrors: [/status of 401/],
    });
    const { page } = recruiterPage;
    await joinThroughLink(recruiterPage, links.recruiter, recruiter);
    await recruiterPage.waitForPath('/home', SLOW);

    await page.goto('/jobs-resident');
    await page.getByRole('link', { name: demoJobTitle, exact: true }).first().click();
    const submitted = column(page, done.fromStage).getByRole('listitem').first();
    await submitted.waitFor({ timeout: SLOW });
    const nameLink = submitted.getByRole('link').first();
    done.physicianName = ((await nameLink.textContent()) ?? '').trim();
    done.physicianPath = (await nameLink.getAttribute('href')) ?? '';
    expect(done.physicianName).toMatch(/^Dr\. /);
    await moveCard(page, done.physicianName, done.toStage);

    await page.goto('/messages');
    const conversation = page.locator('a[href^="/messages?conversationId="]').first();
    await conversation.waitFor({ timeout: SLOW });
    message.conversationPath = (await conversation.getAttribute('href')) ?? '';
    await conversation.click();
    const thread = page.getByRole('log', { name: /^Messages with / });
    await thread.waitFor({ timeout: SLOW });
    const physician = ((await thread.getAttribute('aria-label')) ?? '').replace(/^Messages with /, '');
    await page.getByLabel(`Message to ${physician}`).fill(message.text);
    await page.keyboard.press('Enter');
    await thread.getByText(message.text, { exact: true }).waitFor({ timeout: SLOW });
    await thread.getByText('Sent', { exact: true }).last().waitFor({ timeout: SLOW });
    recruiterPage.assertNoErrors();
  });

  it("the owner sees the recruiter's move in the pipeline timeline and their message in the conversation", async () => {
    const { page } = owner;
    await page.goto(done.physicianPath);
    const application = page.getByRole('article', { name: `Application to ${demoJobTitle}` });
    const timeline = application.getByRole('list', { name: `History of the application to ${demoJobTitle}` });
    const move = timeline
      .getByRole('listitem')
      .filter({ hasText: `Moved from ${done.fromStage} to ${done.toStage}` })
      .first();
    await move.waitFor({ timeout: SLOW });
    await expect.poll(() => move.textContent()).toContain(`by ${recruiter.fullName}`);

    await page.goto(message.conversationPath);
    const thread = page.getByRole('log', { name: /^Messages with / });
    const bubble = thread.getByRole('listitem').filter({ hasText: message.text });
    await bubble.waitFor({ timeout: SLOW });
    await expect.poll(() => bubble.textContent()).toContain(recruiter.fullName);
    owner.assertNoErrors();
  });

  it("Settings → Activity shows the recruiter's pipeline move with the recruiter's name", async () => {
    const { page } = owner;
    await page.goto('/settings/team');
    await page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Activity' }).click();
    await owner.waitForPath('/settings/activity', SLOW);
    await page.getByRole('heading', { level: 1, name: 'Activity log' }).waitFor({ timeout: SLOW });
    await page.getByLabel('Member').selectOption({ label: recruiter.fullName });
    await page.getByLabel('Type').selectOption({ label: 'Pipeline moves' });
    const table = page.getByRole('table', { name: 'Activity' });
    const firstRow = table.getByRole('row').nth(1);
    await expect
      .poll(async () => firstRow.innerText(), { timeout: SLOW })
      .toContain(`Moved ${done.physicianName} to ${done.toStage}`);
    expect(await firstRow.innerText()).toContain(recruiter.fullName);
    owner.assertNoErrors();
  });

  it('the delegate signs up, accepts the agreement, sees only their job, and the delegate flag follows the session', async () => {
    delegatePage = await openPage(browser, { baseURL: server.baseURL });
    const { page } = delegatePage;
    await joinThroughLink(delegatePage, links.delegate, delegate);
    await delegatePage.waitForPath('/delegate-agreement', SLOW);
    await page.getByRole('heading', { name: 'Delegate Access', level: 1 }).waitFor({ timeout: SLOW });
    expect(await page.evaluate(() => localStorage.getItem('medhire.delegate'))).toBe('true');
    // Nothing else opens before the agreement is accepted.
    await page.goto('/jobs');
    await delegatePage.waitForPath('/delegate-agreement', SLOW);

    await expectAccessible('/delegate-agreement', 'Delegate Access', delegate);

    await page.getByRole('button', { name: 'I accept the Delegate Access agreement' }).click();
    await delegatePage.waitForPath('/jobs', SLOW);
    const jobs = page.getByRole('table', { name: 'Your jobs' });
    await jobs.getByRole('link', { name: delegateJobTitle, exact: true }).waitFor({ timeout: SLOW });
    await page.getByText('1 job', { exact: true }).waitFor({ timeout: SLOW });
    expect(await jobs.getByRole('link', { name: demoJobTitle, exact: true }).count()).toBe(0);
    // A delegate works the jobs given to them; posting new ones is not theirs to do.
    expect(await page.getByRole('link', { name: 'Post a job' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('medhire.delegate'))).toBe('true');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await delegatePage.waitForPath('/', SLOW);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('medhire.delegate')), { timeout: SLOW })
      .toBeNull();
    delegatePage.assertNoErrors();
  });

  it('the owner removes the recruiter, whose open page is signed out within seconds', async () => {
    await recruiterPage.page.goto('/home');
    await recruiterPage.page.getByRole('heading', { name: 'Home', level: 1 }).waitFor({ timeout: SLOW });
    await settle(recruiterPage.page);

    const { page } = owner;
    await page.goto('/settings/team');
    await page.getByRole('button', { name: `Remove ${recruiter.fullName}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove this member?' });
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: SLOW });
    const removedAt = Date.now();
    await recruiterPage.waitForPath('/signIn', 10_000);
    expect(Date.now() - removedAt).toBeLessThan(10_000);
    expect(await page.getByText(recruiter.email, { exact: true }).count()).toBe(0);
    owner.assertNoErrors();
  });
});
