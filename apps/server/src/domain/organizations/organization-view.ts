import type { TOrganization } from '@medhire/contract/organization';
import type { TOrganizationRow } from '../../db/schema/accounts.ts';

/** The organisation as the API shows it (ZOrganization). */
export function toOrganizationView(organization: TOrganizationRow): TOrganization {
  return {
    _id: organization.id,
    status: organization.status,
    logo: organization.logo,
    organizationName: organization.name,
    practiceManagerName: organization.practiceManagerName,
    email: organization.email,
    phoneNumber: organization.phoneNumber,
    npiNumber: organization.npiNumber,
    orgLocations: organization.orgLocations,
    features: organization.features,
    media: organization.media,
    socialLinks: organization.socialLinks,
    ...(organization.locationsDetails ? { locationsDetails: organization.locationsDetails } : {}),
    updatedAt: organization.updatedAt.toISOString(),
  };
}
