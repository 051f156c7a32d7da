import type { TPlace } from '@medhire/contract/account';
import type { TMediaItem, TOrganization, TOrganizationDetails } from '@medhire/contract/organization';
import { readJson, removeItem, STORAGE_KEYS, writeJson } from '../../lib/storage.ts';

/** A number input's value: '' while blank (a cleared input reads as NaN, also dropped). */
export type NumberInput = number | '';

/**
 * The organisation profile as the form holds it: every text is a string ('' when blank). The
 * contract resolver drops blanks before validating, so the schema sees exactly what will be
 * sent.
 */
export interface ProfileFormValues {
  logo: string;
  organizationName: string;
  practiceManagerName: string;
  email: string;
  phoneNumber: string;
  orgLocations: { locations: TPlace[]; numberOfLocations: NumberInput };
  features: {
    practiceType: string;
    noOfPhysician: NumberInput;
    nonPhysicianProvider: NumberInput;
    aboutUs: string;
  };
  media: TMediaItem[];
  socialLinks: { facebook: string; twitter: string; instagram: string; websiteUrl: string };
}

export function emptyProfileValues(): ProfileFormValues {
  return {
    logo: '',
    organizationName: '',
    practiceManagerName: '',
    email: '',
    phoneNumber: '',
    orgLocations: { locations: [], numberOfLocations: '' },
    features: { practiceType: '', noOfPhysician: '', nonPhysicianProvider: '', aboutUs: '' },
    media: [],
    socialLinks: { facebook: '', twitter: '', instagram: '', websiteUrl: '' },
  };
}

const number = (value: unknown): NumberInput =>
  typeof value === 'number' && Number.isFinite(value) ? value : '';
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Fills the form from whatever is known, tolerating missing and null parts. */
export function profileValuesFrom(source: {
  logo?: unknown;
  organizationName?: unknown;
  practiceManagerName?: unknown;
  email?: unknown;
  phoneNumber?: unknown;
  orgLocations?: { locations?: unknown; numberOfLocations?: unknown } | null;
  features?: {
    practiceType?: unknown;
    noOfPhysician?: unknown;
    nonPhysicianProvider?: unknown;
    aboutUs?: unknown;
  } | null;
  media?: unknown;
  socialLinks?: { facebook?: unknown; twitter?: unknown; instagram?: unknown; websiteUrl?: unknown } | null;
}): ProfileFormValues {
  return {
    logo: text(source.logo),
    organizationName: text(source.organizationName),
    practiceManagerName: text(source.practiceManagerName),
    email: text(source.email),
    phoneNumber: text(source.phoneNumber),
    orgLocations: {
      locations: Array.isArray(source.orgLocations?.locations)
        ? (source.orgLocations.locations as TPlace[])
        : [],
      numberOfLocations: number(source.orgLocations?.numberOfLocations),
    },
    features: {
      practiceType: text(source.features?.practiceType),
      noOfPhysician: number(source.features?.noOfPhysician),
      nonPhysicianProvider: number(source.features?.nonPhysicianProvider),
      aboutUs: text(source.features?.aboutUs),
    },
    media: Array.isArray(source.media) ? (source.media as TMediaItem[]) : [],
    socialLinks: {
      facebook: text(source.socialLinks?.facebook),
      twitter: text(source.socialLinks?.twitter),
      instagram: text(source.socialLinks?.instagram),
      websiteUrl: text(source.socialLinks?.websiteUrl),
    },
  };
}

export function profileValuesFromOrganization(organization: TOrganization | null): ProfileFormValues {
  return organization ? profileValuesFrom(organization) : emptyProfileValues();
}

/** A saved profile, back in the form's shape (after a successful save). */
export function profileValuesFromDetails(details: TOrganizationDetails): ProfileFormValues {
  return profileValuesFrom(details);
}

export interface ProfileStep {
  id: 'organisation' | 'locations' | 'practice' | 'media' | 'links' | 'review';
  title: string;
  description: string;
  /** The form fields the step validates before moving on. */
  fields: readonly (
    | 'logo'
    | 'organizationName'
    | 'practiceManagerName'
    | 'email'
    | 'phoneNumber'
    | 'orgLocations'
    | 'features'
    | 'media'
    | 'socialLinks'
  )[];
}

export const PROFILE_STEPS: readonly ProfileStep[] = [
  {
    id: 'organisation',
    title: 'Organization',
    description: 'Your logo, name and how physicians and MedHire can reach you.',
    fields: ['logo', 'organizationName', 'practiceManagerName', 'email', 'phoneNumber'],
  },
  {
    id: 'locations',
    title: 'Locations',
    description: 'Where your physicians practice. Recommendations weigh the distance to these places.',
    fields: ['orgLocations'],
  },
  {
    id: 'practice',
    title: 'Practice',
    description: 'The kind of practice you run and the team a new physician would join.',
    fields: ['features'],
  },
  {
    id: 'media',
    title: 'Photos and videos',
    description: 'Show your facilities and team. Profiles with photos are opened far more often.',
    fields: ['media'],
  },
  {
    id: 'links',
    title: 'Links',
    description: 'Your website and social profiles, so physicians can learn more about you.',
    fields: ['socialLinks'],
  },
  {
    id: 'review',
    title: 'Review',
    description: 'Check your profile before saving it. You can change it later from your profile page.',
    fields: [],
  },
];

export const REVIEW_STEP_INDEX = PROFILE_STEPS.length - 1;

export function profileStep(index: number): ProfileStep {
  const step = PROFILE_STEPS[Math.min(Math.max(index, 0), REVIEW_STEP_INDEX)];
  if (!step) throw new RangeError(`No profile step ${index}.`);
  return step;
}

/** The step holding the field a validation issue points at. */
export function stepOfField(field: PropertyKey | undefined): number {
  const index = PROFILE_STEPS.findIndex((step) =>
    (step.fields as readonly PropertyKey[]).includes(field ?? ''),
  );
  return index === -1 ? REVIEW_STEP_INDEX : index;
}

interface StoredDraft {
  userId: string;
  values: unknown;
}

/**
 * The profile being established is kept in this browser after each step, per user, so a
 * returning employer resumes with what they typed at the step the server remembers.
 */
export const profileDraftStore = {
  read(userId: string): ProfileFormValues | null {
    const draft = readJson<StoredDraft>(STORAGE_KEYS.profileDraft);
    if (!draft || draft.userId !== userId || typeof draft.values !== 'object' || draft.values === null) {
      return null;
    }
    return profileValuesFrom(draft.values as Parameters<typeof profileValuesFrom>[0]);
  },
  write(userId: string, values: ProfileFormValues) {
    writeJson(STORAGE_KEYS.profileDraft, { userId, values } satisfies StoredDraft);
  },
  clear() {
    removeItem(STORAGE_KEYS.profileDraft);
  },
};
