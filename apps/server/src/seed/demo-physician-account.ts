import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/accounts.ts';
import { applications, matches } from '../db/schema/hiring.ts';
import { jobs } from '../db/schema/jobs.ts';
import { physicians } from '../db/schema/physicians.ts';
import { updatePipelineStatus } from '../domain/applicants/update-pipeline-status.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { startEmployerConversation } from '../domain/conversations/start-employer-conversation.ts';
import type { JobOwner } from '../domain/jobs/job-owner.ts';
import { createJobAlert } from '../domain/physicians/alerts/alerts-repository.ts';
import { applyToJob } from '../domain/physicians/apply-to-job.ts';
import { saveJob } from '../domain/physicians/physician-jobs.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';
import { seedConversation } from './demo-hiring.ts';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Where the demo physician's own applications end up: one of each kind a candidate reads. */
const OWN_APPLICATION_PATHS = [['Shortlisted', 'Interview'], ['Rejected'], []] as const;

const CONVERSATION: readonly (readonly ['physician' | 'employer', string, number])[] = [
  [
    'employer',
    'Thank you for applying. Your residency in a busy county program stands out. Could we set up a call?',
    0,
  ],
  ['physician', 'Thank you! I would be glad to talk. Tuesday or Wednesday afternoon works for me.', 95],
  ['employer', 'Wednesday at 3 pm Central, then. We will send a calendar invite.', 140],
];

/**
 * Rounds out the demo physician whose login the start-up banner prints (the one with the oldest
 * pending invite), so signing in to the physician app shows every screen with real data: besides
 * the pending invite, applications in several states (in interview, not selected, submitted), a
 * conversation with the demo employer, saved jobs and a job alert. Everything goes through the
 * same domain functions as the API, dated before the demo's "now".
 */
export async function seedDemoPhysicianAccount(
  db: Db,
  { email, now = new Date() }: { email: string; now?: Date },
): Promise<void> {
  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  if (!employer?.organizationId) return;
  const owner: JobOwner = { userId: employer.id, organizationId: employer.organizationId };
  const [physician] = await db
    .select({
      id: physicians.id,
      userId: physicians.userId,
      specialtyId: physicians.specialtyId,
      homeState: physicians.homeState,
    })
    .from(physicians)
    .innerJoin(users, eq(users.id, physicians.userId))
    .where(eq(users.email, email))
    .limit(1);
  if (!physician) return;

  const touched = new Set(
    [
      ...(await db
        .select({ jobId: applications.jobId })
        .from(applications)
        .where(eq(applications.physicianId, physician.id))),
      ...(await db
        .select({ jobId: matches.jobId })
        .from(matches)
        .where(eq(matches.physicianId, physician.id))),
    ].map((row) => row.jobId),
  );
  const openJobs = (
    await db
      .select({ id: jobs.id, specialtyId: jobs.specialtyId })
      .from(jobs)
      .where(and(eq(jobs.organizationId, employer.organizationId), eq(jobs.status, 'open')))
      .orderBy(asc(jobs.createdAt))
  ).filter((job) => !touched.has(job.id));
  // Jobs of the physician's own specialty first: the ones they would apply to.
  openJobs.sort(
    (a, b) =>
      Number(b.specialtyId === physician.specialtyId) - Number(a.specialtyId === physician.specialtyId),
  );

  const nowMs = now.getTime();
  const applied: string[] = [];
  for (const [index, path] of OWN_APPLICATION_PATHS.entries()) {
    const job = openJobs[index];
    if (!job) break;
    const appliedAt = new Date(nowMs - (9 - index * 2) * DAY_MS);
    const application = await applyToJob({ db, physicianId: physician.id, jobId: job.id, now: appliedAt });
    applied.push(application._id);
    for (const [step, pipelineStatus] of path.entries()) {
      await updatePipelineStatus({
        db,
        owner,
        applicationId: application._id,
        pipelineStatus,
        now: new Date(appliedAt.getTime() + (step + 1) * DAY_MS),
      });
    }
  }

  // The employer writes to the applicant in interview; they agree on a call.
  const inInterview = applied[0];
  if (inInterview) {
    const startedAt = new Date(nowMs - 4 * DAY_MS);
    const conversation = await startEmployerConversation({
      db,
      owner,
      applicationId: inInterview,
      now: startedAt,
    });
    await seedConversation(db, {
      owner,
      physicianId: physician.id,
      conversationId: conversation._id,
      startedAt,
      script: CONVERSATION,
      nowMs,
    });
  }

  // Two jobs to come back to: ones not applied to where there are any, else any open ones.
  const notApplied = openJobs.slice(OWN_APPLICATION_PATHS.length);
  const toSave = [...notApplied, ...openJobs].slice(0, 2);
  for (const [index, job] of toSave.entries()) {
    await saveJob({
      db,
      physicianId: physician.id,
      jobId: job.id,
      now: new Date(nowMs - (3 - index) * DAY_MS),
    });
  }

  await createJobAlert(db, physician.id, {
    name: physician.homeState ? `My specialty in ${physician.homeState}` : 'My specialty',
    criteria: {
      ...(physician.specialtyId ? { specialty: physician.specialtyId } : {}),
      ...(physician.homeState ? { state: physician.homeState } : {}),
    },
    channels: { push: true, email: true },
    frequency: 'instant',
  });
}
