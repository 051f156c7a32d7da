import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { familyMedicineInAustin, registerPhysician } from './fixtures/physician.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';

// Issue 15: the main journey with the keyboard alone. Sign in, post a job, move an applicant
// through the pipeline and send a message using only page.keyboard (no clicks, no fill()), and
// at every stop the element that has focus must show it: a computed outline, or a box-shadow
// other than the one it has at rest.

/** Waits on conditions that involve a server round trip; the machine is small and shared. */
const SLOW = 30_000;
/** More Tab presses than any screen needs to reach its furthest control. */
const MAX_TABS = 80;
const demoJobTitle = 'Family Medicine Physician – Outpatient';

let server: TestServer;
let browser: Browser;
let checked: CheckedPage;
let physicianPage: CheckedPage | undefined;

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
});

afterAll(async () => {
  await physicianPage?.close();
  await checked?.close();
  await browser?.close();
  await server?.stop();
});

interface FocusState {
  description: string;
  isVisible: boolean;
}

/** What has focus, and whether it shows a focus indicator (outline or box-shadow). */
function focusState(page: Page): Promise<FocusState> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { description: '<body>', isVisible: false };
    const style = getComputedStyle(element);
    // A transparent outline (kept for forced-colours modes) shows nothing by itself.
    const isTransparent = (color: string) => color === 'transparent' || /^rgba\(.*,\s*0\)$/.test(color);
    const hasOutline =
      style.outlineStyle !== 'none' &&
      Number.parseFloat(style.outlineWidth) > 0 &&
      !isTransparent(style.outlineColor);
    // Some controls carry a shadow at rest; only a shadow that focus adds or changes counts. An
    // unfocused shallow copy beside the element gives the shadow it has at rest.
    const atRest = element.cloneNode(false) as HTMLElement;
    atRest.removeAttribute('id');
    atRest.setAttribute('aria-hidden', 'true');
    atRest.style.position = 'absolute';
    atRest.style.visibility = 'hidden';
    element.after(atRest);
    const shadowAtRest = getComputedStyle(atRest).boxShadow;
    atRest.remove();
    const hasShadow =
      style.boxShadow !== 'none' && style.boxShadow !== '' && style.boxShadow !== shadowAtRest;
    const name =
      element.getAttribute('aria-label') ??
      (element as HTMLInputElement).labels?.[0]?.textContent ??
      element.textContent ??
      '';
    const description = `<${element.tagName.toLowerCase()}> "${name.replace(/\s+/g, ' ').trim().slice(0, 60)}" (outline: ${style.outlineStyle} ${style.outlineWidth}, box-shadow: ${style.boxShadow})`;
    return { description, isVisible: hasOutline || hasShadow };
  });
}

async function expectVisibleFocus(page: Page, step: string) {
  const state = await focusState(page);
  expect(state.isVisible, `no visible focus indicator ${step}: ${state.description}`).toBe(true);
}

const isFocused = (locator: Locator) =>
  locator.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator of every
 * element passed on the way.
 */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean } = {}) {
  await target.waitFor({ timeout: SLOW });
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  const passed: string[] = [];
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    const state = await focusState(page);
    passed.push(state.description);
    if (state.description !== '<body>') {
      expect(
        state.isVisible,
        `no visible focus indicator on the way to ${target}: ${state.description}`,
      ).toBe(true);
    }
    if (await isFocused(target)) return;
  }
  throw new Error(`${MAX_TABS} presses of ${key} never reached ${target}; passed:\n${passed.join('\n')}`);
}

/** Focuses `target` with Tab, then types `text` into it. */
async function typeInto(page: Page, target: Locator, text: string) {
  await tabTo(page, target);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

/** Focuses a <select> with Tab and walks its options with the arrow keys to the one labelled `label`. */
async function chooseOption(page: Page, select: Locator, label: string) {
  await tabTo(page, select);
  const options = await select.locator('option').allInnerTexts();
  const wanted = options.findIndex((text) => text.trim() === label);
  expect(wanted, `"${label}" among ${options.join(', ')}`).toBeGreaterThanOrEqual(0);
  for (let presses = 0; presses < options.length; presses += 1) {
    const current = await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex);
    if (current === wanted) break;
    await page.keyboard.press(current < wanted ? 'ArrowDown' : 'ArrowUp');
  }
  expect(await select.evaluate((element) => (element as HTMLSelectElement).selectedIndex)).toBe(wanted);
  await expectVisibleFocus(page, `on ${label}`);
}

/** Types into a combobox, walks its list with the arrow keys and picks `option` with Enter. */
async function chooseFromCombobox(page: Page, combobox: Locator, text: string, option: string) {
  await typeInto(page, combobox, text);
  const wanted = page.getByRole('option', { name: option, exact: true });
  await wanted.waitFor({ timeout: SLOW });
  for (let presses = 0; presses < 20; presses += 1) {
    await page.keyboard.press('ArrowDown');
    const activeId = await combobox.getAttribute('aria-activedescendant');
    if (activeId && (await wanted.getAttribute('id')) === activeId) break;
  }
  expect(await combobox.getAttribute('aria-activedescendant')).toBe(await wanted.getAttribute('id'));
  await page.keyboard.press('Enter');
  await expectVisibleFocus(page, `after choosing ${option}`);
}

/** Tabs to a button or link and activates it with Enter. */
async function activate(page: Page, target: Locator, options: { backwards?: boolean } = {}) {
  await tabTo(page, target, options);
  await page.keyboard.press('Enter');
}

async function nextStep(page: Page, stepTitle: string) {
  await activate(page, page.getByRole('button', { name: 'Next', exact: true }));
  await page.getByRole('heading', { name: stepTitle, level: 2 }).waitFor({ timeout: SLOW });
}

describe('the employer journey with the keyboard alone', () => {
  const title = `Locum Hospitalist ${Date.now().toString(36)}`;

  it('signs in', async () => {
    const { page } = checked;
    await page.goto('/signIn');
    // The guided tour would take focus at an unpredictable moment; it has its own tests.
    await page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
    await page.reload();
    await typeInto(page, page.getByLabel(/^\s*email/i).first(), demoEmployer.email);
    await typeInto(page, page.getByLabel(/^\s*password/i).first(), demoEmployer.password);
    await page.keyboard.press('Enter');
    await checked.waitForPath('/home');
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it('posts a job', async () => {
    const { page } = checked;
    await activate(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Jobs' }));
    await checked.waitForPath('/jobs');
    await activate(page, page.getByRole('link', { name: 'Post a job' }).first());
    await checked.waitForPath('/create-job');

    await typeInto(page, page.getByLabel('Job title'), title);
    await chooseFromCombobox(
      page,
      page.getByRole('combobox', { name: 'Specialty' }),
      'Internal',
      'Internal Medicine',
    );
    await chooseOption(page, page.getByLabel('Employment type'), 'Full-time');
    await chooseOption(page, page.getByLabel('Reason for the opportunity'), 'Growth / expansion');
    await nextStep(page, 'Compensation');
    await typeInto(page, page.getByLabel(/Minimum \(USD/), '250000');
    await typeInto(page, page.getByLabel(/Maximum \(USD/), '300000');
    await nextStep(page, 'Schedule');
    await nextStep(page, 'Support and technology');
    await nextStep(page, 'Growth');
    await nextStep(page, 'Locations');
    await chooseFromCombobox(
      page,
      page.getByRole('combobox', { name: 'Add a location' }),
      'Austin',
      'Austin, TX',
    );
    await page.getByRole('list', { name: 'Job locations' }).getByText('Austin, TX').waitFor();
    await nextStep(page, 'Review');
    await activate(page, page.getByRole('button', { name: 'Publish' }));
    await checked.waitForPath('/jobs');
    await page.getByRole('link', { name: title, exact: true }).waitFor({ timeout: SLOW });
    checked.assertNoErrors();
  });

  it('moves an applicant one stage on through the pipeline', async () => {
    const { page } = checked;
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await activate(page, page.getByRole('link', { name: demoJobTitle, exact: true }).first());
    await page.getByRole('heading', { name: demoJobTitle, level: 1 }).waitFor({ timeout: SLOW });
    const submitted = page.getByRole('region', { name: /^Submitted\b/ });
    const move = submitted.getByRole('button', { name: /^Move / }).first();
    await move.waitFor({ timeout: SLOW });
    const name = ((await move.getAttribute('aria-label')) ?? '').replace(/^Move /, '');
    await tabTo(page, move);
    await page.keyboard.press('ArrowDown');
    const menu = page.getByRole('menu', { name: `Move ${name} to` });
    await menu.waitFor({ timeout: SLOW });
    const target = menu.getByRole('menuitem', { name: 'Shortlisted', exact: true });
    for (let presses = 0; presses < 6 && !(await isFocused(target)); presses += 1) {
      await page.keyboard.press('ArrowDown');
      await expectVisibleFocus(page, 'in the move menu');
    }
    expect(await isFocused(target)).toBe(true);
    await page.keyboard.press('Enter');
    await page.getByText(`${name} moved to Shortlisted.`, { exact: true }).waitFor({
      state: 'attached',
      timeout: SLOW,
    });
    await page
      .getByRole('region', { name: /^Shortlisted\b/ })
      .getByRole('link', { name, exact: true })
      .first()
      .waitFor({ timeout: SLOW });
    // Focus stays somewhere visible for the next move.
    await expectVisibleFocus(page, 'after the move');
    checked.assertNoErrors();
  });

  it('sends a message', async () => {
    const { page } = checked;
    await activate(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }),
      {
        backwards: true,
      },
    );
    await checked.waitForPath('/messages');
    const conversation = page.getByRole('list', { name: 'Conversations' }).getByRole('link').first();
    await activate(page, conversation);
    const thread = page.getByRole('log', { name: /^Messages with / });
    await thread.waitFor({ timeout: SLOW });
    const composer = page.getByRole('textbox', { name: /^Message to / });
    const text = `Could we speak on Thursday? (${title})`;
    await typeInto(page, composer, text);
    await page.keyboard.press('Enter');
    await thread.getByText(text, { exact: true }).waitFor({ timeout: SLOW });
    await thread.getByText('Sent', { exact: true }).last().waitFor({ timeout: SLOW });
    await expectVisibleFocus(page, 'after sending');
    checked.assertNoErrors();
  });
});

/**
 * After a navigation the physician app moves focus to the new screen's <main> (as a page load
 * would), so the next Tab reaches the screen's first control rather than the header or the tabs.
 */
async function expectFocusAtScreenStart(page: Page, step: string) {
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.id ?? document.activeElement?.tagName), {
      message: `focus at the start of the screen ${step}`,
      timeout: SLOW,
    })
    .toBe('main');
}

describe('the physician journey with the keyboard alone', () => {
  const suffix = Date.now().toString(36);
  let physician: Awaited<ReturnType<typeof registerPhysician>>;
  let jobId = '';

  it('signs in', async () => {
    physician = await registerPhysician(server, 'Ada', `Keys${suffix}`, familyMedicineInAustin());
    physicianPage = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = physicianPage;
    await page.goto('/physician/sign-in');
    await typeInto(page, page.getByLabel('E-mail'), `ada.keys${suffix}@physicians.example`);
    await typeInto(page, page.getByLabel('Password'), 'Stethoscope-2026!');
    await page.keyboard.press('Enter');
    await physicianPage.waitForPath('/physician/jobs', SLOW);
    await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SLOW });
    physicianPage.assertNoErrors();
  });

  it('searches, opens a job and applies (Apply, then Confirm)', async () => {
    const { page } = physicianPage ?? expect.unreachable('signed in');
    await typeInto(page, page.getByRole('searchbox', { name: 'Search' }), 'Family Medicine Physician');
    await page.keyboard.press('Enter');
    const result = page
      .getByRole('list', { name: 'Jobs found' })
      .getByRole('link', { name: demoJobTitle, exact: true })
      .first();
    await activate(page, result);
    await page.getByRole('heading', { level: 1, name: demoJobTitle }).waitFor({ timeout: SLOW });
    jobId = new URL(page.url()).pathname.split('/').pop() ?? '';
    await expectFocusAtScreenStart(page, 'after opening the job');

    await activate(page, page.getByRole('button', { name: 'Apply', exact: true }));
    const dialog = page.getByRole('dialog', { name: 'Apply with your profile?' });
    await dialog.waitFor({ timeout: SLOW });
    // The dialog takes focus, and Tab stays inside it.
    await expect
      .poll(() => dialog.evaluate((element) => element.contains(document.activeElement)))
      .toBe(true);
    await activate(page, dialog.getByRole('button', { name: 'Confirm application' }));
    const applied = page.getByText(/You applied to this job/);
    await applied.waitFor({ timeout: SLOW });
    await dialog.waitFor({ state: 'detached' });
    // The Apply button is gone: focus goes to the confirmation that replaced it, not to the page.
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const element = document.activeElement;
            // The page itself (body or main) holds the confirmation too: it does not count.
            if (!element || element === document.body || element.id === 'main') return element?.tagName;
            return element.textContent?.trim();
          }),
        { timeout: SLOW },
      )
      .toMatch(/^You applied to this job/);
    await expectVisibleFocus(page, 'after applying');
    physicianPage?.assertNoErrors();
  });

  it('opens the conversation the employer started and sends a message', async () => {
    const { page } = physicianPage ?? expect.unreachable('signed in');
    // The employer answers the application by opening a conversation about it.
    const { applications } = await callApi<{ applications: { _id: string; jobId: string }[] }>(
      server.baseURL,
      'GET',
      '/employee/job/get-applications',
      { token: physician.token },
    );
    const application = applications.find((candidate) => candidate.jobId === jobId);
    expect(application, 'the application just sent').toBeDefined();
    const employer = await callApi<{ token: string }>(server.baseURL, 'POST', '/employer/auth/login', {
      body: demoEmployer,
    });
    const conversation = await callApi<{ _id: string }>(
      server.baseURL,
      'POST',
      `/employer/conversation/start-conversation/${application?._id}`,
      { token: employer.token },
    );
    await callApi(server.baseURL, 'POST', `/employer/conversation/send-message/${conversation._id}`, {
      token: employer.token,
      body: { body: 'Thank you for applying. When could we talk?', tempMsgId: `keyboard-${suffix}` },
    });

    // The navigation comes before the screen: back to it with Shift+Tab.
    await activate(
      page,
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }),
      {
        backwards: true,
      },
    );
    await physicianPage?.waitForPath('/physician/messages', SLOW);
    await expectFocusAtScreenStart(page, 'after opening Messages');
    await activate(page, page.locator(`main a[href="/physician/messages/${conversation._id}"]`));
    await physicianPage?.waitForPath(`/physician/messages/${conversation._id}`, SLOW);
    await expectFocusAtScreenStart(page, 'after opening the conversation');

    const messages = page.getByRole('list', { name: 'Messages' });
    await messages.getByText('Thank you for applying. When could we talk?').waitFor({ timeout: SLOW });
    const text = `Thursday morning suits me. (${suffix})`;
    await typeInto(page, page.getByRole('textbox', { name: 'Message', exact: true }), text);
    await page.keyboard.press('Enter');
    await messages.getByText(text, { exact: true }).waitFor({ timeout: SLOW });
    await expect
      .poll(() => messages.getByText(/Sending|Waiting for the network|Not sent/).count(), { timeout: SLOW })
      .toBe(0);
    // Focus stays in the composer for the next message.
    expect(await isFocused(page.getByRole('textbox', { name: 'Message', exact: true }))).toBe(true);
    await expectVisibleFocus(page, 'after sending');
    physicianPage?.assertNoErrors();
  });
});
