import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../db/schema/accounts.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { DEMO_EMPLOYER_EMAIL, DEMO_EMPLOYER_PASSWORD, seedDemoEmployer } from './demo-employer.ts';
import { findDemoPhysicianLogin, seedDemoHiring } from './demo-hiring.ts';
import { seedDemoInterviews } from './demo-interviews.ts';
import { seedDemoJobs } from './demo-jobs.ts';
import { seedDemoPhysicianAccount } from './demo-physician-account.ts';
import { DEMO_PHYSICIAN_PASSWORD, seedDemoPhysicians } from './demo-physicians.ts';
import { seedDemoReportHistory } from './demo-report-history.ts';
import { seedDemoSubscription } from './demo-subscription.ts';
import { DEMO_DELEGATE_EMAIL, DEMO_RECRUITER_EMAIL, DEMO_TEAM_PASSWORD, seedDemoTeam } from './demo-team.ts';
import { seedDemoTemplates } from './demo-templates.ts';
import { DRAFT_ORGANIZATIONS, seedDraftOrganizations } from './draft-organizations.ts';

export interface DemoDataResult {
  /** True when this call filled the database. */
  isCreated: boolean;
  /**
   * `Demo login: <e-mail> / <password>` while the demo account exists, for the start-up banner,
   * followed on its own line by a demo physician's login when this call created the data.
   */
  loginLine: string | undefined;
}

export interface SeedDemoDataOptions {
  /** The moment the demo activity is spread back from (dates of jobs, applications, invites). */
  now?: Date;
}

/**
 * Fills an empty database with demo data when DEMO_DATA is on. A database that already has
 * accounts is left alone, so restarts never duplicate anything.
 */
export async function seedDemoData(
  app: FastifyInstance,
  { now = new Date() }: SeedDemoDataOptions = {},
): Promise<DemoDataResult> {
  if (!app.config.demoData) return { isCreated: false, loginLine: undefined };
  const [existing] = await app.db.select({ total: count() }).from(users);
  const isCreated = (existing?.total ?? 0) === 0;
  if (isCreated) {
    const startedAt = performance.now();
    const hiring = await app.db.transaction(async (tx) => {
      await seedDemoEmployer(tx);
      await seedDemoSubscription(tx, { now });
      await seedDemoJobs(tx, now);
      await seedDemoTeam(tx, { now });
      await seedDemoTemplates(tx, { now });
      await seedDraftOrganizations(tx);
      const physicians = await seedDemoPhysicians(tx, { now });
      const hired = await seedDemoHiring(tx, { physicians, now });
      await seedDemoInterviews(tx, { now });
      const demoPhysicianEmail = await findDemoPhysicianLogin(tx);
      if (demoPhysicianEmail) await seedDemoPhysicianAccount(tx, { email: demoPhysicianEmail, now });
      await seedDemoReportHistory(tx, { physicians, now });
      return { physicians: physicians.length, ...hired };
    });
    app.log.info(
      `Demo data created in ${Math.round(performance.now() - startedAt)} ms: ${hiring.physicians} physicians, ${hiring.applications} applications, ${hiring.matches} invites.`,
    );
    app.log.info(
      `Demo practices to claim at /claimBusiness: ${DRAFT_ORGANIZATIONS.map(
        (organization) => `${organization.name} (NPI ${organization.npiNumber})`,
      ).join('; ')}`,
    );
  }
  const demoEmployer = await findUserByEmail(app.db, DEMO_EMPLOYER_EMAIL);
  const employerLoginLine =
    demoEmployer && !demoEmployer.archivedAt
      ? `Demo login: ${DEMO_EMPLOYER_EMAIL} / ${DEMO_EMPLOYER_PASSWORD}`
      : undefined;
  const physicianEmail = employerLoginLine ? await findDemoPhysicianLogin(app.db) : undefined;
  const physicianLoginLine =
    physicianEmail &&
    `Demo physician login (physician app at /physician/): ${physicianEmail} / ${DEMO_PHYSICIAN_PASSWORD}`;
  const teamLoginLine =
    employerLoginLine &&
    `Demo team logins: recruiter ${DEMO_RECRUITER_EMAIL} / ${DEMO_TEAM_PASSWORD}; delegate ${DEMO_DELEGATE_EMAIL} / ${DEMO_TEAM_PASSWORD}`;
  const loginLine =
    employerLoginLine && [employerLoginLine, physicianLoginLine, teamLoginLine].filter(Boolean).join('\n');
  return { isCreated, loginLine };
}
