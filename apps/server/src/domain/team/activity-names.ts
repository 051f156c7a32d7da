import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';
import { physicians } from '../../db/schema/physicians.ts';

/**
 * Names the activity log's summaries use, read in the transaction of the change so the line
 * names the job and the physician as they were at the time.
 */
export async function physicianNameOf(db: Db, physicianId: string): Promise<string> {
  const [physician] = await db
    .select({ firstName: physicians.firstName, lastName: physicians.lastName })
    .from(physicians)
    .where(eq(physicians.id, physicianId))
    .limit(1);
  return physician ? `Dr. ${physician.firstName} ${physician.lastName}`.trim() : 'a physician';
}

/** physicianNameOf for many physicians in one query; a missing one is 'a physician'. */
export async function physicianNamesOf(
  db: Db,
  physicianIds: readonly string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(physicianIds)];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: physicians.id, firstName: physicians.firstName, lastName: physicians.lastName })
          .from(physicians)
          .where(inArray(physicians.id, ids));
  const names = new Map(rows.map((row) => [row.id, `Dr. ${row.firstName} ${row.lastName}`.trim()]));
  for (const id of ids) if (!names.has(id)) names.set(id, 'a physician');
  return names;
}

/** jobTitleOf for many jobs in one query; a missing one is 'a job'. */
export async function jobTitlesOf(db: Db, jobIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(jobIds)];
  const rows =
    ids.length === 0
      ? []
      : await db.select({ id: jobs.id, title: jobs.title }).from(jobs).where(inArray(jobs.id, ids));
  const titles = new Map(rows.map((row) => [row.id, `“${row.title}”`]));
  for (const id of ids) if (!titles.has(id)) titles.set(id, 'a job');
  return titles;
}

export async function jobTitleOf(db: Db, jobId: string | null): Promise<string> {
  if (!jobId) return 'a job';
  const [job] = await db.select({ title: jobs.title }).from(jobs).where(eq(jobs.id, jobId)).limit(1);
  return job ? `“${job.title}”` : 'a job';
}

/** "Chrome on macOS" from a User-Agent header, for the new-device entry; rough on purpose. */
export function describeUserAgent(userAgent: string | undefined): string {
  if (!userAgent) return 'an unknown browser';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\/|Opera/.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|Chromium\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'a browser';
  const system = /iPhone|iPad|iPod/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /CrOS/.test(userAgent)
            ? 'ChromeOS'
            : /Linux/.test(userAgent)
              ? 'Linux'
              : null;
  return system ? `${browser} on ${system}` : browser;
}
