import {
  MEMBER_ROLES,
  RIGHT_NAMES,
  ROLE_LABELS,
  roleCan,
  type TMemberRole,
  type TRight,
} from '@medhire/contract/team-roles';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../apps/server/src/domain/mail/outbox.ts';
import { flattenRoutes, missingAccessForPath, type RoutePattern } from '../apps/web/src/app/route-access.ts';
import { routes } from '../apps/web/src/app/router.tsx';
import { callApi } from './fixtures/api.ts';
import { type CheckedPage, launchBrowser, openPage } from './fixtures/browser.ts';
import { demoEmployer, startServer, type TestServer } from './fixtures/server.ts';
import { fillSignInForm } from './fixtures/sign-in.ts';

// The rights walk: every signed-in page of the router, as every role of the hiring team, loads
// without a call the server refuses (403), explains itself instead of a form when the role lacks
// the page's right, and offers no link or enabled action that needs a right the role lacks.
// The pages come from the router (apps/web/src/app/router.tsx) and the rights from the contract's
// rights table, so a new route or right is walked without editing this file.

const SLOW = 30_000;
const teamPassword = 'MedHire-team-2026';
const admin = {
  email: `ada.${Date.now().toString(36)}@lakeside-family.example`,
  password: 'a sturdy admin passphrase',
};
const accounts: Record<TMemberRole, { email: string; password: string }> = {
  owner: demoEmployer,
  admin,
  recruiter: { email: 'recruiter@medhire.example', password: teamPassword },
  delegate: { email: 'delegate@medhire.example', password: teamPassword },
};

/**
 * The visible names of actions that need a right, by right: what a member without it must not
 * be offered enabled anywhere. Rights every role holds need no entry.
 */
const ACTIONS_BY_RIGHT: Partial<Record<TRight, RegExp>> = {
  'jobs.create': /^(post a job|duplicate\b|publish job)/i,
  'organization.edit':
    /^(save profile|save and continue|candidate preferences|upload logo|establish your profile)/i,
  billing:
    /^(change plan|cancel subscription|update card|subscribe|resume subscription|manage subscription|pay )/i,
  // "Remove <name>" is also how a chosen specialty is taken off a form, so removal is not listed.
  'team.manage': /^(invite a colleague|send invitation|cancel the invitation|resend)/i,
  'team.ownership': /^make owner/i,
  'data.export': /^(request export|download the export)/i,
};

const patterns = dedupe(flattenRoutes(routes).filter((pattern) => pattern.isSignedIn));

function dedupe(list: RoutePattern[]): RoutePattern[] {
  return [...new Map(list.map((pattern) => [pattern.path, pattern])).values()];
}

function rightsOf(role: TMemberRole): TRight[] {
  return RIGHT_NAMES.filter((right) => roleCan(role, right));
}

interface RoleSession {
  token: string;
  userId: string;
  checked: CheckedPage;
  /** Ids of the records this role may open, for the routes' parameters. */
  params: Record<string, string>;
}

let server: TestServer;
let browser: Browser;
const sessions = new Map<TMemberRole, RoleSession>();

async function login(email: string, password: string) {
  return callApi<{ token: string; user: { _id: string } }>(server.baseURL, 'POST', '/employer/auth/login', {
    body: { email, password },
  });
}

/** An admin for the demo organisation, invited by the owner and joined through the API. */
async function createAdmin() {
  const owner = await login(demoEmployer.email, demoEmployer.password);
  await callApi(server.baseURL, 'POST', '/employer/team/invite-member', {
    token: owner.token,
    body: { email: admin.email, role: 'admin' },
  });
  // The invitation is mailed after the invite commits; the outbox is polled (outside a test, so by hand).
  let token = '';
  for (let waited = 0; token === '' && waited < SLOW; waited += 250) {
    const text = (await readOutbox(server.dataDir, admin.email)).at(-1)?.text ?? '';
    token = decodeURIComponent(/\/join-team\/([A-Za-z0-9_%-]+)/.exec(text)?.[1] ?? '');
    if (token === '') await new Promise((resolve) => setTimeout(resolve, 250));
  }
  if (token === '') throw new Error(`No invitation reached ${admin.email} within ${SLOW} ms`);
  await callApi(server.baseURL, 'POST', '/employer/team/accept-invitation', {
    body: { token, fullName: 'Ada Admin', password: admin.password },
  });
}

/** The first job and applicant this role sees, so parameterised pages open a record of theirs. */
async function paramsFor(token: string, userId: string): Promise<Record<string, string>> {
  const { jobs } = await callApi<{ jobs: { _id: string }[] }>(
    server.baseURL,
    'GET',
    `/employer/job/get-all-jobs/${userId}?pageSize=10&pageNumber=1`,
    { token },
  );
  const { applicants } = await callApi<{ applicants: { _id: string }[] }>(
    server.baseURL,
    'GET',
    `/employer/applicant/get-all-applicants/${userId}?pageSize=10&pageNumber=1`,
    { token },
  );
  if (jobs.length === 0 || applicants.length === 0)
    throw new Error('Every demo role sees a job and an applicant');
  return { id: jobs[0]?._id ?? '', applicantId: applicants[0]?._id ?? '' };
}

/** A route pattern with this role's record ids in place of its parameters. */
function concrete(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    if (path.startsWith('/applicants/')) return params.applicantId ?? '';
    return params[name] ?? name;
  });
}

beforeAll(async () => {
  server = await startServer({ demoData: true });
  browser = await launchBrowser();
  await createAdmin();
  for (const role of MEMBER_ROLES) {
    const { email, password } = accounts[role];
    const { token, user } = await login(email, password);
    // The browser logs every 403 it receives; the walk judges them itself by their code (below).
    const checked = await openPage(browser, {
      baseURL: server.baseURL,
      allowErrors: [/status of 403 \(Forbidden\)/],
    });
    await checked.page.goto('/signIn');
    await checked.page.evaluate(() => localStorage.setItem('medhire.tourCompleted', 'true'));
    await fillSignInForm(checked.page, email, password);
    await checked.page.waitForURL((url) => url.pathname !== '/signIn', { timeout: SLOW });
    sessions.set(role, { token, userId: user._id, checked, params: await paramsFor(token, user._id) });
  }
  // The demo server, an admin joining and four sign-ins: more than one server start on a shared machine.
}, 240_000);

afterAll(async () => {
  for (const session of sessions.values()) await session.checked.close();
  await browser?.close();
  await server?.stop();
});

/** Lets data requests, lazy chunks and the page transition finish before judging. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.waitForTimeout(250);
}

/** Visible links of the page that lead into the app, as paths. */
async function visibleAppLinks(page: Page): Promise<{ name: string; path: string }[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      // In-page links (the skip link) stay on the page the member already has.
      .filter((link) => !link.getAttribute('href')?.startsWith('#'))
      .filter((link) => link.origin === location.origin && link.getClientRects().length > 0)
      .filter((link) => !link.closest('[inert], [hidden], [aria-hidden="true"]'))
      .map((link) => ({ name: (link.textContent ?? '').trim(), path: link.pathname })),
  );
}

/**
 * Visible, enabled buttons and links by their names (aria-label, else their text), read in one
 * round trip to the page rather than several per control.
 */
async function enabledActionNames(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('button, a[href], [role="button"], [role="link"]')]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && control.checkVisibility({ visibilityProperty: true });
      })
      // What the accessibility tree leaves out is not offered (as getByRole would skip it).
      .filter((control) => !control.closest('[inert], [aria-hidden="true"]'))
      .filter(
        (control) =>
          !(control as HTMLButtonElement).disabled && control.getAttribute('aria-disabled') !== 'true',
      )
      .map((control) =>
        (control.getAttribute('aria-label') ?? control.innerText).replace(/\s+/g, ' ').trim(),
      ),
  );
}

describe.each(MEMBER_ROLES)('as the %s', (role) => {
  const rights = rightsOf(role);
  const label = ROLE_LABELS[role];

  it.each(patterns.map((pattern) => [pattern.path, pattern] as const))(
    '%s offers nothing the server would refuse',
    async (_path, pattern) => {
      const session = sessions.get(role);
      if (!session) throw new Error(`no session for ${role}`);
      const { page } = session.checked;
      const path = concrete(pattern.path, session.params);
      // A 403 for the role (FORBIDDEN_ROLE) is what the walk hunts. The plan's own gates (a feature
      // the plan lacks answers FORBIDDEN) are shown as a locked view with the way to upgrade.
      const refusals: Promise<string | null>[] = [];
      const onResponse = (response: Response) => {
        if (response.status() !== 403) return;
        refusals.push(
          response
            .json()
            .then((body: { error?: { code?: string } }) => body.error?.code)
            .catch(() => undefined)
            .then((code) =>
              code === 'FORBIDDEN' ? null : `${response.request().method()} ${response.url()} (${code})`,
            ),
        );
      };
      page.on('response', onResponse);
      try {
        await page.goto(path);
        await page.locator('h1').first().waitFor({ timeout: SLOW });
        await settle(page);

        const refused = (await Promise.all(refusals)).filter((call) => call !== null);
        expect(refused, `calls refused while ${path} loaded for the ${role}`).toEqual([]);
        expect(await page.getByText('Unexpected Application Error!').count()).toBe(0);

        const isRefusedPage = pattern.access !== undefined && !rights.includes(pattern.access.right);
        const explanation = page.getByText(new RegExp(`^Your role \\(${label}\\) cannot `));
        if (isRefusedPage) {
          await explanation.waitFor({ timeout: SLOW });
          const elsewhere = pattern.access?.elsewhere;
          expect(await page.getByRole('link', { name: elsewhere?.label }).getAttribute('href')).toBe(
            elsewhere?.to,
          );
        } else {
          expect(await explanation.count(), `${path} is the ${role}'s to use`).toBe(0);
        }

        // No link into a page the role cannot use (navigation, shortcuts, empty states).
        const forbiddenLinks = (await visibleAppLinks(page)).filter(
          (link) => missingAccessForPath(routes, link.path, rights) !== undefined,
        );
        expect(forbiddenLinks, `links on ${path} the ${role} cannot follow`).toEqual([]);

        // No enabled action whose right the role lacks.
        const lacking = RIGHT_NAMES.filter((right) => !rights.includes(right))
          .map((right) => [right, ACTIONS_BY_RIGHT[right]] as const)
          .filter((entry): entry is readonly [TRight, RegExp] => entry[1] !== undefined);
        const offered = (await enabledActionNames(page)).flatMap((name) =>
          lacking.filter(([, pattern]) => pattern.test(name)).map(([right]) => `${name} (needs ${right})`),
        );
        expect(offered, `actions on ${path} the ${role} cannot use`).toEqual([]);
        session.checked.assertNoErrors();
      } finally {
        page.off('response', onResponse);
      }
    },
  );
});
