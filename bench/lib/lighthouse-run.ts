import type { Result, RunnerResult } from 'lighthouse';

/** Runs of one audit at most, when Lighthouse asks for another one. */
const RUNS_PER_AUDIT = 3;

/**
 * Runs one Lighthouse audit (`run`) and answers its report. A trace Lighthouse could not read
 * (NO_NAVSTART, about one run in five with Chromium 156 here) ends with a runtime error that asks
 * for another run: up to three runs, each retry printed under `label`. The last report is answered
 * even when it still holds a runtime error; the caller says what that means for its figure.
 */
export async function runLighthouse(
  label: string,
  run: () => Promise<RunnerResult | undefined>,
): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await run();
    if (!result) throw new Error(`Lighthouse returned no result (${label})`);
    const { lhr } = result;
    if (!lhr.runtimeError || attempt === RUNS_PER_AUDIT) return lhr;
    console.log(`${label}: run ${attempt} failed (${lhr.runtimeError.code}); running it again`);
  }
}

/**
 * How many audits make one Lighthouse figure (`BENCH_LIGHTHOUSE_RUNS`, default 3). One run's
 * score moves by ten points and more on a loaded 2-core machine (Lighthouse documents run-to-run
 * variability and recommends the median of several runs); every run's score is printed.
 */
export const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/**
 * Runs `audit` LIGHTHOUSE_RUNS times (each through runLighthouse) and answers the report with
 * the median performance score (the lower middle of an even count), printing every run's score
 * under `label`. A report without a score sorts first, so it is the median only when most are.
 */
export async function runLighthouseMedian(
  label: string,
  run: () => Promise<RunnerResult | undefined>,
): Promise<Result> {
  const reports: Result[] = [];
  for (let index = 0; index < LIGHTHOUSE_RUNS; index += 1) reports.push(await runLighthouse(label, run));
  const scoreOf = (lhr: Result) => lhr.categories.performance?.score ?? -1;
  const sorted = [...reports].sort((first, second) => scoreOf(first) - scoreOf(second));
  const median = sorted[Math.floor((sorted.length - 1) / 2)] as Result;
  if (reports.length > 1) {
    const scores = reports.map((lhr) => (scoreOf(lhr) < 0 ? 'none' : Math.round(scoreOf(lhr) * 100)));
    console.log(
      `${label}: scores of ${reports.length} runs ${scores.join(', ')}; median ${Math.round(scoreOf(median) * 100)}`,
    );
  }
  return median;
}
