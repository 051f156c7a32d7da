import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Config, type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startTestServer } from '../scripts/lib/start-test-server.mjs';
import { type Figure, reportFigures } from './lib/figures.ts';
import { runLighthouseMedian } from './lib/lighthouse-run.ts';

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

/** The audits that would save the most time, so that a missed target comes with its reasons. */
function topOpportunities(lhr: Result): string[] {
  return Object.values(lhr.audits)
    .filter((audit) => audit.details?.type === 'opportunity' && (audit.score ?? 1) < 0.9)
    .map((audit) => ({
      title: audit.title,
      savingsMs: (audit.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0,
      display: audit.displayValue ?? '',
    }))
    .sort((first, second) => second.savingsMs - first.savingsMs)
    .slice(0, 5)
    .map((audit) => `${audit.title}${audit.display ? ` (${audit.display})` : ''}`);
}

const presets: { name: 'desktop' | 'mobile'; config: Config | undefined; minimumScore: number }[] = [
  { name: 'desktop', config: desktopConfig, minimumScore: 98 },
  // Lighthouse's default configuration is the mobile preset (Moto G Power, slow 4G, simulated).
  { name: 'mobile', config: undefined, minimumScore: 98 },
];

async function audit(url: string, preset: string, config: Config | undefined) {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags,
    logLevel: 'error',
  });
  try {
    const flags: Flags = {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableFullPageScreenshot: true,
    };
    const lhr = await runLighthouseMedian(`lighthouse ${preset}`, () => lighthouse(url, flags, config));
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const score = lhr.categories.performance?.score;
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue;
    if (score === null || score === undefined || lcp === undefined) {
      throw new Error(`Lighthouse produced no performance score for ${url}`);
    }
    // Anything fetched from outside the server under test would make the figure depend on the network.
    const origin = new URL(url).origin;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url?: string }[] } | undefined)
      ?.items;
    const external = (requests ?? []).filter(
      (request) => request.url && /^https?:/.test(request.url) && new URL(request.url).origin !== origin,
    );
    await mkdir(resultsDir, { recursive: true });
    await writeFile(`${resultsDir}lighthouse-${preset}.json`, JSON.stringify(lhr));
    const opportunities = topOpportunities(lhr);
    console.log(`lighthouse ${preset}: full report in bench/results/lighthouse-${preset}.json`);
    for (const opportunity of opportunities) console.log(`  opportunity: ${opportunity}`);
    return { score: Math.round(score * 100), lcp: Math.round(lcp), external: external.length };
  } finally {
    chrome.kill();
  }
}

// Checked before the server starts: a browser that cannot be launched would otherwise end this
// process with the server still running.
if (!existsSync('/usr/bin/chromium')) {
  console.error('Lighthouse needs Chromium at /usr/bin/chromium: apt-get install -y chromium');
  process.exit(1);
}
const server = await startTestServer({ requireWebBuild: true });
try {
  const url = `${server.baseURL}/signIn`;
  const figures: Figure[] = [];
  for (const preset of presets) {
    const { score, lcp, external } = await audit(url, preset.name, preset.config);
    const benchmark = `lighthouse ${preset.name}`;
    figures.push(
      {
        benchmark,
        name: '/signIn performance score',
        value: score,
        unit: 'score',
        target: { comparison: '>=', value: preset.minimumScore },
      },
      { benchmark, name: '/signIn largest contentful paint', value: lcp, unit: 'ms' },
      {
        benchmark,
        name: '/signIn requests to other origins',
        value: external,
        unit: 'count',
        target: { comparison: '<=', value: 0 },
      },
    );
  }
  await reportFigures(figures);
} finally {
  await server.stop();
}
