import type { TJob } from '@medhire/contract/jobs';
import { describe, expect, it } from 'vitest';
import { DEMO_EMPLOYER_EMAIL, DEMO_EMPLOYER_PASSWORD } from '../../../src/seed/demo-employer.ts';
import { seedDemoData } from '../../../src/seed/index.ts';
import { buildTestApp, createTestDatabase } from '../../helper.ts';
import { signIn } from '../../routes/employer/auth-kit.ts';

describe('demo job postings', () => {
  // Seeding the whole demo data set takes seconds, more on a busy machine.
  it('gives the demo employer six current postings and three filled months ago, newest first', {
    timeout: 120_000,
  }, async () => {
    const demo = await buildTestApp({ demoData: true }, { database: await createTestDatabase() });
    try {
      await seedDemoData(demo);
      const session = await signIn(demo, DEMO_EMPLOYER_EMAIL, DEMO_EMPLOYER_PASSWORD);
      const response = await demo.inject({
        method: 'GET',
        url: `/api/employer/job/get-all-jobs/${session.user._id}`,
        headers: { authorization: session.token },
      });
      expect(response.statusCode, response.body).toBe(200);
      const jobs = response.json().data.jobs as TJob[];
      expect(jobs.map((job) => [job.title, job.status])).toEqual([
        ['Internal Medicine Physician – Geriatrics Focus', 'draft'],
        ['Psychiatrist – Integrated Behavioral Health (Part-time)', 'open'],
        ['General Pediatrician', 'open'],
        ['Primary Care Sports Medicine Physician', 'open'],
        ['Family Medicine Physician – Outpatient', 'open'],
        ['Locum Tenens Family Physician – Parental Leave Coverage', 'closed'],
        // The reports' history: postings of the past half year, filled and closed.
        ['Outpatient Psychiatrist – Adult Clinic', 'closed'],
        ['Pediatrician – Pflugerville Clinic', 'closed'],
        ['Internal Medicine Physician – Hospital Medicine', 'closed'],
      ]);
      expect(new Set(jobs.map((job) => job.specialty)).size).toBe(4);
    } finally {
      await demo.close();
    }
  });
});
