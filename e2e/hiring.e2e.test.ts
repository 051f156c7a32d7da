import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiCallOptions, callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { type Physician, registerPhysician } from './fixtures/physician.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// Issue 5, end to end: the demo employer finds a physician among a job's recommendations, saves
// and invites them, moves an applicant through the pipeline, and sees the invite accepted by the
// physician (who, having no web page of their own, answers through the API).

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const jobTitle = 'Family Medicine Physician – Outpatient';
/** Waits on conditions that involve a server round trip; the machine is small and shared. */
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

// ---------------------------------------------------------------------------------------------
// The physician side, through the API.

function api<T>(method: string, path: string, options: ApiCallOptions = {}): Promise<T> {
  return callApi<T>(server.baseURL, method, path, options);
}

const austin = { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 }, state: 'TX' };

// ---------------------------------------------------------------------------------------------
// The employer side, in the browser.

async function openTab(page: Page, name: RegExp) {
  const tab = page.getByRole('tablist', { name: 'Job pipeline sections' }).getByRole('tab', { name });
  await tab.click();
  await expect.poll(() => tab.getAttribute('aria-selected'), { timeout: SLOW }).toBe('true');
}

/** A column of the pipeline board, named by its heading ("Offer", then the count). */
const column = (page: Page, stage: string) => page.getByRole('region', { name: new RegExp(`^${stage}\\b`) });

async function shot(page: Page, file: string) {
  // Let transitions and data requests finish, then capture from the top.
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${artifactsDir}${file}.png`, fullPage: true });
}

/**
 * Moves a card with its "Move" menu using only the keyboard: focus the button, open the
 * menu with the down arrow, walk to the stage, press Enter; then wait until the board says the
 * move is saved.
 */
async function moveWithKeyboard(page: Page, name: string, to: string) {
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
  expect(await target.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('Enter');
  await page
    .getByText(`${name} moved to ${to}.`, { exact: true })
    .waitFor({ state: 'attached', timeout: SLOW });
  const card = column(page, to)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
  await card.waitFor({ timeout: SLOW });
  await expect.poll(() => card.getAttribute('aria-busy'), { timeout: SLOW }).toBeNull();
}

const matchRow = (page: Page, name: string): Locator =>
  page
    .getByRole('list', { name: 'Invites' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

// ---------------------------------------------------------------------------------------------

describe('hiring as the demo employer', () => {
  const suffix = Date.now().toString(36);
  const thisYear = new Date().getFullYear();
  let invited: Physician;
  let applicant: Physician;
  let jobId: string;

  it('sets up two physicians through the API: a perfect fit, and one who applies', async () => {
    invited = await registerPhysician(server, 'Rowan', `Fitzgerald${suffix}`, {
      specialty: 'family-medicine',
      // The job's sub-specialty and the one the employer's candidate preferences ask for.
      subSpecialty: ['family-medicine--geriatric-medicine', 'family-medicine--sports-medicine'],
      boardStatus: 'board-certified',
      yearsOfExperience: 12,
      yearAvailableToStart: thisYear,
      homeLocation: austin,
      statesOfInterest: ['TX'],
      employmentTypes: ['full-time'],
      needsVisa: false,
      isDiscoverable: true,
    });
    applicant = await registerPhysician(server, 'Imani', `Okafor${suffix}`, {
      specialty: 'family-medicine',
      boardStatus: 'board-eligible',
      yearsOfExperience: 4,
      yearAvailableToStart: thisYear + 1,
      homeLocation: {
        description: 'Dallas, TX',
        coords: { latitude: 32.7767, longitude: -96.797 },
        state: 'TX',
      },
      statesOfInterest: ['TX'],
      employmentTypes: ['full-time'],
      isDiscoverable: false,
    });
    expect(invited.isComplete).toBe(true);
    expect(applicant.isComplete).toBe(true);

    const found = await api<{ jobs: { _id: string; title: string; hasApplied: boolean }[] }>(
      'GET',
      `/employee/job/get-all-jobs?queryText=${encodeURIComponent('Family Medicine Physician')}&pageSize=50`,
      { token: applicant.token },
    );
    const job = found.jobs.find((entry) => entry.title === jobTitle);
    expect(
      job,
      `the open job "${jobTitle}" among ${found.jobs.map((entry) => entry.title).join(', ')}`,
    ).toBeDefined();
    jobId = (job as { _id: string })._id;
    expect(job?.hasApplied).toBe(false);

    const application = await api<{ jobId: string }>('POST', `/employee/job/apply/${jobId}`, {
      token: applicant.token,
      body: { coverLetter: 'I would love to join your outpatient team in Austin.' },
    });
    expect(application.jobId).toBe(jobId);
  });

  it('finds the perfect fit among the recommended physicians, saves and invites them', async () => {
    checked = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.desktop });
    const { page } = checked;
    await signInAsDemoEmployer(checked);

    await page.goto('/jobs-resident');
    await page.getByRole('link', { name: jobTitle, exact: true }).first().click();
    await checked.waitForPath(`/jobs-resident/${jobId}`);
    await page.getByRole('heading', { name: jobTitle, level: 1 }).waitFor({ timeout: SLOW });

    await openTab(page, /^Recommended/);
    const recommended = page.getByRole('list', { name: `Recommended physicians for ${jobTitle}` });
    await recommended.waitFor({ timeout: SLOW });
    const card = recommended.getByRole('article', { name: invited.fullName, exact: true });
    // A perfect fit scores at the top; ties are broken by id, so "among the first shown" is what holds.
    await card.waitFor({ timeout: SLOW }).catch(async (error: unknown) => {
      const shown = await recommended.getByRole('heading', { level: 3 }).allInnerTexts();
      throw new Error(`${invited.fullName} is not among the recommended: ${shown.join(', ')}`, {
        cause: error,
      });
    });
    // The card says each fact once: the board status among its badges, not again among the reasons.
    await card.getByText('Board certified', { exact: true }).waitFor();
    expect(await card.getByText('Board certified', { exact: true }).count()).toBe(1);

    // Save.
    const save = card.getByRole('button', { name: `Save ${invited.fullName}`, exact: true });
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await expect.poll(() => save.getAttribute('aria-pressed'), { timeout: SLOW }).toBe('true');

    // Invite to this job; the page's count of the job's invites follows at once.
    const invitesTab = page.getByRole('tablist', { name: 'Job pipeline sections' }).getByRole('tab', {
      name: /^Invites/,
    });
    const invitesShown = async () => Number((await invitesTab.innerText()).match(/\d+/)?.[0] ?? 0);
    const invitesBefore = await invitesShown();
    await card.getByRole('button', { name: `Invite ${invited.fullName} to a job`, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite to a job' });
    const jobSelect = dialog.getByLabel('Job');
    await jobSelect.waitFor({ timeout: SLOW });
    await expect.poll(() => jobSelect.inputValue(), { timeout: SLOW }).toBe(jobId);
    await dialog
      .getByLabel(/Message/)
      .fill('Your geriatrics and sports medicine background fits our Austin clinic.');
    await dialog.getByRole('button', { name: 'Send invite' }).click();
    await page.getByText(`Invite sent to ${invited.fullName} for ${jobTitle}.`).waitFor({ timeout: SLOW });
    await dialog.waitFor({ state: 'detached', timeout: SLOW });
    await card.getByRole('list', { name: 'With your jobs' }).getByText('Pending').waitFor({ timeout: SLOW });
    // Saving and inviting update the card in place: it still says how well they fit this job.
    expect(await card.getByRole('meter', { name: 'Fit score' }).count()).toBe(1);
    expect(await card.getByText('Board certified', { exact: true }).count()).toBe(1);
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    await expect.poll(invitesShown, { timeout: SLOW }).toBe(invitesBefore + 1);
    await shot(page, 'hiring-recommended-desktop');

    await openTab(page, /^Invites/);
    const row = matchRow(page, invited.fullName);
    await row.waitFor({ timeout: SLOW });
    await row.getByText('Pending', { exact: true }).waitFor();
    await row.getByRole('button', { name: `Cancel invite to ${invited.fullName}` }).waitFor();
    checked.assertNoErrors();
  });

  it('moves the applicant Shortlisted → Interview → Offer with the keyboard and the board keeps it after a reload', async () => {
    const { page } = checked;
    await openTab(page, /^Pipeline/);
    const submittedLink = column(page, 'Submitted').getByRole('link', {
      name: applicant.fullName,
      exact: true,
    });
    await submittedLink.waitFor({ timeout: SLOW });

    for (const stage of ['Shortlisted', 'Interview', 'Offer']) {
      await moveWithKeyboard(page, applicant.fullName, stage);
    }
    expect(await column(page, 'Submitted').getByRole('link', { name: applicant.fullName }).count()).toBe(0);

    await page.reload();
    const offerLink = column(page, 'Offer').getByRole('link', { name: applicant.fullName, exact: true });
    await offerLink.waitFor({ timeout: SLOW });
    for (const stage of ['Shortlisted', 'Submitted', 'Interview']) {
      expect(await column(page, stage).getByRole('link', { name: applicant.fullName }).count()).toBe(0);
    }
    await shot(page, 'hiring-pipeline-desktop');

    // The applicant's page lists every move, newest first.
    await offerLink.click();
    await checked.waitForPath(`/applicants/${applicant.physicianId}`);
    const timeline = page.getByRole('list', { name: `History of the application to ${jobTitle}` });
    await timeline.waitFor({ timeout: SLOW });
    await expect
      .poll(async () =>
        (await timeline.getByRole('listitem').allInnerTexts()).map((text) => text.split('\n')[0]?.trim()),
      )
      .toEqual([
        'Moved from Interview to Offer',
        'Moved from Shortlisted to Interview',
        'Moved from Submitted to Shortlisted',
        'Applied · Submitted',
      ]);
    expect(await timeline.getByText(/^by you ·/).count()).toBe(3);
    await timeline.getByText(/^by the physician ·/).waitFor();
    checked.assertNoErrors();
  });

  it('sees the invite accepted once the physician accepts it', async () => {
    const { page } = checked;
    const mine = await api<{ matches: { _id: string; status: string; job: { _id: string } }[] }>(
      'GET',
      '/employee/match/get-all-matches',
      { token: invited.token },
    );
    const pending = mine.matches.filter((match) => match.job._id === jobId && match.status === 'pending');
    expect(pending).toHaveLength(1);
    const answer = await api<{ status: string; conversationId: string | null }>(
      'PATCH',
      `/employee/match/respond/${pending[0]?._id}`,
      { token: invited.token, body: { status: 'accepted' } },
    );
    expect(answer.status).toBe('accepted');

    await page.goto(`/jobs-resident/${jobId}?tab=invites`);
    const row = matchRow(page, invited.fullName);
    await row.waitFor({ timeout: SLOW });
    await row.getByText('Accepted', { exact: true }).waitFor();
    await row.getByRole('link', { name: `Open conversation with ${invited.fullName}` }).waitFor();
    expect(await row.getByRole('button', { name: /Cancel invite/ }).count()).toBe(0);
    await shot(page, 'hiring-matches-desktop');

    // The dashboard's recent activity tells the same story.
    await page.goto('/home');
    await page
      .getByRole('link', { name: `${invited.fullName} accepted the invite to ${jobTitle}`, exact: true })
      .waitFor({ timeout: SLOW });
    await shot(page, 'hiring-home-desktop');
    checked.assertNoErrors();
  });

  it('opens the conversation the acceptance started and exchanges messages with the physician', async () => {
    const { page } = checked;
    await page.goto(`/jobs-resident/${jobId}?tab=invites`);
    await matchRow(page, invited.fullName)
      .getByRole('link', { name: `Open conversation with ${invited.fullName}` })
      .click();
    await checked.waitForPath('/messages');

    const thread = page.getByRole('log', { name: `Messages with ${invited.fullName}` });
    await thread.waitFor({ timeout: SLOW });
    const text = 'Welcome! Could you visit the Austin clinic next Tuesday afternoon?';
    await page.getByLabel(`Message to ${invited.fullName}`).fill(text);
    await page.keyboard.press('Enter');
    await thread.getByText(text, { exact: true }).waitFor({ timeout: SLOW });
    await thread.getByText('Sent', { exact: true }).last().waitFor({ timeout: SLOW });

    // The physician reads it through the API and answers; the employer sees the answer on opening.
    const { conversations } = await api<{
      conversations: { _id: string; lastMessage: { body: string } | null }[];
    }>('GET', '/employee/conversation/get-all-conversation', { token: invited.token });
    const conversation = conversations.find((entry) => entry.lastMessage?.body === text);
    expect(conversation, "the physician sees the employer's message").toBeDefined();
    const reply = 'Tuesday afternoon works for me. See you then.';
    await api('POST', `/employee/conversation/send-message/${conversation?._id}`, {
      token: invited.token,
      body: { body: reply, tempMsgId: 'reply-1' },
    });
    await page.reload();
    await thread.getByText(reply, { exact: true }).waitFor({ timeout: SLOW });
    await shot(page, 'hiring-messages-desktop');
    checked.assertNoErrors();
  });

  it('explores discoverable physicians, keeps a shortlist of saved ones and filters applicants by stage', async () => {
    const { page } = checked;
    // /explore lists discoverable physicians only: the perfect fit is there, the applicant who
    // chose not to be discoverable is not.
    await page.goto('/explore');
    const search = page.getByLabel('Search by name');
    await search.fill(invited.fullName.replace(/^Dr\. /, ''));
    const physicians = page.getByRole('list', { name: 'Physicians' });
    const found = physicians.getByRole('article', { name: invited.fullName, exact: true });
    await found.waitFor({ timeout: SLOW });
    expect(
      await found.getByRole('button', { name: `Save ${invited.fullName}` }).getAttribute('aria-pressed'),
    ).toBe('true');
    await search.fill(applicant.fullName.replace(/^Dr\. /, ''));
    await page.getByRole('heading', { name: 'No physicians match' }).waitFor({ timeout: SLOW });

    // The saved shortlist has the physician saved from the recommendations; unsaving takes them off.
    await page.goto('/applicants?tab=saved');
    const saved = page.getByRole('list', { name: 'Saved physicians' });
    const savedCard = saved.getByRole('article', { name: invited.fullName, exact: true });
    await savedCard.waitFor({ timeout: SLOW });
    await savedCard.getByRole('button', { name: `Save ${invited.fullName}` }).click();
    await savedCard.waitFor({ state: 'detached', timeout: SLOW });
    await page.reload();
    await page.getByRole('tab', { name: /^Saved/, selected: true }).waitFor({ timeout: SLOW });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    expect(await page.getByRole('article', { name: invited.fullName, exact: true }).count()).toBe(0);

    // All applicants at the Offer stage: the applicant moved there earlier.
    await page.goto('/applicants');
    await page.getByLabel('Pipeline stage').selectOption('Offer');
    const atOffer = page.getByRole('list', { name: 'Applicants' });
    await atOffer.getByRole('article', { name: applicant.fullName, exact: true }).waitFor({ timeout: SLOW });
    expect(new URL(page.url()).searchParams.get('pipeline')).toBe('Offer');
    checked.assertNoErrors();
  });

  it("shows the physician's new message live in the open conversation, with the toast", async () => {
    const { page } = checked;
    // The live connection has answered the handshake ('40' is Socket.IO's connect frame).
    const liveConnection = new Promise<void>((resolve) => {
      page.on('websocket', (socket) => {
        if (!socket.url().includes('/socket.io/')) return;
        socket.on('framereceived', ({ payload }) => {
          if (String(payload).startsWith('40')) resolve();
        });
      });
    });
    await page.goto(`/jobs-resident/${jobId}?tab=invites`);
    await matchRow(page, invited.fullName)
      .getByRole('link', { name: `Open conversation with ${invited.fullName}` })
      .click();
    await checked.waitForPath('/messages');
    const conversationId = new URL(page.url()).searchParams.get('conversationId');
    expect(conversationId).toBeTruthy();
    const thread = page.getByRole('log', { name: `Messages with ${invited.fullName}` });
    await thread.waitFor({ timeout: SLOW });
    await liveConnection;
    // Marks this document: a reload would lose the mark.
    await page.evaluate(() => {
      document.documentElement.dataset.sameDocument = 'yes';
    });

    const live = 'I can also do Wednesday morning if that suits the clinic better.';
    await api('POST', `/employee/conversation/send-message/${conversationId}`, {
      token: invited.token,
      body: { body: live, tempMsgId: `live-${suffix}` },
    });

    await thread.getByText(live, { exact: true }).waitFor({ timeout: SLOW });
    await page.getByText('New message recieved.', { exact: true }).waitFor({ timeout: SLOW });
    await page
      .getByRole('list', { name: 'Conversations' })
      .getByRole('link', { name: new RegExp(invited.fullName) })
      .getByText(live)
      .waitFor({ timeout: SLOW });
    expect(await page.evaluate(() => document.documentElement.dataset.sameDocument)).toBe('yes');
    checked.assertNoErrors();
  });

  it('fits the hiring screens on a phone without sideways scrolling of the page', async () => {
    const phone = await openPage(browser, { baseURL: server.baseURL, viewport: viewports.mobile });
    try {
      const { page } = phone;
      await signInAsDemoEmployer(phone);
      const screens = [
        '/home',
        '/applicants',
        `/applicants/${applicant.physicianId}`,
        '/explore',
        `/jobs-resident/${jobId}`,
        `/jobs-resident/${jobId}?tab=recommended`,
        `/jobs-resident/${jobId}?tab=invites`,
      ];
      for (const path of screens) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: SLOW });
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        // The pipeline board scrolls inside its own region; the page itself must not.
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${path} is wider than the phone`).toBeLessThanOrEqual(0);
      }
      await page.goto(`/jobs-resident/${jobId}?tab=invites`);
      // The selected tab is scrolled into view even when the tab list overflows.
      const selected = page.getByRole('tab', { name: /^Invites/ });
      await selected.waitFor({ timeout: SLOW });
      const box = await selected.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewports.mobile.width).toBe(true);
      await shot(page, 'hiring-pipeline-mobile');
      phone.assertNoErrors();
    } finally {
      await phone.close();
    }
  });
});
