import { type TJobFieldsInput, type TJobStatus, ZJobFields } from '@medhire/contract/jobs';
import type { Db } from '../db/index.ts';
import { findUserByEmail } from '../domain/auth/accounts-repository.ts';
import { createJob } from '../domain/jobs/create-job.ts';
import { updateJobStatus } from '../domain/jobs/update-job-status.ts';
import { DEMO_EMPLOYER_EMAIL } from './demo-employer.ts';

const DAY_MS = 24 * 60 * 60_000;

const AUSTIN = {
  city: 'Austin',
  state: 'TX',
  description: 'Austin, TX',
  coords: { latitude: 30.2672, longitude: -97.7431 },
};
const ROUND_ROCK = {
  city: 'Round Rock',
  state: 'TX',
  description: 'Round Rock, TX',
  coords: { latitude: 30.5083, longitude: -97.6789 },
};

/** The demo practice's postings, oldest first, with how many days ago each was posted. */
export const DEMO_JOBS: readonly { postedDaysAgo: number; status: TJobStatus; job: TJobFieldsInput }[] = [
  {
    postedDaysAgo: 41,
    status: 'closed',
    job: {
      title: 'Locum Tenens Family Physician – Parental Leave Coverage',
      specialty: 'family-medicine',
      employmentType: 'locum-tenens',
      reasonForJobOpp: 'leave-coverage',
      // Locum assignments are paid by the hour.
      salaryRange: { min: 160, max: 185, payType: 'hourly' },
      vacation: 0,
      callSchedule: 'No call',
      requiredTravel: 'No',
      additionalContext:
        'Twelve-week assignment covering a partner on parental leave at our Round Rock clinic. Established panel, 20–22 patients a day, full MA support.',
      halfDaysPerWeek: { outpatient: 9, administrative: 1 },
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'Yes',
      supportBenefitPerk: ['Malpractice insurance', 'State license and DEA fees paid'],
      partnership: { value: 'No' },
      locations: [ROUND_ROCK],
    },
  },
  {
    postedDaysAgo: 34,
    status: 'open',
    job: {
      title: 'Family Medicine Physician – Outpatient',
      specialty: 'family-medicine',
      subSpecialty: ['family-medicine--geriatric-medicine'],
      employmentType: 'full-time',
      reasonForJobOpp: 'increased-patient-volume',
      description: [
        '## The role',
        '',
        'Join **six family physicians** and four APPs caring for all ages, with a growing geriatric panel.',
        '',
        '## A typical week',
        '',
        '- Four and a half clinic days, one administrative half-day',
        '- 18–22 patients a day, 30-minute new-patient visits',
        '- Phone call 1 in 8 weekends; no hospital rounding',
        '',
        '## Why physicians stay',
        '',
        '- Dedicated MA and in-room scribe',
        '- Quality bonus on top of production',
        '',
        'Questions? Write to [recruiting@medhire.example](mailto:recruiting@medhire.example).',
      ].join('\n'),
      salaryRange: { min: 255_000, max: 295_000 },
      signOnBonus: 25_000,
      productiveBonus: 40_000,
      loanRepaymentAssistance: 50_000,
      vacation: 5,
      callSchedule: '1:14 phone call from home, no hospital rounding',
      requiredTravel: 'No',
      additionalContext:
        'Join fourteen physicians caring for patients of every age. Four-day clinical week, same-day slots protected, in-house lab and X-ray, and a nurse-led chronic-care team.',
      halfDaysPerWeek: { outpatient: 8, administrative: 1 },
      advancedTech: 'Yes',
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'Yes',
      supportBenefitPerk: [
        'Health insurance',
        'Dental insurance',
        'Malpractice insurance',
        'CME allowance',
        '401(k) / 403(b) with employer match',
        'Sign-on bonus',
        'Productivity (wRVU) bonus',
      ],
      partnership: { value: 'Yes', types: ['2 years', '$60,000 buy-in, financed over 3 years'] },
      academicResearchOpportunity: 'No',
      mentorship: 'Yes',
      speakerShip: 'No',
      globalMissions: 'No',
      locations: [AUSTIN, ROUND_ROCK],
    },
  },
  {
    postedDaysAgo: 27,
    status: 'open',
    job: {
      title: 'Primary Care Sports Medicine Physician',
      specialty: 'family-medicine',
      subSpecialty: ['family-medicine--sports-medicine'],
      employmentType: 'full-time',
      reasonForJobOpp: 'new-service-line',
      salaryRange: { min: 270_000, max: 320_000 },
      signOnBonus: 30_000,
      productiveBonus: 45_000,
      vacation: 5,
      callSchedule: 'Friday-night football sideline coverage in season; no hospital call',
      requiredTravel: 'Yes',
      additionalContext:
        'Build our new sports medicine service: musculoskeletal ultrasound on site, partnerships with three Round Rock ISD high schools and a physical therapy group next door.',
      halfDaysPerWeek: { outpatient: 6, procedural: 2, other: 1 },
      advancedTech: 'Yes',
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'No',
      supportBenefitPerk: ['Health insurance', 'Malpractice insurance', 'CME allowance', 'Sign-on bonus'],
      partnership: { value: 'Yes', types: ['3 years', '$75,000 buy-in'] },
      academicResearchOpportunity: 'No',
      mentorship: 'Yes',
      speakerShip: 'Yes',
      globalMissions: 'No',
      locations: [ROUND_ROCK],
    },
  },
  {
    postedDaysAgo: 19,
    status: 'open',
    job: {
      title: 'General Pediatrician',
      specialty: 'pediatrics',
      employmentType: 'full-time',
      reasonForJobOpp: 'growth-expansion',
      salaryRange: { min: 230_000, max: 265_000 },
      signOnBonus: 20_000,
      stipendTraining: 24_000,
      vacation: 5,
      callSchedule: 'Nurse triage line; physician back-up 1:8 weeknights',
      requiredTravel: 'No',
      additionalContext:
        'Our pediatric panel has doubled in three years. Newborn visits start in clinic (no nursery rounding). Residents graduating this year are welcome: a training stipend is paid from signing to start.',
      halfDaysPerWeek: { outpatient: 8, administrative: 1 },
      advancedTech: 'No',
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'Yes',
      supportBenefitPerk: [
        'Health insurance',
        'Paid parental leave',
        'Residency or fellowship stipend',
        'Board certification and MOC fees paid',
      ],
      partnership: { value: 'No' },
      academicResearchOpportunity: 'No',
      mentorship: 'Yes',
      speakerShip: 'No',
      globalMissions: 'No',
      locations: [AUSTIN],
    },
  },
  {
    postedDaysAgo: 9,
    status: 'open',
    job: {
      title: 'Psychiatrist – Integrated Behavioral Health (Part-time)',
      specialty: 'psychiatry',
      subSpecialty: ['psychiatry--child-and-adolescent-psychiatry'],
      employmentType: 'part-time',
      reasonForJobOpp: 'new-service-line',
      salaryRange: { min: 160_000, max: 190_000 },
      vacation: 4,
      callSchedule: 'No call',
      requiredTravel: 'No',
      additionalContext:
        'Three days a week embedded with our primary care teams: collaborative-care case reviews, consultations and short-term medication management. One day may be telepsychiatry.',
      halfDaysPerWeek: { outpatient: 5, administrative: 1 },
      advancedTech: 'Yes',
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'No',
      supportBenefitPerk: ['Malpractice insurance', 'CME allowance', 'Paid time off'],
      partnership: { value: 'No' },
      academicResearchOpportunity: 'Yes',
      mentorship: 'No',
      speakerShip: 'No',
      globalMissions: 'No',
      locations: [AUSTIN],
    },
  },
  {
    postedDaysAgo: 2,
    status: 'draft',
    job: {
      title: 'Internal Medicine Physician – Geriatrics Focus',
      specialty: 'internal-medicine',
      subSpecialty: ['internal-medicine--geriatric-medicine'],
      employmentType: 'full-time',
      reasonForJobOpp: 'retirement',
      salaryRange: { min: 260_000, max: 300_000 },
      signOnBonus: 15_000,
      vacation: 6,
      callSchedule: '1:10 phone call; monthly skilled nursing facility rounds',
      requiredTravel: 'Yes',
      additionalContext:
        'Take over the panel of a retiring partner: many Medicare Advantage patients, home-visit program and one skilled nursing facility.',
      halfDaysPerWeek: { outpatient: 7, inpatient: 1, administrative: 1 },
      advancedTech: 'No',
      electronicMedRecord: 'athenaOne',
      scribeSupport: 'Yes',
      supportBenefitPerk: ['Health insurance', 'Malpractice insurance', 'Malpractice tail coverage'],
      partnership: { value: 'Yes', types: ['2 years', '$60,000 buy-in'] },
      mentorship: 'Yes',
      locations: [AUSTIN],
    },
  },
];

/**
 * The demo employer's job postings across specialties (open, one draft and one closed locum
 * assignment), posted through the same domain function as the API, so they obey every rule a
 * real posting does. Same content on every seed; posting dates are relative to the seeding.
 */
export async function seedDemoJobs(db: Db, now = new Date()): Promise<void> {
  const employer = await findUserByEmail(db, DEMO_EMPLOYER_EMAIL);
  if (!employer?.organizationId) throw new Error('The demo employer must be seeded before its jobs.');
  const owner = { userId: employer.id, organizationId: employer.organizationId };
  for (const { postedDaysAgo, status, job } of DEMO_JOBS) {
    const created = await createJob({
      db,
      owner,
      // A posting is created open or as a draft; a closed one is closed after it ran.
      job: { ...ZJobFields.parse(job), status: status === 'draft' ? 'draft' : 'open' },
      createdAt: new Date(now.getTime() - postedDaysAgo * DAY_MS),
      // The demo's history is seeded before any alert exists and before the job queue is
      // created at start-up: there is no one to tell about these postings.
      isAnnouncedToAlerts: false,
    });
    // A closed posting ran for three weeks before it was closed.
    if (status === 'closed') {
      const closedAt = new Date(now.getTime() - Math.max(1, postedDaysAgo - 21) * DAY_MS);
      await updateJobStatus({ db, owner, jobId: created._id, status, now: closedAt });
    }
  }
}
