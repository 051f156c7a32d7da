import { type TJobFieldsInput, ZJobFields } from '@medhire/contract/jobs';
import type { TPipelineStatus } from '@medhire/contract/matches';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { applications, matches } from '../db/schema/hiring.ts';
import { jobs } from '../db/schema/jobs.ts';
import { updatePipelineStatus } from '../domain/applicants/update-pipeline-status.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { createJob } from '../domain/jobs/create-job.ts';
import type { JobOwner } from '../domain/jobs/job-owner.ts';
import { updateJobStatus } from '../domain/jobs/update-job-status.ts';
import { createMatch } from '../domain/matches/create-match.ts';
import { updateMatchStatus } from '../domain/matches/update-match-status.ts';
import { applyToJob } from '../domain/physicians/apply-to-job.ts';
import { respondToMatch } from '../domain/physicians/physician-matches.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';
import { seedConversation } from './demo-hiring.ts';
import { DEMO_JOBS } from './demo-jobs.ts';
import type { DemoPhysician } from './demo-physicians.ts';
import { DEMO_RECRUITER_EMAIL } from './demo-team.ts';
import { mulberry32 } from './physician-generator.ts';

/**
 * Months of finished hiring for the reports (/reports): three postings of the past half year,
 * worked by the owner or the recruiter, each filled by one hire and then closed. Made through
 * the product's own services with past times, so the funnel, time in stage, time to fill,
 * replies, invites and activity per member all have real history behind the open jobs' weeks.
 * Physicians the demo's other hiring touched are left out, so nothing else changes.
 */

const HISTORY_SEED = 7_2026;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

interface PastPosting {
  title: string;
  specialty: string;
  postedDaysAgo: number;
  /** Days from posting to the hire. */
  fillDays: number;
  workedBy: 'owner' | 'recruiter';
}

export const DEMO_PAST_POSTINGS: readonly PastPosting[] = [
  {
    title: 'Internal Medicine Physician – Hospital Medicine',
    specialty: 'internal-medicine',
    postedDaysAgo: 170,
    fillDays: 48,
    workedBy: 'recruiter',
  },
  {
    title: 'Pediatrician – Pflugerville Clinic',
    specialty: 'pediatrics',
    postedDaysAgo: 128,
    fillDays: 36,
    workedBy: 'owner',
  },
  {
    title: 'Outpatient Psychiatrist – Adult Clinic',
    specialty: 'psychiatry',
    postedDaysAgo: 96,
    fillDays: 57,
    workedBy: 'recruiter',
  },
];

/** What became of each applicant of a past posting, after the hire (the rest never moved). */
const OUTCOMES: readonly (readonly TPipelineStatus[])[] = [
  ['Shortlisted', 'Interview', 'Offer', 'Rejected'],
  ['Shortlisted', 'Interview', 'Rejected'],
  ['Shortlisted', 'Interview', 'Rejected'],
  ['Shortlisted', 'Rejected'],
  ['Shortlisted', 'Rejected'],
  ['Shortlisted', 'Rejected'],
  ['Rejected'],
  ['Rejected'],
  ['Rejected'],
  ['Rejected'],
];

const INVITE_OUTCOMES = ['accepted', 'declined', 'cancelled', 'declined'] as const;
/**
 * Where the history's invites were sent from, in turn from one posting to the next, so the
 * reports' sources show candidates invited from recommended, from explore and from elsewhere.
 */
const INVITE_ORIGINS_IN_TURN = ['recommended', 'explore', undefined] as const;

/** An accepted invite's first messages: [who, text, minutes after the acceptance]. */
const HISTORY_CONVERSATIONS: readonly (readonly (readonly ['physician' | 'employer', string, number])[])[] = [
  [
    ['physician', 'Thanks for the invite. What does a typical week on service look like?', 15],
    ['employer', 'Seven on, seven off, twelve-hour days, with a nocturnist team covering nights.', 55],
    ['physician', 'That works for me. Is there a sign-on bonus?', 600],
    ['employer', 'Yes, a sign-on bonus paid over the first year. I will send the details.', 1_930],
  ],
  [
    ['physician', 'I accepted your invite. Could we talk about the clinic schedule?', 25],
    ['employer', 'Of course: four clinic days and one administrative day. Would Tuesday suit you?', 210],
    ['physician', 'Tuesday afternoon is perfect.', 260],
    ['employer', 'Booked for 2 pm. Our medical director will join.', 290],
  ],
  [
    ['physician', 'Happy to learn more about the role. Is telepsychiatry part of it?', 40],
    ['employer', 'About a fifth of visits are by video, from home or the clinic as you prefer.', 1_500],
    ['physician', 'Good to know, thank you. I would like to visit.', 1_620],
    ['employer', 'Wonderful. I will send you dates for a site visit this week.', 1_700],
  ],
];

export async function seedDemoReportHistory(
  db: Db,
  { physicians, now = new Date() }: { physicians: readonly DemoPhysician[]; now?: Date },
): Promise<void> {
  const random = mulberry32(HISTORY_SEED);
  const between = (from: number, to: number) => from + random() * Math.max(0, to - from);
  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };

  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  const recruiter = await findUserByEmail(db, DEMO_RECRUITER_EMAIL);
  if (!employer?.organizationId || !recruiter)
    throw new Error('The demo team must be seeded before its history.');
  const organizationId = employer.organizationId;
  const members: Record<PastPosting['workedBy'], JobOwner> = {
    owner: { userId: employer.id, organizationId },
    recruiter: { userId: recruiter.id, organizationId },
  };

  // Physicians the demo already put in front of this organisation stay as they are.
  const touched = new Set([
    ...(
      await db
        .select({ id: applications.physicianId })
        .from(applications)
        .where(eq(applications.organizationId, organizationId))
    ).map((row) => row.id),
    ...(
      await db
        .select({ id: matches.physicianId })
        .from(matches)
        .where(eq(matches.organizationId, organizationId))
    ).map((row) => row.id),
  ]);

  const nowMs = now.getTime();
  for (const [postingIndex, posting] of DEMO_PAST_POSTINGS.entries()) {
    const template = DEMO_JOBS.find((demo) => demo.job.specialty === posting.specialty);
    if (!template) throw new Error(`No demo job of ${posting.specialty} to model a past posting on.`);
    const postedMs = nowMs - posting.postedDaysAgo * DAY_MS;
    const hiredMs = postedMs + posting.fillDays * DAY_MS;
    const closedMs = hiredMs + DAY_MS;
    const member = members[posting.workedBy];
    const job = await createJob({
      db,
      owner: member,
      job: {
        ...ZJobFields.parse({ ...template.job, title: posting.title } satisfies TJobFieldsInput),
        status: 'open',
      },
      createdAt: new Date(postedMs),
      isAnnouncedToAlerts: false,
    });
    await db.update(jobs).set({ assigneeUserId: member.userId }).where(eq(jobs.id, job._id));

    const pool = shuffled(
      physicians.filter(
        (physician) =>
          physician.specialtyId === posting.specialty &&
          physician.createdAt.getTime() < postedMs - DAY_MS &&
          !touched.has(physician.physicianId),
      ),
    );
    const applicantCount = Math.min(pool.length - INVITE_OUTCOMES.length, 14 + Math.floor(random() * 9));
    const applicants = pool
      .slice(0, applicantCount)
      .map((physician) => ({ physician, at: between(postedMs + HOUR_MS, postedMs + 40 * DAY_MS) }))
      .sort((left, right) => left.at - right.at);
    for (const { physician } of applicants) touched.add(physician.physicianId);

    for (const [index, { physician, at }] of applicants.entries()) {
      // The second applicant is the one hired; the hire lands on the posting's fill day.
      const isHire = index === 1;
      const appliedAt = isHire ? Math.min(at, hiredMs - 10 * DAY_MS) : at;
      const application = await applyToJob({
        db,
        physicianId: physician.physicianId,
        jobId: job._id,
        now: new Date(appliedAt),
      });
      const path: readonly TPipelineStatus[] = isHire
        ? ['Shortlisted', 'Interview', 'Offer', 'Hired']
        : (OUTCOMES[index - 2] ?? []);
      let stepMs = appliedAt;
      for (const [step, pipelineStatus] of path.entries()) {
        stepMs = isHire
          ? appliedAt + ((hiredMs - appliedAt) * (step + 1)) / path.length
          : Math.min(closedMs - HOUR_MS, stepMs + between(6 * HOUR_MS, 7 * DAY_MS));
        await updatePipelineStatus({
          db,
          owner: member,
          applicationId: application._id,
          pipelineStatus,
          now: new Date(stepMs),
        });
      }
    }

    const invited = pool.slice(applicantCount, applicantCount + INVITE_OUTCOMES.length);
    for (const [index, physician] of invited.entries()) {
      touched.add(physician.physicianId);
      const sentMs = between(postedMs + 3 * DAY_MS, postedMs + 20 * DAY_MS);
      const match = await createMatch({
        db,
        owner: member,
        jobId: job._id,
        applicantId: physician.physicianId,
        message: 'We think you would be a strong fit for this role and would be glad to tell you more.',
        origin: INVITE_ORIGINS_IN_TURN[(postingIndex + index) % INVITE_ORIGINS_IN_TURN.length],
        now: new Date(sentMs),
      });
      const outcome = INVITE_OUTCOMES[index] ?? 'declined';
      const answeredAt = new Date(between(sentMs + 2 * HOUR_MS, sentMs + 2 * DAY_MS));
      if (outcome === 'cancelled') {
        await updateMatchStatus({
          db,
          owner: member,
          matchId: match._id,
          status: 'cancelled',
          now: answeredAt,
        });
        continue;
      }
      const answer = await respondToMatch({
        db,
        physicianId: physician.physicianId,
        matchId: match._id,
        status: outcome,
        now: answeredAt,
      });
      if (answer.conversationId) {
        await seedConversation(db, {
          owner: member,
          physicianId: physician.physicianId,
          conversationId: answer.conversationId,
          startedAt: answeredAt,
          script: HISTORY_CONVERSATIONS[postingIndex % HISTORY_CONVERSATIONS.length] ?? [],
          nowMs,
        });
      }
    }

    await updateJobStatus({ db, owner: member, jobId: job._id, status: 'closed', now: new Date(closedMs) });
  }
}
