import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { TConversationSyncData } from '@medhire/contract/conversations';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, signUpPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Message templates, end to end: the demo owner writes a template shared with the team in
// Settings (variables inserted with the buttons, previewed with sample values), then sends it
// from a conversation's Templates picker; the physician receives the server's rendering, with
// their own name, the job's title and the sender's name filled in.

const jobTitle = 'Family Medicine Physician – Outpatient';
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

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's serious and critical WCAG 2.2 A/AA violations on the page as it is, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'] },
      resultTypes: ['violations'],
    });
    return (results.violations as { id: string; impact: string; nodes: { target: unknown }[] }[])
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`);
  });
}

/** Lets requests and the page and dialog transitions finish before axe judges colours. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(400);
}

/** Whether the page scrolls sideways (content wider than the viewport). */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
}

describe('message templates', () => {
  const suffix = Date.now().toString(36);
  // A name of ordinary length: a very long one overflows the thread header on a phone, which axe
  // reports against the Archive button beside it (not this journey's subject).
  const lastName = 'Marsh';
  const templateName = `Interest follow-up ${suffix}`;
  let conversationId: string;
  let physicianToken: string;

  it('a physician accepts the demo employer’s invite, which opens their conversation', async () => {
    const login = await api<{ token: string }>('POST', '/employer/auth/login', { body: demoEmployer });
    const session = await signUpPhysician(server, {
      email: `lena.marsh${suffix}@physicians.example`,
      password: 'Stethoscope-2026!',
      firstName: 'Lena',
      lastName,
    });
    physicianToken = session.token;
    await api('PATCH', '/employee/profile/update-profile', {
      token: session.token,
      body: familyMedicineInAustin({ isDiscoverable: true }),
    });
    const jobs = await api<{ jobs: { _id: string; title: string }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: session.token },
    );
    const jobId = jobs.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId, `the open job "${jobTitle}"`).not.toBe('');
    const invite = await api<{ _id: string }>('POST', '/employer/match/create-match', {
      token: login.token,
      body: { jobId, applicantId: session.physician._id },
    });
    const accepted = await api<{ conversationId: string | null }>(
      'PATCH',
      `/employee/match/respond/${invite._id}`,
      { token: session.token, body: { status: 'accepted' } },
    );
    conversationId = accepted.conversationId ?? '';
    expect(conversationId).not.toBe('');
  });

  it('the owner writes a shared template in Settings with variables and a live preview', async () => {
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    await signInAsDemoEmployer(checked);
    await page.goto('/settings/templates');
    await checked.waitForPath('/settings/templates');
    // The demo data's shared templates are there.
    await page
      .getByRole('list', { name: 'Shared with your organization' })
      .getByRole('heading', { name: 'Thank you for applying' })
      .waitFor({ timeout: SLOW });

    await page.getByRole('button', { name: 'New template' }).click();
    const dialog = page.getByRole('dialog', { name: 'New template' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(templateName);
    const message = dialog.getByRole('textbox', { name: 'Message' });
    await message.fill('Hi Dr. ');
    await dialog.getByRole('button', { name: 'Insert Physician last name' }).click();
    await expect.poll(() => message.inputValue()).toBe('Hi Dr. {{physician.lastName}}');
    await message.press('End');
    await message.pressSequentially(', thank you for your interest in ');
    await dialog.getByRole('button', { name: 'Insert Job title' }).click();
    await message.press('End');
    await message.pressSequentially('. – ');
    await dialog.getByRole('button', { name: 'Insert Your name' }).click();
    await expect
      .poll(() => message.inputValue())
      .toBe(
        'Hi Dr. {{physician.lastName}}, thank you for your interest in {{job.title}}. – {{recruiter.fullName}}',
      );
    await expect
      .poll(() => dialog.getByRole('region', { name: 'Preview with sample values' }).innerText())
      .toContain(
        'Hi Dr. Okafor, thank you for your interest in Family Medicine Physician – Outpatient. – Maria Delgado',
      );

    await dialog.getByRole('radio', { name: 'Everyone in my organization' }).check();
    await dialog.getByRole('button', { name: 'Save template' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: SLOW });
    await page
      .getByRole('list', { name: 'Shared with your organization' })
      .getByRole('heading', { name: templateName })
      .waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it('sends it from a conversation with the physician’s details filled in by the server', async () => {
    const { page } = checked;
    await page.goto(`/messages?conversationId=${conversationId}`);
    const thread = page.getByRole('log', { name: /^Messages with / });
    await thread.waitFor({ timeout: SLOW });

    await page.getByRole('button', { name: 'Templates' }).click();
    const picker = page.getByRole('dialog', { name: 'Send a template' });
    const search = picker.getByRole('combobox', { name: 'Search templates' });
    await search.fill(suffix);
    await expect.poll(() => picker.getByRole('option').count(), { timeout: SLOW }).toBe(1);
    await search.press('Enter');

    const expected = `Hi Dr. ${lastName}, thank you for your interest in ${jobTitle}. – Maria Delgado`;
    await picker
      .getByRole('region', { name: /^Preview for / })
      .getByText(expected)
      .waitFor({ timeout: SLOW });
    await picker.getByRole('button', { name: 'Send template' }).click();
    await picker.waitFor({ state: 'hidden' });

    const bubble = thread.getByRole('listitem').filter({ hasText: expected });
    await expect.poll(() => bubble.innerText(), { timeout: SLOW }).toMatch(/Sent/);

    const seen = await api<TConversationSyncData>('GET', '/employee/conversation/sync?since=0&pageSize=500', {
      token: physicianToken,
    });
    expect(
      seen.changes.filter(
        (change) =>
          change.type === 'message' &&
          change.conversationId === conversationId &&
          change.message.body === expected,
      ),
    ).toHaveLength(1);
    checked.assertNoErrors();
  });

  it.each([viewports.mobile, viewports.desktop])(
    'the templates page, its form and the composer’s picker fit %o and pass axe',
    async (viewport) => {
      const wide = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
      try {
        const { page } = wide;
        await signInAsDemoEmployer(wide);
        await page.goto('/settings/templates');
        await page.getByRole('heading', { name: templateName }).waitFor({ timeout: SLOW });
        await settle(page);
        expect(await overflowsSideways(page)).toBe(false);
        expect(await blockingViolations(page)).toEqual([]);

        await page.getByRole('button', { name: 'New template' }).click();
        await page.getByRole('dialog', { name: 'New template' }).waitFor();
        await settle(page);
        expect(await overflowsSideways(page)).toBe(false);
        expect(await blockingViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');

        await page.goto(`/messages?conversationId=${conversationId}`);
        await page.getByRole('button', { name: 'Templates' }).click();
        const picker = page.getByRole('dialog', { name: 'Send a template' });
        await picker.getByRole('option').first().waitFor({ timeout: SLOW });
        await picker.getByRole('combobox', { name: 'Search templates' }).press('Enter');
        await picker.getByRole('region', { name: /^Preview for / }).waitFor({ timeout: SLOW });
        await settle(page);
        expect(await overflowsSideways(page)).toBe(false);
        expect(await blockingViolations(page)).toEqual([]);
        await page.screenshot({ path: `/tmp/message-templates-picker-${viewport.width}.png` });
        wide.assertNoErrors();
      } finally {
        await wide.close();
      }
    },
  );
});
