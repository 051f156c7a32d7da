#!/usr/bin/env node
// Adds up the "Tests  N passed | M failed" lines that Vitest printed in each CI log and ends the
// run with one plain line, "N passed, M failed", after the runners' own summaries.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const logDir = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
// biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes from runner output
const ansi = /\u001b\[[0-9;]*m/g;
for (const file of readdirSync(logDir).sort()) {
  for (const line of readFileSync(join(logDir, file), 'utf8').replace(ansi, '').split('\n')) {
    const match = /^\s*Tests\s+(.*)\(\d+\)\s*$/.exec(line);
    if (!match?.[1]) continue;
    for (const part of match[1].split('|')) {
      const count = /(\d+)\s+(passed|failed|skipped|todo)/.exec(part.trim());
      if (!count?.[1] || !count[2]) continue;
      const kind = count[2] === 'todo' ? 'skipped' : count[2];
      totals[kind] += Number(count[1]);
    }
  }
}
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
