import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * Drizzle applies only the migrations whose journal time is later than the last one a database
 * has applied: a migration generated on a clock behind the previous entry's would be skipped on
 * every existing installation (and pass on the fresh databases of the tests).
 */
describe('the migration journal', () => {
  it('lists its migrations with strictly increasing times, in file order', () => {
    const journal = JSON.parse(
      readFileSync(new URL('../../src/db/migrations/meta/_journal.json', import.meta.url), 'utf8'),
    ) as { entries: { idx: number; when: number; tag: string }[] };
    const out = journal.entries.flatMap((entry, index) => {
      const previous = journal.entries[index - 1];
      return previous && entry.when <= previous.when
        ? [`${entry.tag} is not later than ${previous.tag}`]
        : [];
    });
    expect(out).toEqual([]);
    expect(journal.entries.map((entry) => entry.idx)).toEqual(journal.entries.map((_entry, index) => index));
  });
});
