import { PREFERENCE_PROBES } from '@medhire/contract/preference-probes';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/index.ts';
import { organizations, users } from '../db/schema/accounts.ts';
import { createEmployerAccount } from '../domain/auth/create-employer-account.ts';
import { updateCandidatePreferences, updatePreferenceProbes } from '../domain/auth/update-account.ts';

export const DEMO_EMPLOYER_EMAIL = 'demo@medhire.example';
export const DEMO_EMPLOYER_PASSWORD = 'MedHire-demo-2026';

/**
 * The demo employer: an approved account of an established Austin family-medicine group with
 * its would-you-rather answers, candidate preferences and an active subscription, so every
 * signed-in screen has something real to show.
 */
export async function seedDemoEmployer(db: Db): Promise<void> {
  const [organization] = await db
    .insert(organizations)
    .values({
      name: 'Lakeside Family Medicine Group',
      practiceManagerName: 'Maria Delgado',
      email: 'office@lakeside-family-medicine.example',
      phoneNumber: '(512) 555-0142',
      npiNumber: '1245319599',
      status: 'active',
      orgLocations: {
        locations: [
          { description: 'Austin, TX', coords: { latitude: 30.2672, longitude: -97.7431 } },
          { description: 'Round Rock, TX', coords: { latitude: 30.5083, longitude: -97.6789 } },
        ],
        numberOfLocations: 2,
      },
      features: {
        practiceType: 'single-specialty-group',
        noOfPhysician: 14,
        nonPhysicianProvider: 6,
        aboutUs:
          'Lakeside Family Medicine Group has cared for families in Central Texas since 2004. Fourteen physicians and six nurse practitioners see patients of every age at our clinics in Austin and Round Rock, with same-day appointments, in-house lab and imaging, and a strong chronic-care program.',
      },
      socialLinks: { websiteUrl: 'https://lakeside-family-medicine.example' },
    })
    .returning({ id: organizations.id });
  if (!organization) throw new Error('The demo organization could not be created.');

  const employer = await createOnboardedEmployer({
    db,
    email: DEMO_EMPLOYER_EMAIL,
    password: DEMO_EMPLOYER_PASSWORD,
    organizationId: organization.id,
  });
  // The subscription (active Professional with paid invoices) is seeded by demo-subscription.ts.
  await db.update(users).set({ currentProfileStep: 3 }).where(eq(users.id, employer.id));
}

/**
 * An approved employer of the organisation who has answered the would-you-rather probes and
 * wants family physicians (sports medicine welcome) near Texas: the demo and bench employers.
 */
export async function createOnboardedEmployer({
  db,
  email,
  password,
  organizationId,
}: {
  db: Db;
  email: string;
  password: string;
  organizationId: string;
}) {
  const employer = await createEmployerAccount({
    db,
    email,
    password,
    accountStatus: 'approved',
    organizationId,
    isEmailVerified: true,
  });
  await updatePreferenceProbes({
    db,
    userId: employer.id,
    preferenceProbe: PREFERENCE_PROBES.map((probe, index) => ({
      probeId: probe.probeId,
      choice: index % 3 === 1 ? 'b' : 'a',
    })),
  });
  await updateCandidatePreferences({
    db,
    userId: employer.id,
    candidatePreferences: {
      specialty: 'family-medicine',
      subSpecialty: ['family-medicine--sports-medicine'],
      homeState: [{ description: 'Texas', coords: { latitude: 31.9686, longitude: -99.9018 } }],
      boardCertStatus: 'board-certified',
      minExperience: 3,
      yearAvailableToStart: new Date().getFullYear(),
    },
  });
  return employer;
}
