import type { TPlace } from '@medhire/contract/account';
import type { Db } from '../db/index.ts';
import { organizations } from '../db/schema/accounts.ts';
import { completeNpi } from '../domain/organizations/npi.ts';

interface ListedOrganization {
  name: string;
  /** The first nine digits; the tenth is the NPI check digit. */
  npiPrefix: string;
  phoneNumber: string;
  practiceType: string;
  noOfPhysician: number;
  locations: TPlace[];
  websiteUrl: string;
}

/**
 * Practices listed from public records and not yet claimed (status draft, no account). Anyone
 * who can name one with its NPI number claims it at /claimBusiness. Phone numbers are in the
 * 555-01xx range reserved for fiction; web addresses are under .example.
 */
const LISTED_ORGANIZATIONS: readonly ListedOrganization[] = [
  {
    name: 'Cedar Ridge Internal Medicine',
    npiPrefix: '138294756',
    phoneNumber: '(208) 555-0117',
    practiceType: 'single-specialty-group',
    noOfPhysician: 9,
    locations: [{ description: 'Boise, ID', coords: { latitude: 43.615, longitude: -116.2023 } }],
    websiteUrl: 'https://cedar-ridge-internal-medicine.example',
  },
  {
    name: 'Blue Harbor Pediatrics',
    npiPrefix: '149302817',
    phoneNumber: '(207) 555-0123',
    practiceType: 'private-practice',
    noOfPhysician: 5,
    locations: [{ description: 'Portland, ME', coords: { latitude: 43.6591, longitude: -70.2568 } }],
    websiteUrl: 'https://blue-harbor-pediatrics.example',
  },
  {
    name: 'Sonoran Desert Cardiology Associates',
    npiPrefix: '152847390',
    phoneNumber: '(520) 555-0148',
    practiceType: 'single-specialty-group',
    noOfPhysician: 12,
    locations: [
      { description: 'Tucson, AZ', coords: { latitude: 32.2226, longitude: -110.9747 } },
      { description: 'Oro Valley, AZ', coords: { latitude: 32.3909, longitude: -110.9665 } },
    ],
    websiteUrl: 'https://sonoran-desert-cardiology.example',
  },
  {
    name: 'Prairie View Community Health Center',
    npiPrefix: '167390248',
    phoneNumber: '(316) 555-0162',
    practiceType: 'fqhc',
    noOfPhysician: 7,
    locations: [{ description: 'Wichita, KS', coords: { latitude: 37.6872, longitude: -97.3301 } }],
    websiteUrl: 'https://prairie-view-chc.example',
  },
  {
    name: "Magnolia Women's Health",
    npiPrefix: '172948305',
    phoneNumber: '(601) 555-0131',
    practiceType: 'private-practice',
    noOfPhysician: 4,
    locations: [{ description: 'Jackson, MS', coords: { latitude: 32.2988, longitude: -90.1848 } }],
    websiteUrl: 'https://magnolia-womens-health.example',
  },
  {
    name: 'Great Lakes Orthopedic & Spine',
    npiPrefix: '185720394',
    phoneNumber: '(616) 555-0175',
    practiceType: 'single-specialty-group',
    noOfPhysician: 11,
    locations: [{ description: 'Grand Rapids, MI', coords: { latitude: 42.9634, longitude: -85.6681 } }],
    websiteUrl: 'https://great-lakes-ortho-spine.example',
  },
  {
    name: 'Piedmont Valley Family Practice',
    npiPrefix: '193847562',
    phoneNumber: '(864) 555-0189',
    practiceType: 'private-practice',
    noOfPhysician: 6,
    locations: [
      { description: 'Greenville, SC', coords: { latitude: 34.8526, longitude: -82.394 } },
      { description: 'Spartanburg, SC', coords: { latitude: 34.9496, longitude: -81.932 } },
    ],
    websiteUrl: 'https://piedmont-valley-family-practice.example',
  },
  {
    name: 'Riverbend Regional Medical Group',
    npiPrefix: '120475839',
    phoneNumber: '(423) 555-0106',
    practiceType: 'multispecialty-group',
    noOfPhysician: 23,
    locations: [{ description: 'Chattanooga, TN', coords: { latitude: 35.0456, longitude: -85.3097 } }],
    websiteUrl: 'https://riverbend-regional-medical.example',
  },
];

/** The listed practices with their full NPI numbers, as they are seeded. */
export const DRAFT_ORGANIZATIONS = LISTED_ORGANIZATIONS.map(({ npiPrefix, ...organization }) => ({
  ...organization,
  npiNumber: completeNpi(npiPrefix),
}));

export async function seedDraftOrganizations(db: Db): Promise<void> {
  await db.insert(organizations).values(
    DRAFT_ORGANIZATIONS.map((organization) => ({
      name: organization.name,
      npiNumber: organization.npiNumber,
      phoneNumber: organization.phoneNumber,
      status: 'draft' as const,
      orgLocations: { locations: organization.locations, numberOfLocations: organization.locations.length },
      features: { practiceType: organization.practiceType, noOfPhysician: organization.noOfPhysician },
      socialLinks: { websiteUrl: organization.websiteUrl },
    })),
  );
}
