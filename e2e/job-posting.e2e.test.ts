import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, viewports } from './fixtures/browser.ts';
import { startServer, type TestServer } from './fixtures/server.ts';
import { signInAsDemoEmployer } from './fixtures/sign-in.ts';

// A locum post as physicians compare them: an hourly rate in its unit, a Markdown description,
// the pay-transparency prompt for a California location, and a Review that is the published page.

const artifactsDir = fileURLToPath(new URL('./artifacts/', import.meta.url));
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

const description = [
  '## Coverage',
  '',
  'Nights for a **busy hospitalist service**:',
  '',
  '- 7 on / 7 off, 12-hour shifts',
  '- malpractice and travel covered',
  '',
  'See [our hospital](https://example.org/hospital).',
  '',
  '<script>window.hacked = true</script>',
  '',
  '[not a link](javascript:window.hacked=true)',
].join('\n');

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

async function next(page: Page, stepTitle: string) {
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('heading', { name: stepTitle, level: 2 }).waitFor();
}

async function choose(page: Page, combobox: string, text: string, option: string) {
  await page.getByRole('combobox', { name: combobox }).fill(text);
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** What a reader gets from a posting: its text without the employer's Edit buttons, and its description's markup. */
async function readPosting(posting: Locator) {
  return posting.evaluate((article) => {
    const copy = article.cloneNode(true) as HTMLElement;
    for (const button of copy.querySelectorAll('button')) button.remove();
    const about = article.querySelector('[aria-label="About the role"] .markdown');
    return {
      text: (copy.textContent ?? '').replace(/\s+/g, ' ').trim(),
      descriptionHtml: about?.innerHTML.replace(/<(\/?)h\d/g, '<$1h') ?? '',
    };
  });
}

async function seriousViolations(page: Page) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time and has no types here.
    const axe = (window as any).axe;
    const results = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return results.violations as { id: string; impact?: string; nodes: { html: string }[] }[];
  }, WCAG_TAGS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
}

describe('a locum job post', () => {
  it.each(Object.entries(viewports))(
    'is posted with an hourly rate and a Markdown description, and its preview is the published page (%s)',
    async (name, viewport) => {
      const checked = await openPage(browser, { baseURL: server.baseURL, viewport, bypassCSP: true });
      try {
        const { page } = checked;
        const shot = async (file: string) => {
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${artifactsDir}${file}-${name}.png`, fullPage: true });
        };
        await signInAsDemoEmployer(checked);
        const title = `Locum Nocturnist ${name} ${Date.now()}`;

        await page.goto('/create-job');
        await page.getByLabel('Job title').fill(title);
        await choose(page, 'Specialty', 'Internal', 'Internal Medicine');
        await page.getByLabel('Employment type').selectOption({ label: 'Locum tenens' });
        await page.getByLabel(/^Description/).fill(description);
        await next(page, 'Compensation');

        await page.getByLabel('Pay type').selectOption({ label: 'Hourly rate' });
        await page.getByLabel('Minimum (USD per hour)').waitFor();
        await next(page, 'Schedule');
        await next(page, 'Support and technology');
        await next(page, 'Growth');
        await next(page, 'Locations');

        // A California site with no pay range: the form names the state that requires one.
        await choose(page, 'Add a location', 'San Diego', 'San Diego, CA');
        const prompt = page.getByRole('alert').filter({ hasText: 'Add a pay range for this location' });
        await prompt.getByText('California requires job postings to state a good-faith pay range').waitFor();
        await next(page, 'Review');
        await shot('job-post-review-prompt');
        await prompt.getByRole('button', { name: 'Add a pay range' }).click();
        await page.getByRole('heading', { name: 'Compensation', level: 2 }).waitFor();
        await page.getByLabel('Minimum (USD per hour)').fill('180');
        await page.getByLabel('Maximum (USD per hour)').fill('220');
        await expect.poll(() => prompt.count()).toBe(0);
        await page.getByRole('button', { name: /Review/ }).click();
        await page.getByRole('heading', { name: 'Review', level: 2 }).waitFor();

        const preview = page.getByRole('article', { name: title });
        await preview.getByText('$180–$220 / hour').waitFor();
        await preview.getByText('$180 – $220 per hour').waitFor();
        const about = preview.getByRole('region', { name: 'About the role' });
        await about.getByRole('heading', { name: 'Coverage' }).waitFor();
        expect(await about.getByRole('listitem').count()).toBe(2);
        expect(await about.locator('strong').innerText()).toBe('busy hospitalist service');
        expect(await about.getByRole('link', { name: 'our hospital' }).getAttribute('href')).toBe(
          'https://example.org/hospital',
        );
        expect(await about.getByRole('link', { name: 'not a link' }).count()).toBe(0);
        await about.getByText('<script>window.hacked = true</script>').waitFor();
        expect(await about.locator('script').count()).toBe(0);
        expect(await page.evaluate(() => 'hacked' in window)).toBe(false);
        expect(await seriousViolations(page)).toEqual([]);
        await shot('job-post-review');
        const previewed = await readPosting(preview);

        await page.getByRole('button', { name: 'Publish' }).click();
        await checked.waitForPath('/jobs');
        await page.goto(`/jobs?q=${encodeURIComponent(title)}`);
        await page.getByRole('link', { name: title, exact: true }).first().click();
        await page.getByRole('heading', { name: title, level: 1 }).waitFor();
        await page.getByRole('tab', { name: 'Details', exact: true }).click();
        const published = page.getByRole('article', { name: title });
        await published.getByText('$180–$220 / hour').waitFor();
        expect(await readPosting(published)).toEqual(previewed);
        expect(await seriousViolations(page)).toEqual([]);
        await shot('job-post-published');
        checked.assertNoErrors();
      } finally {
        await checked.close();
      }
    },
  );
});
