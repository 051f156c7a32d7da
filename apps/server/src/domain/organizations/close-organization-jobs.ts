import type { Db } from '../../db/index.ts';

/**
 * Closes the open job postings of an organisation whose account is deleted, inside the
 * deletion's transaction, and answers how many it closed. MedHire stores no job postings
 * yet, so there is nothing to close; job posting storage must close them here.
 */
export async function closeOrganizationJobs(_db: Db, _organizationId: string): Promise<number> {
  return 0;
}
