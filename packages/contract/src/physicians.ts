import { z } from 'zod';
import { ZPlace } from './account.ts';
import { ZEmail, ZNewPassword, ZPresentedPassword } from './auth.ts';
import { ZMessage } from './conversations.ts';
import { ZEnumId, ZQueryText } from './enums.ts';
import { ZPageQuery } from './envelope.ts';
import { ZJobSearchCriteria, ZJobSearchSort } from './job-search.ts';
import { ZJob } from './jobs.ts';
import { type TPipelineStatus, ZMatchStatus } from './matches.ts';
import { ZNpiNumber, ZOrganization } from './organization.ts';

/**
 * The physician (candidate) side of the API, under /api/employee (ARCHITECTURE.md). Physicians
 * are accounts of their own kind: an employer token is refused here and a physician token on
 * the employer routes.
 */

export const PHYSICIAN_LIMITS = {
  nameMax: 100,
  subSpecialtiesMax: 10,
  statesOfInterestMax: 56,
  citiesOfInterestMax: 20,
  yearsOfExperienceMax: 60,
  coverLetterMax: 5000,
  /** CV upload limit (PDF). */
  cvMaxBytes: 10 * 1024 * 1024,
  trainingMax: 10,
  licensesMax: 60,
  programMax: 200,
  licenseNumberMax: 40,
} as const;

const name = (label: string) =>
  z
    .string({ error: `Enter your ${label}.` })
    .trim()
    .min(1, `Enter your ${label}.`)
    .max(PHYSICIAN_LIMITS.nameMax, `Use at most ${PHYSICIAN_LIMITS.nameMax} characters for your ${label}.`);

const ZStateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Give the state as its two-letter code, e.g. TX.');

const trainingYear = (label: string) =>
  z
    .number({ error: `Enter the ${label} year.` })
    .int(`Give the ${label} year as a whole number.`)
    .min(1950, `The ${label} year is out of range.`)
    .max(2100, `The ${label} year is out of range.`);

const trainingText = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(
      PHYSICIAN_LIMITS.programMax,
      `Use at most ${PHYSICIAN_LIMITS.programMax} characters for the ${label}.`,
    );

export const TRAINING_KINDS = ['residency', 'fellowship'] as const;

/** One residency or fellowship. The end year is left out while the training goes on. */
export const ZTraining = z
  .object({
    kind: z.enum(TRAINING_KINDS, { error: 'Choose residency or fellowship.' }),
    program: trainingText('program'),
    institution: trainingText('institution'),
    /** Id from `specialties`. */
    specialty: ZEnumId,
    startYear: trainingYear('start'),
    endYear: trainingYear('end').nullable().optional(),
  })
  .refine((training) => training.endYear == null || training.endYear >= training.startYear, {
    message: 'The end year cannot be before the start year.',
    path: ['endYear'],
  });
export type TTraining = z.infer<typeof ZTraining>;

/** A state medical license as the physician enters it (`add-license`, `update-license`). */
export const ZLicenseBody = z.object({
  state: ZStateCode,
  number: z
    .string({ error: 'Enter the license number.' })
    .trim()
    .min(1, 'Enter the license number.')
    .max(PHYSICIAN_LIMITS.licenseNumberMax, 'The license number is too long.'),
  /** The day the license expires, YYYY-MM-DD. */
  expiresOn: z.iso.date({ error: 'Give the expiry date as YYYY-MM-DD.' }),
});
export type TLicenseBody = z.infer<typeof ZLicenseBody>;

export const ZLicense = z.object({
  _id: z.string(),
  state: z.string(),
  number: z.string(),
  expiresOn: z.string(),
  /** The expiry date is past: the physician sees the license as expired. */
  isExpired: z.boolean(),
});
export type TLicense = z.infer<typeof ZLicense>;

export const ZLicenseIdParams = z.object({ licenseId: z.string().min(1).max(100) });

/** How far the profile is filled in, and what is left, in the physician's words. */
export const ZProfileCompleteness = z.object({
  percent: z.number().int().min(0).max(100),
  missing: z.array(z.string()),
});
export type TProfileCompleteness = z.infer<typeof ZProfileCompleteness>;

/** `POST /api/employee/auth/register`: a physician account, signed in at once. */
export const ZPhysicianRegisterBody = z.object({
  email: ZEmail,
  password: ZNewPassword,
  firstName: name('first name'),
  lastName: name('last name'),
});
export type TPhysicianRegisterBody = z.infer<typeof ZPhysicianRegisterBody>;

/** `POST /api/employee/auth/login`. */
export const ZPhysicianLoginBody = z.object({
  email: ZEmail,
  password: ZPresentedPassword,
});
export type TPhysicianLoginBody = z.infer<typeof ZPhysicianLoginBody>;

/**
 * `PATCH /api/employee/profile/update-profile`: every field optional, a present field replaces
 * the stored one. Reference ids (specialty, sub-specialties, board status, employment types) are
 * checked by the server against the reference data.
 */
export const ZPhysicianProfileBody = z.object({
  firstName: name('first name').optional(),
  lastName: name('last name').optional(),
  /** URL of a photo uploaded through /api/uploader/upload-single-image. */
  photo: z.string().trim().max(2000).nullable().optional(),
  /** Checked by its check digit (Luhn over the 80840 prefix), like an organisation's NPI. */
  npiNumber: ZNpiNumber.optional(),
  specialty: ZEnumId.optional(),
  subSpecialty: z.array(ZEnumId).max(PHYSICIAN_LIMITS.subSpecialtiesMax).optional(),
  boardStatus: ZEnumId.optional(),
  yearsOfExperience: z
    .number()
    .int('Give the years of experience as a whole number.')
    .min(0, 'Years of experience cannot be negative.')
    .max(PHYSICIAN_LIMITS.yearsOfExperienceMax, 'Years of experience must be at most 60.')
    .optional(),
  yearAvailableToStart: z
    .number()
    .int('Give the start year as a whole number.')
    .min(2000, 'The start year is out of range.')
    .max(2100, 'The start year is out of range.')
    .optional(),
  /** Where the physician lives; the state is read from the place. */
  homeLocation: ZPlace.extend({ state: ZStateCode }).optional(),
  statesOfInterest: z.array(ZStateCode).max(PHYSICIAN_LIMITS.statesOfInterestMax).optional(),
  citiesOfInterest: z.array(ZPlace).max(PHYSICIAN_LIMITS.citiesOfInterestMax).optional(),
  employmentTypes: z.array(ZEnumId).max(20).optional(),
  needsVisa: z.boolean().optional(),
  /** Whether employers may find the physician in /explore and recommendations. */
  isDiscoverable: z.boolean().optional(),
  /** Residency and fellowships; the list replaces the stored one. */
  training: z
    .array(ZTraining)
    .max(PHYSICIAN_LIMITS.trainingMax, `List at most ${PHYSICIAN_LIMITS.trainingMax} programs.`)
    .optional(),
});
export type TPhysicianProfileBody = z.infer<typeof ZPhysicianProfileBody>;

/** The physician's own profile. `isComplete` once specialty, board status and home are known. */
export const ZPhysicianProfile = z.object({
  _id: z.string(),
  userId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photo: z.string().nullable(),
  npiNumber: z.string().nullable(),
  specialty: z.string().nullable(),
  subSpecialty: z.array(z.string()),
  boardStatus: z.string().nullable(),
  yearsOfExperience: z.number().int().nullable(),
  yearAvailableToStart: z.number().int().nullable(),
  homeLocation: ZPlace.extend({ state: z.string() }).nullable(),
  statesOfInterest: z.array(z.string()),
  citiesOfInterest: z.array(ZPlace),
  employmentTypes: z.array(z.string()),
  needsVisa: z.boolean(),
  isDiscoverable: z.boolean(),
  cvUrl: z.string().nullable(),
  isComplete: z.boolean(),
  training: z.array(ZTraining),
  licenses: z.array(ZLicense),
  completeness: ZProfileCompleteness,
});
export type TPhysicianProfile = z.infer<typeof ZPhysicianProfile>;

/** A physician's session: the token and the profile. */
export const ZPhysicianSession = z.object({ token: z.string(), physician: ZPhysicianProfile });
export type TPhysicianSession = z.infer<typeof ZPhysicianSession>;

/**
 * `GET /api/employee/job/get-all-jobs`: open jobs of every organisation, searched by the job
 * search criteria (the same shape a job alert stores), title text, sort and page.
 */
export const ZPhysicianJobsQuery = ZPageQuery.extend({
  ...ZJobSearchCriteria.shape,
  queryText: ZQueryText,
  sort: ZJobSearchSort.default('newest'),
}).superRefine((query, context) => {
  // The criteria's own rules (a centre is both coordinates or neither) apply unchanged.
  for (const issue of ZJobSearchCriteria.safeParse(query).error?.issues ?? []) {
    context.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  }
});
export type TPhysicianJobsQuery = z.infer<typeof ZPhysicianJobsQuery>;

/** An open job as a physician sees it: the posting, who posts it, and what the physician did with it. */
export const ZPhysicianJob = ZJob.omit({
  applicantCount: true,
  matchCount: true,
  inviteCounts: true,
  assignee: true,
}).extend({
  organization: z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable() }),
  hasApplied: z.boolean(),
  isSaved: z.boolean(),
  /** Great-circle miles to the job's nearest location, when the search gave a centre. */
  distanceMiles: z.number().optional(),
});
export type TPhysicianJob = z.infer<typeof ZPhysicianJob>;

export const ZPhysicianJobList = z.object({
  jobs: z.array(ZPhysicianJob),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TPhysicianJobList = z.infer<typeof ZPhysicianJobList>;

/** `POST /api/employee/job/apply/{jobId}`. */
export const ZApplyBody = z.object({
  coverLetter: z
    .string()
    .trim()
    .max(PHYSICIAN_LIMITS.coverLetterMax, 'Keep the cover letter under 5,000 characters.')
    .optional(),
});
export type TApplyBody = z.infer<typeof ZApplyBody>;

/**
 * Where an application stands, in the physician's words. The employer's internal stages
 * (shortlisted, rejected ...) never reach the physician: toCandidateStatus translates them.
 */
export const CANDIDATE_STATUSES = [
  'submitted',
  'in_review',
  'interview',
  'offer',
  'hired',
  'not_selected',
  'withdrawn',
] as const;
export const ZCandidateStatus = z.enum(CANDIDATE_STATUSES);
export type TCandidateStatus = z.infer<typeof ZCandidateStatus>;

export const CANDIDATE_STATUS_LABELS: Readonly<Record<TCandidateStatus, string>> = {
  submitted: 'Submitted',
  in_review: 'In review',
  interview: 'Interview',
  offer: 'Offer',
  hired: 'Hired',
  not_selected: 'Not selected',
  withdrawn: 'Withdrawn',
};

const CANDIDATE_STATUS_OF_STAGE: Readonly<Record<TPipelineStatus, TCandidateStatus>> = {
  Submitted: 'submitted',
  // Being shortlisted is the employer's private judgement; the physician sees their file read.
  Shortlisted: 'in_review',
  Interview: 'interview',
  Offer: 'offer',
  Hired: 'hired',
  Rejected: 'not_selected',
};

/** The physician's word for an application: withdrawn wins over whatever stage it was in. */
export function toCandidateStatus(application: {
  pipelineStatus: TPipelineStatus;
  isWithdrawn: boolean;
}): TCandidateStatus {
  return application.isWithdrawn ? 'withdrawn' : CANDIDATE_STATUS_OF_STAGE[application.pipelineStatus];
}

export const ZPhysicianApplication = z.object({
  _id: z.string(),
  jobId: z.string(),
  jobTitle: z.string(),
  organizationName: z.string(),
  appliedAt: z.string(),
  status: ZCandidateStatus,
  /** The status as the physician reads it ("In review"). */
  statusLabel: z.string(),
  withdrawnAt: z.string().nullable(),
});
export type TPhysicianApplication = z.infer<typeof ZPhysicianApplication>;

/** An invite as the physician sees it. */
export const ZPhysicianMatch = z.object({
  _id: z.string(),
  status: ZMatchStatus,
  job: z.object({ _id: z.string(), title: z.string() }),
  organization: z.object({ _id: z.string(), name: z.string() }),
  message: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
  conversationId: z.string().nullable(),
});
export type TPhysicianMatch = z.infer<typeof ZPhysicianMatch>;

/** `PATCH /api/employee/match/respond/{matchId}`: the physician accepts or declines a pending invite. */
export const ZRespondToMatchBody = z.object({
  status: z.enum(['accepted', 'declined'], { error: 'Answer with accepted or declined.' }),
});
export type TRespondToMatchBody = z.infer<typeof ZRespondToMatchBody>;

/** Messages of the physician side, shared by server and tests. */
export const PHYSICIAN_MESSAGES = {
  physicianOnEmployerRoute: 'This is a physician account. Sign in with an employer account.',
  employerOnPhysicianRoute: 'This is an employer account. Sign in with a physician account.',
  emailTaken: 'An account with this e-mail already exists. Sign in, or recover your password.',
  jobNotOpen: 'This job is no longer taking applications.',
  profileIncomplete:
    'Complete your profile before applying: specialty, board status, experience, start year and home.',
  alreadyApplied: 'You already applied to this job.',
  unknownSpecialty: 'That specialty does not exist.',
  subSpecialtyOutsideSpecialty: 'That sub-specialty is not part of your specialty.',
  subSpecialtyWithoutSpecialty: 'Choose your specialty before its sub-specialties.',
  unknownBoardStatus: 'Choose board certified, board eligible or not board certified.',
  unknownEmploymentType: 'That employment type does not exist.',
  unknownState: 'That is not a US state or territory.',
  conversationNotFound: 'We could not find that conversation.',
  cvNotPdf: 'Upload your CV as a PDF file.',
  cvTooLarge: `Your CV is larger than ${PHYSICIAN_LIMITS.cvMaxBytes / (1024 * 1024)} MB. Upload a smaller PDF.`,
  cvEmpty: 'That file is empty. Choose your CV as a PDF.',
  cvMissing: 'Choose your CV (a PDF) in the form field "cv".',
  applicationNotFound: 'We could not find that application.',
  inviteFromHiddenOrganization:
    'You hide your profile from this organization. Let it see your profile again to accept its invite.',
  organizationHidden:
    'You hide your profile from this organization, so it could not see your application. Let it see your profile again to apply.',
  messageToHiddenOrganization:
    'You hide your profile from this organization, so it cannot read your messages. Let it see your profile again to write.',
  alreadyWithdrawn: 'You already withdrew this application.',
  cannotWithdrawHired: 'You were hired for this job; the application can no longer be withdrawn.',
  licenseNotFound: 'We could not find that license.',
  licenseExists: 'You already listed this license.',
  tooManyLicenses: `You can list at most ${PHYSICIAN_LIMITS.licensesMax} licenses.`,
} as const;

/** Multipart field of `POST /api/employee/profile/upload-cv`. */
export const CV_UPLOAD_FIELD = 'cv';

/** `GET /api/employee/job/get-applications`: the physician's applications, newest first. */
export const ZPhysicianApplicationList = z.object({
  applications: z.array(ZPhysicianApplication),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TPhysicianApplicationList = z.infer<typeof ZPhysicianApplicationList>;

/** `GET /api/employee/match/get-all-matches`: the physician's invites, newest first. */
export const ZPhysicianMatchesQuery = ZPageQuery.extend({ status: ZMatchStatus.optional() });
export type TPhysicianMatchesQuery = z.infer<typeof ZPhysicianMatchesQuery>;

export const ZPhysicianMatchList = z.object({
  matches: z.array(ZPhysicianMatch),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TPhysicianMatchList = z.infer<typeof ZPhysicianMatchList>;

/** A conversation as the physician sees it: with whom, about which job, and its latest messages. */
export const ZPhysicianConversation = z.object({
  _id: z.string(),
  organization: z.object({ _id: z.string(), name: z.string(), logo: z.string().nullable() }),
  job: z.object({ _id: z.string(), title: z.string() }).nullable(),
  /** The latest messages, oldest first (at most PHYSICIAN_CONVERSATION_MESSAGES). */
  messages: z.array(ZMessage),
  lastMessage: ZMessage.nullable(),
  /** Messages the physician has not read yet. */
  physicianCount: z.number().int().min(0),
  lastMessageAt: z.string().nullable(),
});
export type TPhysicianConversation = z.infer<typeof ZPhysicianConversation>;

export const PHYSICIAN_CONVERSATION_MESSAGES = 50;

/** `GET /api/employee/conversation/get-all-conversation`: most recent conversation first. */
export const ZPhysicianConversationList = z.object({
  conversations: z.array(ZPhysicianConversation),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TPhysicianConversationList = z.infer<typeof ZPhysicianConversationList>;

/** What `POST /api/employee/conversation/send-message/{conversationId}` answers and emits as `onMessage`. */
export const ZPhysicianSentMessage = z.object({ conversationId: z.string(), message: ZMessage });
export type TPhysicianSentMessage = z.infer<typeof ZPhysicianSentMessage>;

export const ZPhysicianJobIdParams = z.object({ jobId: z.string().min(1).max(100) });
export const ZPhysicianMatchIdParams = z.object({ matchId: z.string().min(1).max(100) });
export const ZConversationIdParams = z.object({ conversationId: z.string().min(1).max(100) });

export const ZApplicationIdParams = z.object({ applicationId: z.string().min(1).max(100) });

/** `GET /api/employee/job/get-saved-jobs`: the jobs the physician saved, most recently saved first. */
export const ZPhysicianSavedJobList = ZPhysicianJobList;
export type TPhysicianSavedJobList = TPhysicianJobList;

/** What save-job and unsave-job answer. */
export const ZSavedJobState = z.object({ jobId: z.string(), isSaved: z.boolean() });
export type TSavedJobState = z.infer<typeof ZSavedJobState>;

/**
 * `GET /api/employee/job/get-single-job/{jobId}`: every field of the posting and the
 * organisation's public profile (its contact people and e-mail stay with the employer).
 */
export const ZPhysicianJobDetail = ZPhysicianJob.extend({
  organization: ZOrganization.pick({
    logo: true,
    orgLocations: true,
    features: true,
    media: true,
    socialLinks: true,
    locationsDetails: true,
  }).extend({ _id: z.string(), name: z.string() }),
});
export type TPhysicianJobDetail = z.infer<typeof ZPhysicianJobDetail>;
