import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, liveConnection, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, registerPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 11, end to end: physicians act through the API (apply, join, answer invites, write),
// and the demo employer's bell moves live, its panel lists what happened, a click opens the
// route of what it is about (the job with the applicant, the invites, the conversation; spec §2's
// route as the fallback), and "Mark all as read" sticks across a reload.

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip and the delivery queue; the machine is shared. */
const SLOW = 30_000;

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

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

const bell = (page: Page): Locator => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** The unread count the bell announces (its accessible name). */
async function unreadCount(page: Page): Promise<number> {
  const name = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(name.match(/(\d+) unread/)?.[1] ?? 0);
}

const panel = (page: Page) => page.getByRole('region', { name: 'Notifications', exact: true });
const latest = (page: Page) => panel(page).getByRole('list', { name: 'Latest notifications' });

async function openPanel(page: Page) {
  if ((await bell(page).getAttribute('aria-expanded')) !== 'true') await bell(page).click();
  await panel(page).waitFor({ timeout: SLOW });
}

/** The panel's entry whose text mentions `text`, once the live event has put it there. */
async function panelEntry(page: Page, text: string): Promise<Locator> {
  await openPanel(page);
  const entry = latest(page).getByRole('link').filter({ hasText: text }).first();
  await entry.waitFor({ timeout: SLOW });
  return entry;
}

async function shot(page: Page, file: string) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.screenshot({ path: `${artifactsDir}${file}.png` });
}

describe('notifications for the demo employer', () => {
  const suffix = Date.now().toString(36);
  let employerToken: string;
  let jobId: string;

  it("a physician applies: the bell count rises live, the panel shows it, a click opens that job's page and the count drops", async () => {
    const login = await api<{ token: string; user: { _id: string } }>('POST', '/employer/auth/login', {
      body: demoEmployer,
    });
    employerToken = login.token;

    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    const connected = liveConnection(page);
    await signInAsDemoEmployer(checked);
    await bell(page).waitFor({ timeout: SLOW });
    await connected;
    // The bell shows the server's count once its first answer is in; wait for that before acting.
    const { unreadCount: before } = await api<{ unreadCount: number }>(
      'GET',
      `/employer/notification/get-all-notification/${login.user._id}?pageSize=1`,
      { token: employerToken },
    );
    await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBe(before);
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes';
    });

    const applicant = await registerPhysician(
      server,
      'Noor',
      `Haddad${suffix}`,
      familyMedicineInAustin({ yearsOfExperience: 9, isDiscoverable: false }),
    );
    const found = await api<{ jobs: { _id: string; title: string }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: applicant.token },
    );
    jobId = found.jobs.find((job) => job.title === jobTitle)?._id ?? '';
    expect(jobId, `the open job "${jobTitle}"`).not.toBe('');
    await api('POST', `/employee/job/apply/${jobId}`, {
      token: applicant.token,
      body: { coverLetter: 'Outpatient family medicine in Austin is exactly what I am looking for.' },
    });

    await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBe(before + 1);
    // Newest first, as the panel shows them.
    const firstPage = await api<{ notifications: { createdAt: string; notification: { body: string } }[] }>(
      'GET',
      `/employer/notification/get-all-notification/${login.user._id}?pageSize=6`,
      { token: employerToken },
    );
    const times = firstPage.notifications.map((item) => item.createdAt);
    expect(
      times,
      JSON.stringify(firstPage.notifications.map((item) => [item.createdAt, item.notification.body])),
    ).toEqual([...times].sort().reverse());
    expect(firstPage.notifications[0]?.notification.body).toContain(applicant.fullName);
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes');

    const entry = await panelEntry(page, applicant.fullName);
    expect(await entry.innerText()).toMatch(/Unread/);
    expect(await entry.getAttribute('href')).toBe(
      `/jobs-resident/${jobId}?applicant=${applicant.physicianId}`,
    );
    await shot(page, 'notifications-panel-desktop');
    await entry.click();
    await checked.waitForPath(`/jobs-resident/${jobId}`);
    await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBe(before);
    checked.assertNoErrors();
  });

  it('each other type lands on what it is about', async () => {
    const { page } = checked;
    const openAndExpect = async (text: string, pathAndQuery: string) => {
      const entry = await panelEntry(page, text);
      const countBefore = await unreadCount(page);
      await entry.click();
      await expect
        .poll(
          () => {
            const url = new URL(page.url());
            return `${url.pathname}${url.search}`;
          },
          { timeout: SLOW },
        )
        .toBe(pathAndQuery);
      await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBeLessThan(countBefore);
    };

    // EMPLOYEE_REGISTERED: a discoverable physician of a specialty the employer looks for joins.
    const joined = await registerPhysician(
      server,
      'Elif',
      `Aydin${suffix}`,
      familyMedicineInAustin({ yearsOfExperience: 9, isDiscoverable: true }),
    );
    await openAndExpect(joined.fullName, '/home');

    // INVITE_ACCEPTED: the employer invites, the physician accepts (through the API).
    const accepting = joined;
    const acceptedInvite = await api<{ _id: string }>('POST', '/employer/match/create-match', {
      token: employerToken,
      body: { jobId, applicantId: accepting.physicianId, message: 'Would you like to talk?' },
    });
    const accepted = await api<{ conversationId: string | null }>(
      'PATCH',
      `/employee/match/respond/${acceptedInvite._id}`,
      { token: accepting.token, body: { status: 'accepted' } },
    );
    expect(accepted.conversationId).toBeTruthy();
    await openAndExpect(
      `${accepting.fullName} accepted`,
      `/messages?conversationId=${accepted.conversationId}`,
    );

    // INVITE_REJECTED: another physician declines.
    const declining = await registerPhysician(
      server,
      'Tomas',
      `Lindqvist${suffix}`,
      familyMedicineInAustin({ yearsOfExperience: 9, isDiscoverable: true }),
    );
    const declinedInvite = await api<{ _id: string }>('POST', '/employer/match/create-match', {
      token: employerToken,
      body: { jobId, applicantId: declining.physicianId },
    });
    await api('PATCH', `/employee/match/respond/${declinedInvite._id}`, {
      token: declining.token,
      body: { status: 'declined' },
    });
    await openAndExpect(
      `${declining.fullName} declined`,
      `/jobs-resident/${jobId}?tab=invites&applicant=${declining.physicianId}`,
    );

    // SEND_MSG_TO_EMPLOYER: the physician who accepted writes; the click opens that conversation.
    const conversationId = accepted.conversationId as string;
    await page.goto('/home');
    await bell(page).waitFor({ timeout: SLOW });
    const text = `Happy to visit the clinic next week (${suffix}).`;
    await api('POST', `/employee/conversation/send-message/${conversationId}`, {
      token: accepting.token,
      body: { body: text, tempMsgId: `notif-${suffix}` },
    });
    await openAndExpect(text, `/messages?conversationId=${conversationId}`);
    checked.assertNoErrors();
  });

  it('"Mark all as read" clears the badge, and it stays cleared after a reload', async () => {
    const { page } = checked;
    // Something unread to clear: one more application.
    const late = await registerPhysician(
      server,
      'Priya',
      `Raman${suffix}`,
      familyMedicineInAustin({ yearsOfExperience: 9, isDiscoverable: false }),
    );
    await api('POST', `/employee/job/apply/${jobId}`, {
      token: late.token,
      body: { coverLetter: 'Interested in the outpatient role.' },
    });
    await panelEntry(page, late.fullName);
    await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBeGreaterThan(0);
    await panel(page).getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => unreadCount(page), { timeout: SLOW }).toBe(0);
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    await page.reload();
    await bell(page).waitFor({ timeout: SLOW });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    expect(await unreadCount(page)).toBe(0);
    expect(await page.getByTestId('notification-badge').count()).toBe(0);

    await page.goto('/notifications');
    await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor({ timeout: SLOW });
    await page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link')
      .first()
      .waitFor({ timeout: SLOW });
    await page.getByRole('button', { name: 'Unread', exact: true }).click();
    await page.getByRole('heading', { name: "You're all caught up" }).waitFor({ timeout: SLOW });
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('link')
      .first()
      .waitFor({ timeout: SLOW });
    await shot(page, 'notifications-page-desktop');

    await page.goto('/edit-profile');
    const settings = page.getByRole('table', { name: /Notification channels per notification type/ });
    await settings.waitFor({ timeout: SLOW });
    const inApp = settings.getByRole('switch', {
      name: 'A physician applies to a job: in the app (always on)',
    });
    expect(await inApp.isDisabled()).toBe(true);
    expect(await inApp.isChecked()).toBe(true);
    const digest = settings.getByRole('switch', { name: 'A physician applies to a job: E-mail digest' });
    const wasOn = await digest.isChecked();
    await digest.click();
    await expect.poll(() => digest.isChecked(), { timeout: SLOW }).toBe(!wasOn);
    await page.reload();
    await settings.waitFor({ timeout: SLOW });
    await expect.poll(() => digest.isChecked(), { timeout: SLOW }).toBe(!wasOn);
    await page.getByRole('button', { name: 'Turn on browser notifications' }).first().waitFor();
    await settings.scrollIntoViewIfNeeded();
    await shot(page, 'notifications-settings-desktop');
    checked.assertNoErrors();
  });

  it('fits the bell, the panel and the page on a phone', async () => {
    const phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    try {
      const { page } = phone;
      await signInAsDemoEmployer(phone);
      await openPanel(page);
      await latest(page).getByRole('link').first().waitFor({ timeout: SLOW });
      const box = await panel(page).boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewports.mobile.width).toBe(true);
      await shot(page, 'notifications-panel-mobile');
      await page.goto('/notifications');
      await page
        .getByRole('list', { name: 'Notifications' })
        .getByRole('link')
        .first()
        .waitFor({ timeout: SLOW });
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await shot(page, 'notifications-page-mobile');
      phone.assertNoErrors();
    } finally {
      await phone.close();
    }
  });

  it.each([viewports.desktop, viewports.mobile])(
    'the open panel, the page and the settings pass axe (WCAG A/AA) at $width px',
    async (viewport) => {
      const audited = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
      try {
        const { page } = audited;
        await signInAsDemoEmployer(audited);
        // Something unread, so the bell shows its badge while it is checked.
        const unread = await registerPhysician(
          server,
          'Ana',
          `Costa${viewport.width}${suffix}`,
          familyMedicineInAustin({ yearsOfExperience: 9, isDiscoverable: false }),
        );
        await api('POST', `/employee/job/apply/${jobId}`, {
          token: unread.token,
          body: { coverLetter: 'Interested in the outpatient role.' },
        });
        await page.getByTestId('notification-badge').waitFor({ timeout: SLOW });
        const audit = async (where: string) => {
          await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
          if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
          const violations = await page.evaluate(async () => {
            // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
            const axe = (window as any).axe;
            const results = await axe.run(document, {
              runOnly: {
                type: 'tag',
                values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'],
              },
              resultTypes: ['violations'],
            });
            // Serious and critical findings block, as in the accessibility journey.
            return (results.violations as { id: string; impact: string; nodes: { html: string }[] }[])
              .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
              .map(
                (violation) =>
                  `${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
              );
          });
          expect(violations, `axe on ${where} at ${viewport.width} px`).toEqual([]);
        };
        await openPanel(page);
        await latest(page).getByRole('link').first().waitFor({ timeout: SLOW });
        await audit('the open panel');
        await page.goto('/notifications');
        await page
          .getByRole('list', { name: 'Notifications' })
          .getByRole('link')
          .first()
          .waitFor({ timeout: SLOW });
        await audit('/notifications');
        await page.goto('/edit-profile');
        await page.getByRole('table', { name: /Notification channels/ }).waitFor({ timeout: SLOW });
        await audit('/edit-profile');
      } finally {
        await audited.close();
      }
    },
  );
});
