import { SESSION_CODE } from '@medhire/contract/account';
import type { TOrganizationUpdateData } from '@medhire/contract/organization';
import type { TOrganizationRow, TUserRow } from '../../db/schema/accounts.ts';
import { isProfileEstablished, toUserView } from '../auth/accounts-repository.ts';
import { toOrganizationView } from './organization-view.ts';

/**
 * What the profile calls answer. The session code follows the same rule sign-in uses: 200 once
 * the organisation has a name and a location, else 201.
 */
export function organizationAnswer(user: TUserRow, organization: TOrganizationRow): TOrganizationUpdateData {
  return {
    user: toUserView(user),
    code: isProfileEstablished(organization) ? SESSION_CODE.COMPLETE : SESSION_CODE.PROFILE_NOT_ESTABLISHED,
    organization: toOrganizationView(organization),
  };
}
