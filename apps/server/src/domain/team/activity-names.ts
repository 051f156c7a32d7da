import { eq } from 'drizzle-orm';
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
