import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findUserByEmail } from '../../domain/auth/accounts-repository.ts';
import { users } from '../schema/accounts.ts';
import { DEMO_EMPLOYER_EMAIL, DEMO_EMPLOYER_PASSWORD, seedDemoEmployer } from './demo-employer.ts';
import { seedDemoJobs } from './demo-jobs.ts';
import { DRAFT_ORGANIZATIONS, seedDraftOrganizations } from './draft-organizations.ts';

export interface DemoDataResult {
  /** True when this call filled the database. */
  isCreated: boolean;
  /** `Demo login: <e-mail> / <password>` while the demo account exists, for the start-up banner. */
  loginLine: string | undefined;
}

/**
 * Fills an empty database with demo data when DEMO_DATA is on. A database that already has
 * accounts is left alone, so restarts never duplicate anything.
 */
export async function seedDemoData(app: FastifyInstance): Promise<DemoDataResult> {
  if (!app.config.demoData) return { isCreated: false, loginLine: undefined };
  const [existing] = await app.db.select({ total: count() }).from(users);
  const isCreated = (existing?.total ?? 0) === 0;
  if (isCreated) {
    await app.db.transaction(async (tx) => {
      await seedDemoEmployer(tx);
      await seedDemoJobs(tx);
      await seedDraftOrganizations(tx);
    });
    app.log.info('Demo data created.');
    app.log.info(
      `Demo practices to claim at /claimBusiness: ${DRAFT_ORGANIZATIONS.map(
        (organization) => `${organization.name} (NPI ${organization.npiNumber})`,
      ).join('; ')}`,
    );
  }
  const demoEmployer = await findUserByEmail(app.db, DEMO_EMPLOYER_EMAIL);
  const loginLine =
    demoEmployer && !demoEmployer.archivedAt
      ? `Demo login: ${DEMO_EMPLOYER_EMAIL} / ${DEMO_EMPLOYER_PASSWORD}`
      : undefined;
  return { isCreated, loginLine };
}
