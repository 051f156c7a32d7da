import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { jobs } from '../../db/schema/jobs.ts';

/**
 * Closes every job posting of an organisation whose account is deleted (open ones and drafts,
 * so nothing can be published later), inside the deletion's transaction, and answers how many
 * it closed. The jobs are kept: applications and matches still point at them.
 */
export async function closeOrganizationJobs(db: Db, organizationId: string): Promise<number> {
  const closed = await db
    .update(jobs)
    .set({ status: 'closed', updatedAt: new Date() })
    .where(and(eq(jobs.organizationId, organizationId), ne(jobs.status, 'closed')))
    .returning({ id: jobs.id });
  return closed.length;
}
