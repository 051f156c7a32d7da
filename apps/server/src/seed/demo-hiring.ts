import type { TPipelineStatus } from '@medhire/contract/matches';
import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { users } from '../db/schema/accounts.ts';
import { matches } from '../db/schema/hiring.ts';
import { jobs } from '../db/schema/jobs.ts';
import { physicians as physicianRows } from '../db/schema/physicians.ts';
import { saveApplicant } from '../domain/applicants/save-applicant.ts';
import { updatePipelineStatus } from '../domain/applicants/update-pipeline-status.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { getEmployerConversation } from '../domain/conversations/get-employer-conversation.ts';
import { sendEmployerMessage } from '../domain/conversations/send-employer-message.ts';
import { sendPhysicianMessage } from '../domain/conversations/send-physician-message.ts';
import type { JobOwner } from '../domain/jobs/job-owner.ts';
import { createMatch } from '../domain/matches/create-match.ts';
import { updateMatchStatus } from '../domain/matches/update-match-status.ts';
import { markConversationNotificationsRead } from '../domain/notifications/mark-notifications-read.ts';
import { applyToJob } from '../domain/physicians/apply-to-job.ts';
import { respondToMatch } from '../domain/physicians/physician-matches.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';
import type { DemoPhysician } from './demo-physicians.ts';
import { DEMO_PHYSICIAN_EMAIL_DOMAIN, mulberry32 } from './physician-generator.ts';

/**
 * Hiring activity on the demo employer's open jobs, made through the product's own domain
 * functions so every row, timeline event and notification is what real use would leave: physicians
 * of each job's specialty apply over the weeks since it was posted, the employer moves some of them
 * through the pipeline (one hired), saves about ten, and sends invites that are pending, accepted,
 * declined and cancelled. A few strong candidates for the first open job are left untouched, so
 * its recommendations have people to save and invite. Deterministic for a given `now`.
 */

const HIRING_SEED = 5_2026;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The first messages after an accepted invite: the physician thanks, the practice replies, the
 * physician answers (left unread, so the demo has a conversation waiting for the employer).
 * Each entry is [who, text, minutes after the acceptance].
 */
const DEMO_CONVERSATIONS: readonly (readonly (readonly ['physician' | 'employer', string, number])[])[] = [
  [
    ['physician', 'Thank you for the invite! The role looks like a great fit. When could we talk?', 12],
    ['employer', 'Glad to hear it. Would Thursday at 4 pm work for a call with our medical director?', 150],
    ['physician', 'Thursday at 4 works. Should I send my CV and references before then?', 190],
  ],
  [
    [
      'physician',
      'Thanks for reaching out. Is relocation support available for a move from out of state?',
      45,
    ],
    ['employer', 'Yes: a relocation stipend and two months of temporary housing near the clinic.', 200],
  ],
  [
    ['physician', 'I accepted your invite. Could you tell me more about the call schedule?', 20],
    ['employer', 'Call is one weekday in six and one weekend a month, shared across the group.', 95],
    ['physician', 'Thank you, that is manageable. I would like to visit the clinic.', 260],
  ],
  [
    ['physician', 'Happy to learn more. Is the schedule four or five clinic days a week?', 30],
    ['employer', 'Four and a half: eight half-days in clinic and one administrative half-day.', 240],
    ['physician', 'That sounds good. Could you share the details of the loan repayment assistance?', 300],
  ],
];
/** Strong candidates of the first open job that no activity touches. */
const UNTOUCHED_STRONG_FITS = 12;
/** Physicians the employer saves. */
const SAVED_COUNT = 10;

const COVER_LETTERS = [
  'I would welcome the chance to join your practice. I am drawn to your team-based model and would be glad to talk about the role.',
  'My family is relocating to Central Texas this year, and your opening matches both my training and the kind of practice I want to build.',
  'I have followed your group for some time and would be excited to bring my clinical experience and a strong interest in continuity of care.',
  'I am completing my training this year and am looking for a practice with mentorship and room to grow. Your posting stood out.',
  'I enjoy outpatient medicine with a broad panel and would value the protected time your schedule describes.',
];

const INVITE_MESSAGES = [
  'Your profile looks like a great fit for this role. We would love to tell you more about our team.',
  'We are growing our Austin-area practice and think you would be a strong addition. Interested in a conversation?',
  'Hello! We saw your interest in Texas and would be glad to invite you to apply for this position.',
];

/** The path an application takes through the pipeline to reach each final stage. */
const PIPELINE_PATHS: Readonly<Record<TPipelineStatus, readonly TPipelineStatus[]>> = {
  Submitted: [],
  Shortlisted: ['Shortlisted'],
  Interview: ['Shortlisted', 'Interview'],
  Offer: ['Shortlisted', 'Interview', 'Offer'],
  Hired: ['Shortlisted', 'Interview', 'Offer', 'Hired'],
  Rejected: ['Rejected'],
};

/** Share of a job's applications that end in each stage; the rest stay Submitted. */
const STAGE_SHARES: readonly (readonly [TPipelineStatus, number])[] = [
  ['Shortlisted', 0.2],
  ['Interview', 0.12],
  ['Offer', 0.06],
  ['Rejected', 0.2],
];

/** The invites sent for each open job, oldest job first; every status appears across jobs. */
/**
 * Where the demo's invites were sent from, in turn, so the last 90 days' report shows candidates
 * invited from recommended, from explore and from elsewhere (no origin recorded).
 */
const INVITE_ORIGINS_IN_TURN = ['recommended', 'explore', undefined] as const;

const INVITES_PER_JOB: readonly (readonly ('pending' | 'accepted' | 'declined' | 'cancelled')[])[] = [
  ['accepted', 'declined', 'cancelled', 'pending', 'pending', 'pending'],
  ['accepted', 'pending', 'declined'],
  ['pending', 'cancelled', 'declined', 'accepted'],
  ['pending', 'accepted'],
];

export interface DemoHiringResult {
  applications: number;
  matches: number;
}

export interface SeedDemoHiringOptions {
  physicians: readonly DemoPhysician[];
  now?: Date;
}

interface OpenJob {
  id: string;
  specialtyId: string;
  createdAt: Date;
}

export async function seedDemoHiring(
  db: Db,
  { physicians, now = new Date() }: SeedDemoHiringOptions,
): Promise<DemoHiringResult> {
  const random = mulberry32(HIRING_SEED);
  const between = (from: number, to: number) => new Date(from + random() * Math.max(0, to - from));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const shuffled = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index -= 1) {
      const other = Math.floor(random() * (index + 1));
      [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
    }
    return copy;
  };

  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  if (!employer?.organizationId) throw new Error('The demo employer must be seeded before its hiring.');
  const owner: JobOwner = { userId: employer.id, organizationId: employer.organizationId };
  const openJobs: OpenJob[] = await db
    .select({ id: jobs.id, specialtyId: jobs.specialtyId, createdAt: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.organizationId, employer.organizationId), eq(jobs.status, 'open')))
    .orderBy(asc(jobs.createdAt));

  const nowMs = now.getTime();
  const linkedToTexas = (physician: DemoPhysician) =>
    physician.homeState === 'TX' || physician.statesOfInterest.includes('TX');
  const untouched = new Set(
    openJobs[0] ? strongFits(physicians, openJobs[0].specialtyId, now).slice(0, UNTOUCHED_STRONG_FITS) : [],
  );
  const touched = new Map<string, Set<DemoPhysician>>();
  const touch = (jobId: string, physician: DemoPhysician) => {
    const set = touched.get(jobId) ?? new Set();
    set.add(physician);
    touched.set(jobId, set);
  };
  const applied: { physician: DemoPhysician; applicationId: string; stage: TPipelineStatus; at: Date }[] = [];
  let applicationCount = 0;

  for (const [jobIndex, job] of openJobs.entries()) {
    const postedMs = job.createdAt.getTime();
    const pool = physicians.filter(
      (physician) =>
        physician.specialtyId === job.specialtyId &&
        !untouched.has(physician) &&
        physician.createdAt.getTime() < nowMs - 2 * DAY_MS,
    );
    const texans = shuffled(pool.filter(linkedToTexas));
    const others = shuffled(pool.filter((physician) => !linkedToTexas(physician)));
    const wanted = 15 + Math.floor(random() * 26);
    const fromTexas = Math.min(texans.length, Math.round(wanted * 0.7));
    const applicants = [...texans.slice(0, fromTexas), ...others.slice(0, wanted - fromTexas)]
      .map((physician) => ({
        physician,
        at: between(Math.max(postedMs, physician.createdAt.getTime()) + HOUR_MS, nowMs - HOUR_MS),
      }))
      .sort((a, b) => a.at.getTime() - b.at.getTime());

    const stages = stagesFor(applicants.length, jobIndex === 0, shuffled);
    for (const [index, { physician, at }] of applicants.entries()) {
      const application = await applyToJob({
        db,
        physicianId: physician.physicianId,
        jobId: job.id,
        coverLetter: random() < 0.45 ? pick(COVER_LETTERS) : undefined,
        now: at,
      });
      touch(job.id, physician);
      applicationCount += 1;
      applied.push({ physician, applicationId: application._id, stage: stages[index] ?? 'Submitted', at });
    }
  }

  // The employer works through the applications, each step some time after the one before.
  for (const { applicationId, stage, at } of applied) {
    let stepMs = at.getTime();
    for (const pipelineStatus of PIPELINE_PATHS[stage]) {
      const left = nowMs - stepMs;
      stepMs = between(stepMs + Math.min(HOUR_MS, left / 4), stepMs + left / 2).getTime();
      await updatePipelineStatus({ db, owner, applicationId, pipelineStatus, now: new Date(stepMs) });
    }
  }

  let matchCount = 0;
  let conversationCount = 0;
  for (const [jobIndex, job] of openJobs.entries()) {
    const statuses = INVITES_PER_JOB[jobIndex % INVITES_PER_JOB.length] ?? [];
    const invited = shuffled(
      physicians.filter(
        (physician) =>
          physician.specialtyId === job.specialtyId &&
          physician.isDiscoverable &&
          linkedToTexas(physician) &&
          !untouched.has(physician) &&
          !touched.get(job.id)?.has(physician),
      ),
    ).slice(0, statuses.length);
    for (const [index, physician] of invited.entries()) {
      const status = statuses[index] ?? 'pending';
      const sentMs = between(
        Math.max(job.createdAt.getTime(), nowMs - 21 * DAY_MS),
        nowMs - 2 * DAY_MS,
      ).getTime();
      const match = await createMatch({
        db,
        owner,
        jobId: job.id,
        applicantId: physician.physicianId,
        message: pick(INVITE_MESSAGES),
        origin: INVITE_ORIGINS_IN_TURN[(jobIndex + index) % INVITE_ORIGINS_IN_TURN.length],
        now: new Date(sentMs),
      });
      touch(job.id, physician);
      matchCount += 1;
      const answeredAt = between(sentMs + HOUR_MS, nowMs - HOUR_MS);
      if (status === 'accepted' || status === 'declined') {
        const answer = await respondToMatch({
          db,
          physicianId: physician.physicianId,
          matchId: match._id,
          status,
          now: answeredAt,
        });
        if (answer.conversationId) {
          conversationCount += 1;
          await seedConversation(db, {
            owner,
            physicianId: physician.physicianId,
            conversationId: answer.conversationId,
            startedAt: answeredAt,
            script: DEMO_CONVERSATIONS[conversationCount % DEMO_CONVERSATIONS.length] ?? [],
            nowMs,
          });
        }
      } else if (status === 'cancelled') {
        await updateMatchStatus({ db, owner, matchId: match._id, status, now: answeredAt });
      }
    }
  }

  // Saved: some promising applicants and a few physicians found while browsing.
  const promising = applied.filter(({ stage }) => stage === 'Shortlisted' || stage === 'Interview');
  const browsed = physicians.filter(
    (physician) =>
      physician.isDiscoverable &&
      linkedToTexas(physician) &&
      !untouched.has(physician) &&
      openJobs.some(
        (job) => job.specialtyId === physician.specialtyId && !touched.get(job.id)?.has(physician),
      ),
  );
  const toSave = [
    ...shuffled(promising)
      .slice(0, SAVED_COUNT - 4)
      .map(({ physician }) => physician),
    ...shuffled(browsed).slice(0, 4),
  ];
  for (const physician of new Set(toSave)) {
    await saveApplicant({
      db,
      owner,
      applicantId: physician.physicianId,
      now: between(nowMs - 14 * DAY_MS, nowMs - HOUR_MS),
    });
  }

  return { applications: applicationCount, matches: matchCount };
}

/**
 * Final stages for a job's applications in shuffled order: the STAGE_SHARES (each at least once)
 * and, for the first job, one hire; the rest Submitted.
 */
function stagesFor(
  count: number,
  withHire: boolean,
  shuffled: <T>(items: readonly T[]) => T[],
): TPipelineStatus[] {
  const stages: TPipelineStatus[] = withHire ? ['Hired'] : [];
  for (const [stage, share] of STAGE_SHARES) {
    for (let index = 0; index < Math.max(1, Math.round(count * share)); index += 1) stages.push(stage);
  }
  while (stages.length < count) stages.push('Submitted');
  return shuffled(stages.slice(0, count));
}

/**
 * Physicians a recommendation for a job of this specialty near Austin should rank high: board
 * certified, experienced, discoverable, living in or wanting Texas, free to start within a year;
 * Texans first.
 */
function strongFits(physicians: readonly DemoPhysician[], specialtyId: string, now: Date): DemoPhysician[] {
  return physicians
    .filter(
      (physician) =>
        physician.specialtyId === specialtyId &&
        physician.boardStatus === 'board-certified' &&
        physician.isDiscoverable &&
        physician.yearsOfExperience >= 3 &&
        physician.yearAvailable <= now.getUTCFullYear() + 1 &&
        (physician.homeState === 'TX' || physician.statesOfInterest.includes('TX')),
    )
    .sort((a, b) => Number(b.homeState === 'TX') - Number(a.homeState === 'TX') || a.index - b.index);
}

/**
 * The e-mail of a demo physician with a pending invite from the demo employer (the oldest one),
 * for the start-up banner: signing in as them shows an invite to accept.
 */
export async function findDemoPhysicianLogin(db: Db): Promise<string | undefined> {
  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  if (!employer?.organizationId) return undefined;
  const [found] = await db
    .select({ email: users.email })
    .from(matches)
    .innerJoin(physicianRows, eq(physicianRows.id, matches.physicianId))
    .innerJoin(users, eq(users.id, physicianRows.userId))
    .where(
      and(
        eq(matches.organizationId, employer.organizationId),
        eq(matches.status, 'pending'),
        like(users.email, `%@${DEMO_PHYSICIAN_EMAIL_DOMAIN}`),
      ),
    )
    .orderBy(asc(matches.createdAt))
    .limit(1);
  return found?.email;
}

/**
 * Writes the first messages of an accepted invite's conversation, through the messaging services.
 * Before each reply the employer opens the conversation, as the messages screen does (its unread
 * count and its message notifications become read), so no conversation shows the employer's own
 * reply as its last message with an unread badge beside it.
 */
export async function seedConversation(
  db: Db,
  options: {
    owner: JobOwner;
    physicianId: string;
    conversationId: string;
    startedAt: Date;
    script: readonly (readonly ['physician' | 'employer', string, number])[];
    nowMs: number;
  },
): Promise<void> {
  for (const [index, [sender, body, minutes]] of options.script.entries()) {
    const sentMs = options.startedAt.getTime() + minutes * 60_000;
    // Nothing is written in the future of the demo's "now".
    if (sentMs >= options.nowMs) return;
    const message = {
      db,
      conversationId: options.conversationId,
      body,
      tempMsgId: `demo-${index}`,
      now: new Date(sentMs),
    };
    if (sender === 'physician') await sendPhysicianMessage({ ...message, physicianId: options.physicianId });
    else {
      const { owner, conversationId } = options;
      await getEmployerConversation({ db, owner, conversationId });
      await markConversationNotificationsRead({
        db,
        owner,
        conversationId,
        now: message.now,
      });
      await sendEmployerMessage({ ...message, owner });
    }
  }
}
