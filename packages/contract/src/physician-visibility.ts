import { z } from 'zod';
import { ZQueryText } from './enums.ts';
import { ZPageQuery } from './envelope.ts';

/**
 * Who may see a physician, as the physician controls it under /api/employee/visibility. "Open
 * to opportunities" is the profile's `isDiscoverable`; this area holds the organizations the
 * physician hides from. A hidden organization sees the physician in no list and no view, and
 * what happened before (applications, invites, conversations) vanishes from its lists.
 */

export const VISIBILITY_LIMITS = { hiddenOrganizationsMax: 200, searchResultsMax: 20 } as const;

/** An organization as the physician picks it: its name and logo, and whether it is hidden. */
export const ZVisibilityOrganization = z.object({
  _id: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
  /** Where it practices ("Austin, TX"), to tell organizations of the same name apart. */
  place: z.string().nullable(),
  isHidden: z.boolean(),
});
export type TVisibilityOrganization = z.infer<typeof ZVisibilityOrganization>;

/** `GET /api/employee/visibility/search-organizations?queryText=`: organizations by name. */
export const ZSearchOrganizationsQuery = z.object({
  queryText: ZQueryText.pipe(z.string().min(2, 'Type at least two letters of the organization name.')),
});
export type TSearchOrganizationsQuery = z.infer<typeof ZSearchOrganizationsQuery>;

export const ZVisibilityOrganizationList = z.object({ organizations: z.array(ZVisibilityOrganization) });
export type TVisibilityOrganizationList = z.infer<typeof ZVisibilityOrganizationList>;

/** `GET /api/employee/visibility/get-hidden-organizations`: most recently hidden first. */
export const ZHiddenOrganizationsQuery = ZPageQuery;
export const ZHiddenOrganization = ZVisibilityOrganization.extend({ hiddenAt: z.string() });
export type THiddenOrganization = z.infer<typeof ZHiddenOrganization>;

export const ZHiddenOrganizationList = z.object({
  organizations: z.array(ZHiddenOrganization),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type THiddenOrganizationList = z.infer<typeof ZHiddenOrganizationList>;

export const ZOrganizationIdParams = z.object({ organizationId: z.string().min(1).max(100) });

export const VISIBILITY_MESSAGES = {
  organizationNotFound: 'We could not find that organization.',
  tooManyHidden: `You can hide from at most ${VISIBILITY_LIMITS.hiddenOrganizationsMax} organizations.`,
  hidden: 'This organization can no longer see your profile.',
  shown: 'This organization can see your profile again.',
} as const;
