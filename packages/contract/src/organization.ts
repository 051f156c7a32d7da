import { z } from 'zod';
import { ZPlace, ZSessionCode, ZUser } from './account.ts';
import { ZEmail, ZOtp, ZSyncUserData } from './auth.ts';
import { ZEnumId } from './enums.ts';

/**
 * The employer's organisation (spec §3, "Organisation update payload"). Optional fields are
 * optional because the client drops empty values before sending (spec §5); a field that is
 * present must be valid.
 */

export const ORGANIZATION_LIMITS = {
  nameMax: 200,
  personNameMax: 120,
  aboutUsMax: 2000,
  locationsMax: 50,
  numberOfLocationsMax: 10_000,
  staffCountMax: 100_000,
  mediaMax: 20,
  urlMax: 500,
} as const;

export const ORGANIZATION_STATUSES = ['draft', 'claimed', 'active'] as const;
export const ZOrganizationStatus = z.enum(ORGANIZATION_STATUSES);
export type TOrganizationStatus = z.infer<typeof ZOrganizationStatus>;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/**
 * What an upload answers with is stored by key (the storage object's name, e.g.
 * `images/2b9c….webp`); the url is where the browser fetches it. A key never climbs out of the
 * storage root.
 */
export const ZUploadKey = z
  .string()
  .trim()
  .min(1, 'The upload key is missing.')
  .max(300, 'The upload key is too long.')
  .regex(/^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'The upload key is not valid.');

/** An absolute http(s) URL, or a path on our own server such as `/uploads/images/a.webp`. */
export const ZAssetUrl = z
  .string()
  .trim()
  .min(1, 'The file address is missing.')
  .max(ORGANIZATION_LIMITS.urlMax, 'The file address is too long.')
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value),
    'The file address must be a web address or a path on this site.',
  );

/** The logo: the url an upload returned, or its key. */
export const ZLogo = z.union([ZAssetUrl, ZUploadKey], { error: 'The logo must be an uploaded image.' });

export const MEDIA_KINDS = ['image', 'video'] as const;
export const ZMediaKind = z.enum(MEDIA_KINDS);
export type TMediaKind = z.infer<typeof ZMediaKind>;

/** One photo or video of the practice, as an upload answered it (no `_id`: spec §3). */
export const ZMediaItem = z.object({
  key: ZUploadKey,
  url: ZAssetUrl,
  thumbnailUrl: ZAssetUrl.optional(),
  kind: ZMediaKind,
});
export type TMediaItem = z.infer<typeof ZMediaItem>;

/**
 * US phone numbers (NANP): 10 digits, optionally led by +1 or 1, in any usual punctuation
 * ("(512) 555-0134", "512-555-0134", "+1 512 555 0134"). Area code and exchange cannot start
 * with 0 or 1. Stored in one shape, `(512) 555-0134`, so equal numbers compare equal.
 */
export const US_PHONE_MESSAGE = 'Enter a US phone number, e.g. (512) 555-0134.';

export function normalizeUsPhone(value: string): string | null {
  if (!/^[\d\s().+-]+$/.test(value)) return null;
  let digits = value.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const ZUsPhone = z
  .string({ error: 'Enter a phone number.' })
  .trim()
  .min(1, 'Enter a phone number.')
  .max(30, US_PHONE_MESSAGE)
  .transform((value, context) => {
    const normalized = normalizeUsPhone(value);
    if (normalized === null) {
      context.addIssue({ code: 'custom', message: US_PHONE_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** Adds `https://` when the person typed a bare address such as `facebook.com/ourclinic`. */
function withScheme(value: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`;
}

/**
 * A link to a profile on one of the given sites (subdomains such as `www.` or `m.` count).
 * Without `hosts`, any http(s) web address.
 */
function webLink(label: string, hosts?: readonly string[]) {
  const example = hosts ? `https://${hosts[0]}/yourpractice` : 'https://www.yourpractice.com';
  return z
    .string()
    .trim()
    .min(1, `Enter the ${label} address.`)
    .max(ORGANIZATION_LIMITS.urlMax, `The ${label} address is too long.`)
    .transform(withScheme)
    .refine(isHttpUrl, `Enter a valid ${label} address, e.g. ${example}.`)
    .refine((value) => {
      if (!hosts || !isHttpUrl(value)) return true;
      const hostname = new URL(value).hostname.toLowerCase();
      return hosts.some((host) => hostname === host || hostname.endsWith(`.${host}`));
    }, `Enter a link to your ${label} page, e.g. ${example}.`);
}

export const SOCIAL_LINK_HOSTS = {
  facebook: ['facebook.com', 'fb.com'],
  twitter: ['x.com', 'twitter.com'],
  instagram: ['instagram.com'],
} as const;

// ---------------------------------------------------------------------------------------------
// Sections of the organisation profile (the establish-profile steps validate one each)
// ---------------------------------------------------------------------------------------------

export const ZOrganizationName = z
  .string({ error: 'Enter the organization name.' })
  .trim()
  .min(2, 'Enter the organization name.')
  .max(ORGANIZATION_LIMITS.nameMax, `Use at most ${ORGANIZATION_LIMITS.nameMax} characters.`);

/** Who the organisation is and how to reach it. */
export const ZOrganizationContact = z.object({
  logo: ZLogo.optional(),
  organizationName: ZOrganizationName,
  practiceManagerName: z
    .string({ error: 'Enter the practice manager’s name.' })
    .trim()
    .min(2, 'Enter the practice manager’s name.')
    .max(ORGANIZATION_LIMITS.personNameMax, `Use at most ${ORGANIZATION_LIMITS.personNameMax} characters.`),
  email: ZEmail,
  phoneNumber: ZUsPhone,
});
export type TOrganizationContact = z.infer<typeof ZOrganizationContact>;

const staffCount = (label: string) =>
  z
    .number({ error: `Enter the number of ${label}.` })
    .int(`Give the number of ${label} as a whole number.`)
    .min(0, `The number of ${label} cannot be negative.`)
    .max(ORGANIZATION_LIMITS.staffCountMax, `The number of ${label} is too large.`);

export const ZOrgLocations = z
  .object(
    {
      locations: z
        .array(ZPlace, { error: 'Add at least one location.' })
        .min(1, 'Add at least one location.')
        .max(ORGANIZATION_LIMITS.locationsMax, `Add at most ${ORGANIZATION_LIMITS.locationsMax} locations.`),
      numberOfLocations: z
        .number({ error: 'Enter how many locations the practice has.' })
        .int('Give the number of locations as a whole number.')
        .min(1, 'The practice has at least one location.')
        .max(ORGANIZATION_LIMITS.numberOfLocationsMax, 'The number of locations is too large.'),
    },
    { error: 'Add your locations.' },
  )
  .refine((value) => value.numberOfLocations >= value.locations.length, {
    message: 'The number of locations cannot be smaller than the locations you listed.',
    path: ['numberOfLocations'],
  });
export type TOrgLocations = z.infer<typeof ZOrgLocations>;

export const ZOrgFeatures = z.object(
  {
    /** An id of the `practiceType` enum list. */
    practiceType: z
      .string({ error: 'Choose a practice type.' })
      .trim()
      .min(1, 'Choose a practice type.')
      .pipe(ZEnumId),
    noOfPhysician: staffCount('physicians'),
    nonPhysicianProvider: staffCount('non-physician providers').optional(),
    aboutUs: z
      .string()
      .trim()
      .max(ORGANIZATION_LIMITS.aboutUsMax, `Use at most ${ORGANIZATION_LIMITS.aboutUsMax} characters.`)
      .optional(),
  },
  { error: 'Describe your practice.' },
);
export type TOrgFeatures = z.infer<typeof ZOrgFeatures>;

export const ZOrgMedia = z
  .array(ZMediaItem)
  .max(ORGANIZATION_LIMITS.mediaMax, `Add at most ${ORGANIZATION_LIMITS.mediaMax} photos and videos.`)
  .refine(
    (items) => new Set(items.map((item) => item.key)).size === items.length,
    'Each photo or video can be added once.',
  );

export const ZSocialLinks = z.object({
  facebook: webLink('Facebook', SOCIAL_LINK_HOSTS.facebook).optional(),
  twitter: webLink('X (Twitter)', SOCIAL_LINK_HOSTS.twitter).optional(),
  instagram: webLink('Instagram', SOCIAL_LINK_HOSTS.instagram).optional(),
  websiteUrl: webLink('website').optional(),
});
export type TSocialLinks = z.infer<typeof ZSocialLinks>;

/**
 * Per-location details kept beside the organisation's locations (spec §7
 * `update-locationDetails`): the place plus an optional site name, e.g. "Downtown clinic".
 */
export const ZLocationDetail = ZPlace.extend({
  name: z.string().trim().min(1).max(ORGANIZATION_LIMITS.personNameMax).optional(),
});
export type TLocationDetail = z.infer<typeof ZLocationDetail>;

export const ZLocationsDetails = z
  .array(ZLocationDetail)
  .max(ORGANIZATION_LIMITS.locationsMax, `Add at most ${ORGANIZATION_LIMITS.locationsMax} locations.`);

// ---------------------------------------------------------------------------------------------
// Request bodies
// ---------------------------------------------------------------------------------------------

/** The whole organisation profile, as establish-profile and edit-profile send it. */
export const ZOrganizationDetails = ZOrganizationContact.extend({
  orgLocations: ZOrgLocations,
  features: ZOrgFeatures,
  media: ZOrgMedia.optional(),
  socialLinks: ZSocialLinks.optional(),
});
export type TOrganizationDetails = z.infer<typeof ZOrganizationDetails>;
export type TOrganizationDetailsInput = z.input<typeof ZOrganizationDetails>;

/** `PATCH /api/employer/auth/v1/update-orgdetails/{id}` */
export const ZUpdateOrgDetailsBody = ZOrganizationDetails;
export type TUpdateOrgDetailsBody = z.infer<typeof ZUpdateOrgDetailsBody>;

/**
 * `PATCH /api/employer/auth/v1/update-profile/{id}`: the profile plus the upload keys of media
 * the employer removed (the server deletes those files) and the per-location details.
 */
export const ZUpdateProfileBody = ZOrganizationDetails.extend({
  deletedImgskeys: z.array(ZUploadKey).max(100, 'Too many removed files.').optional(),
  locationsDetails: ZLocationsDetails.optional(),
});
export type TUpdateProfileBody = z.infer<typeof ZUpdateProfileBody>;

/** `PATCH /api/employer/auth/v1/update-locationDetails/{id}` */
export const ZUpdateLocationDetailsBody = z.object({
  locationsDetails: ZLocationsDetails.min(1, 'Add at least one location.'),
});
export type TUpdateLocationDetailsBody = z.infer<typeof ZUpdateLocationDetailsBody>;

/** `POST /api/employer/auth/v1/update-email/{id}`: a code goes to the new address. */
export const ZUpdateEmailBody = z.object({ email: ZEmail });
export type TUpdateEmailBody = z.infer<typeof ZUpdateEmailBody>;

/** `POST /api/employer/auth/v1/verify-otp-update-email/{id}` */
export const ZVerifyUpdateEmailOtpBody = z.object({ email: ZEmail, otp: ZOtp });
export type TVerifyUpdateEmailOtpBody = z.infer<typeof ZVerifyUpdateEmailOtpBody>;

/** What verify-otp-update-email answers: the account with its new e-mail. */
export const ZVerifyUpdateEmailOtpData = z.object({ user: ZUser });
export type TVerifyUpdateEmailOtpData = z.infer<typeof ZVerifyUpdateEmailOtpData>;

// ---------------------------------------------------------------------------------------------
// Claiming an organisation (ARCHITECTURE.md: e-mail + NPI number + organisation name)
// ---------------------------------------------------------------------------------------------

export const NPI_MESSAGES = {
  format: 'An NPI number is 10 digits.',
  checkDigit: 'This NPI number is not valid: its last digit does not match. Check it for typing errors.',
} as const;

/**
 * The National Provider Identifier's check digit: the Luhn formula over the 9 leading digits
 * prefixed with 80840 (the US health-industry prefix), as CMS publishes it.
 */
export function isValidNpi(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const ZNpiNumber = z
  .string({ error: 'Enter the NPI number.' })
  .trim()
  .min(1, 'Enter the NPI number.')
  // A malformed number gets one message, not a check-digit complaint on top.
  .regex(/^\d{10}$/, { message: NPI_MESSAGES.format, abort: true })
  .refine(isValidNpi, NPI_MESSAGES.checkDigit);

/** `POST /api/employer/auth/claim`: the server e-mails a set-password link when the claim matches. */
export const ZClaimBody = z.object({
  email: ZEmail,
  npiNumber: ZNpiNumber,
  organization: ZOrganizationName,
});
export type TClaimBody = z.infer<typeof ZClaimBody>;

export const ZClaimData = z.object({ email: z.string() });
export type TClaimData = z.infer<typeof ZClaimData>;

// ---------------------------------------------------------------------------------------------
// The stored organisation, as the API returns it
// ---------------------------------------------------------------------------------------------

/**
 * A draft (unclaimed) organisation may lack most fields, so everything but the id and status
 * may be null or absent; the client fills in what is there.
 */
export const ZOrganization = z.object({
  _id: z.string(),
  status: ZOrganizationStatus,
  logo: z.string().nullable(),
  organizationName: z.string().nullable(),
  practiceManagerName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  npiNumber: z.string().nullable().optional(),
  orgLocations: z.object({ locations: z.array(ZPlace), numberOfLocations: z.number().int() }).nullable(),
  features: z
    .object({
      practiceType: z.string().optional(),
      noOfPhysician: z.number().int().optional(),
      nonPhysicianProvider: z.number().int().optional(),
      aboutUs: z.string().optional(),
    })
    .nullable(),
  media: z.array(
    z.object({ key: z.string(), url: z.string(), thumbnailUrl: z.string().optional(), kind: ZMediaKind }),
  ),
  socialLinks: z
    .object({
      facebook: z.string().optional(),
      twitter: z.string().optional(),
      instagram: z.string().optional(),
      websiteUrl: z.string().optional(),
    })
    .nullable(),
  locationsDetails: z.array(ZLocationDetail).optional(),
  updatedAt: z.string(),
});
export type TOrganization = z.infer<typeof ZOrganization>;

/**
 * An organisation answer. The read (`GET /api/employer/auth/v1/get-organization/{id}`, also
 * `GET /api/employer/organization/get-organization/{userId}`) answers ZGetOrganizationData,
 * whose organisation is null before one is set up; the updates answer ZOrganizationUpdateData.
 */
export const ZOrganizationData = z.object({ organization: ZOrganization });
export type TOrganizationData = z.infer<typeof ZOrganizationData>;

/**
 * What update-orgdetails, update-profile and update-locationDetails answer: the organisation,
 * the user and the session code, which turns 200 once the profile has a name and a location.
 */
export const ZOrganizationUpdateData = ZOrganizationData.extend({ user: ZUser, code: ZSessionCode });
export type TOrganizationUpdateData = z.infer<typeof ZOrganizationUpdateData>;

/** The organisation read: null while the employer has not set one up yet. */
export const ZGetOrganizationData = z.object({ organization: ZOrganization.nullable() });
export type TGetOrganizationData = z.infer<typeof ZGetOrganizationData>;

/** `GET /api/employer/auth/sync-user-detail/{id}` → data: the session sync plus the organisation. */
export const ZSyncUserDetailData = ZSyncUserData.extend({
  organization: ZOrganization.nullable().optional(),
});
export type TSyncUserDetailData = z.infer<typeof ZSyncUserDetailData>;

// ---------------------------------------------------------------------------------------------
// Deleting the account (`PATCH /api/employer/auth/v1/archive-profile/{id}`)
// ---------------------------------------------------------------------------------------------

/** What deleting the account did, so the person can be told exactly. */
export const ZArchiveProfileData = z.object({
  archived: z.literal(true),
  /** Sessions that ended, this one included. */
  sessionsEnded: z.number().int(),
  /** Open job postings of the organisation that were closed. */
  jobsClosed: z.number().int(),
  /** The stored data that was erased or anonymised, by field. */
  dataErased: z.array(z.string()),
});
export type TArchiveProfileData = z.infer<typeof ZArchiveProfileData>;
