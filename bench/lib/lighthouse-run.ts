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
