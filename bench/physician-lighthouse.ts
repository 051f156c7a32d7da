import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';
import { runLighthouseMedian } from './lib/lighthouse-run.ts';

/**
 * Lighthouse's mobile preset (Moto G Power, slow 4G, simulated) on the physician app's job
 * search and job pages, signed in as the demo physician on the demo data: the requirement is a
 * performance score of at least 95 on both. Lighthouse drives a page that already holds the
 * physician's session (the app keeps it in localStorage), so storage is not reset between runs.
 */
const MINIMUM_SCORE = 95;
const DEMO_PHYSICIAN_PASSWORD = 'MedHire-physician-2026';
const SESSION_KEY = 'medhire.physician.session';

const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const resultsDir = fileURLToPath(new URL('./results/', import.meta.url));

// Checked before the server starts: a browser that cannot be launched would otherwise end this
// process with the server still running.
if (!existsSync('/usr/bin/chromium')) {
  console.error('Lighthouse needs Chromium at /usr/bin/chromium: apt-get install -y chromium');
  process.exit(1);
}
const server = await startTestServer({ demoData: true, requireWebBuild: true });
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags,
  logLevel: 'error',
});
try {
  const email = /Demo physician login[^:]*: (\S+) \//.exec(server.output())?.[1];
  if (!email) throw new Error('The server printed no demo physician login.');
  const login = await fetch(`${server.baseURL}/api/employee/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PHYSICIAN_PASSWORD }),
  });
  const session = ((await login.json()) as { data: unknown }).data;
  const jobs = await fetch(`${server.baseURL}/api/employee/job/get-all-jobs?pageSize=1`, {
    headers: { authorization: (session as { token: string }).token },
  });
  const jobId = ((await jobs.json()) as { data: { jobs: { _id: string }[] } }).data.jobs[0]?._id;
  if (!jobId) throw new Error('The demo data has no open job.');

  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${server.baseURL}/physician/sign-in`);
  await page.evaluate((key, value) => localStorage.setItem(key, value), SESSION_KEY, JSON.stringify(session));
  // Each of a figure's runs starts with the browser's HTTP cache empty, as the first does; the
  // session and the service worker the sign-in page installed stay (see bench/README.md).
  const cdp = await page.createCDPSession();

  const figures: Figure[] = [];
  await mkdir(resultsDir, { recursive: true });
  for (const [name, path] of [
    ['job search', '/physician/jobs'],
    ['job page', `/physician/jobs/${jobId}`],
  ] as const) {
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableFullPageScreenshot: true,
      disableStorageReset: true,
    };
    const lhr = await runLighthouseMedian(`physician lighthouse ${name}`, async () => {
      await cdp.send('Network.clearBrowserCache');
      return lighthouse(`${server.baseURL}${path}`, flags, undefined, page);
    });
    const score = lhr.categories.performance?.score;
    if (score === null || score === undefined)
      throw new Error(
        `Lighthouse gave no score for ${path}: ${lhr.runtimeError?.message ?? 'no runtime error'}`,
      );
    const file = `physician-lighthouse-${name.replace(' ', '-')}.json`;
    await writeFile(`${resultsDir}${file}`, JSON.stringify(lhr));
    console.log(`physician lighthouse ${name}: full report in bench/results/${file}`);
    const benchmark = 'physician lighthouse mobile';
    figures.push(
      {
        benchmark,
        name: `${name} performance score`,
        value: Math.round(score * 100),
        unit: 'score',
        target: { comparison: '>=', value: MINIMUM_SCORE },
      },
      {
        benchmark,
        name: `${name} largest contentful paint`,
        value: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
        unit: 'ms',
      },
    );
  }
  await browser.disconnect();
  await reportFigures(figures);
} finally {
  chrome.kill();
  await server.stop();
}
