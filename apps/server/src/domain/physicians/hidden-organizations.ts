import type { TPageQuery } from '@medhire/contract/envelope';
import {
  type THiddenOrganizationList,
  type TSearchOrganizationsQuery,
  type TVisibilityOrganization,
  type TVisibilityOrganizationList,
  VISIBILITY_LIMITS,
  VISIBILITY_MESSAGES,
} from '@medhire/contract/physician-visibility';
import { and, asc, count, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { organizations } from '../../db/schema/accounts.ts';
import { conversations } from '../../db/schema/hiring.ts';
import { physicianHiddenOrganizations, physicians } from '../../db/schema/physicians.ts';
import { activityLog } from '../../db/schema/team.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/ids.ts';

/**
 * The physician has not hidden from the organisation. Every employer list and view puts this in
 * its SQL: a hidden organisation sees the physician nowhere, not even through what happened
 * before (their applications, invites and conversations vanish from its lists rather than show
 * as withdrawn, since any row would still show the profile). `physicianId` is the column (or
 * value) naming the physician; `organizationId` the organisation looking.
 */
export function isNotHiddenFrom(
  organizationId: SQLWrapper | string,
  physicianId: SQLWrapper = physicians.id,
): SQL {
  return sql`not exists (select 1 from ${physicianHiddenOrganizations}
    where ${physicianHiddenOrganizations.organizationId} = ${organizationId}
      and ${physicianHiddenOrganizations.physicianId} = ${physicianId})`;
}

function organizationNotFound(): AppError {
  return new AppError('NOT_FOUND', VISIBILITY_MESSAGES.organizationNotFound);
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const placeOf = sql<string | null>`${organizations.orgLocations} -> 'locations' -> 0 ->> 'description'`;

function isHiddenBy(physicianId: string): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${physicianHiddenOrganizations}
    where ${physicianHiddenOrganizations.physicianId} = ${physicianId}
      and ${physicianHiddenOrganizations.organizationId} = ${organizations.id})`;
}

export interface SearchOrganizationsOptions {
  db: Db;
  physicianId: string;
  query: TSearchOrganizationsQuery;
}

/**
 * Organizations whose name holds the text (ignoring case), names starting with it first, so the
 * physician can pick the one to hide from; each says whether it is hidden already.
 */
export async function searchOrganizations({
  db,
  physicianId,
  query,
}: SearchOrganizationsOptions): Promise<TVisibilityOrganizationList> {
  const text = query.queryText.toLowerCase();
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      logo: organizations.logo,
      place: placeOf,
      isHidden: isHiddenBy(physicianId),
    })
    .from(organizations)
    .where(sql`lower(${organizations.name}) like ${`%${escapeLikePattern(text)}%`}`)
    .orderBy(
      sql`lower(${organizations.name}) like ${`${escapeLikePattern(text)}%`} desc`,
      asc(organizations.name),
      asc(organizations.id),
    )
    .limit(VISIBILITY_LIMITS.searchResultsMax);
  return {
    organizations: rows.map((row) => ({
      _id: row.id,
      name: row.name ?? '',
      logo: row.logo,
      place: row.place,
      isHidden: row.isHidden,
    })),
  };
}

export interface ListHiddenOrganizationsOptions {
  db: Db;
  physicianId: string;
  query: TPageQuery;
}

/** The organizations the physician hides from, most recently hidden first. */
export async function listHiddenOrganizations({
  db,
  physicianId,
  query,
}: ListHiddenOrganizationsOptions): Promise<THiddenOrganizationList> {
  const { pageSize, pageNumber } = query;
  const where = eq(physicianHiddenOrganizations.physicianId, physicianId);
  const rows = await db
    .select({
      id: organizations.id,
      name: organizations.name,
      logo: organizations.logo,
      place: placeOf,
      hiddenAt: physicianHiddenOrganizations.createdAt,
    })
    .from(physicianHiddenOrganizations)
    .innerJoin(organizations, eq(organizations.id, physicianHiddenOrganizations.organizationId))
    .where(where)
    .orderBy(desc(physicianHiddenOrganizations.createdAt), desc(physicianHiddenOrganizations.organizationId))
    .limit(pageSize)
    .offset((pageNumber - 1) * pageSize);
  const [counted] = await db.select({ total: count() }).from(physicianHiddenOrganizations).where(where);
  return {
    organizations: rows.map((row) => ({
      _id: row.id,
      name: row.name ?? '',
      logo: row.logo,
      place: row.place,
      isHidden: true,
      hiddenAt: row.hiddenAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}

export interface HideFromOrganizationOptions {
  db: Db;
  physicianId: string;
  organizationId: string;
  now?: Date;
}

/** Hides the physician from an organization; hiding twice changes nothing. */
export async function hideFromOrganization({
  db,
  physicianId,
  organizationId,
  now = new Date(),
}: HideFromOrganizationOptions): Promise<TVisibilityOrganization> {
  if (!isUuid(organizationId)) throw organizationNotFound();
  return db.transaction(async (tx) => {
    // Locked, so two hides at once cannot both pass the limit.
    await tx
      .select({ id: physicians.id })
      .from(physicians)
      .where(eq(physicians.id, physicianId))
      .for('update');
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name, logo: organizations.logo, place: placeOf })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    if (!organization) throw organizationNotFound();
    const [counted] = await tx
      .select({ total: count() })
      .from(physicianHiddenOrganizations)
      .where(eq(physicianHiddenOrganizations.physicianId, physicianId));
    const inserted = await tx
      .insert(physicianHiddenOrganizations)
      .values({ physicianId, organizationId, createdAt: now })
      .onConflictDoNothing()
      .returning({ organizationId: physicianHiddenOrganizations.organizationId });
    if (inserted.length > 0 && (counted?.total ?? 0) >= VISIBILITY_LIMITS.hiddenOrganizationsMax) {
      throw new AppError('BUSINESS_RULE', VISIBILITY_MESSAGES.tooManyHidden);
    }
    return {
      _id: organization.id,
      name: organization.name ?? '',
      logo: organization.logo,
      place: organization.place,
      isHidden: true,
    };
  });
}

/** Lets an organization see the physician again; one that was not hidden answers 404. */
export async function showToOrganization({
  db,
  physicianId,
  organizationId,
}: Omit<HideFromOrganizationOptions, 'now'>): Promise<TVisibilityOrganization> {
  if (!isUuid(organizationId)) throw organizationNotFound();
  const [removed] = await db
    .delete(physicianHiddenOrganizations)
    .where(
      and(
        eq(physicianHiddenOrganizations.physicianId, physicianId),
        eq(physicianHiddenOrganizations.organizationId, organizationId),
      ),
    )
    .returning({ organizationId: physicianHiddenOrganizations.organizationId });
  if (!removed) throw organizationNotFound();
  const [organization] = await db
    .select({ id: organizations.id, name: organizations.name, logo: organizations.logo, place: placeOf })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  if (!organization) throw organizationNotFound();
  return {
    _id: organization.id,
    name: organization.name ?? '',
    logo: organization.logo,
    place: organization.place,
    isHidden: false,
  };
}

/**
 * The organisation's activity log entry is not about a physician who hid from it: an entry
 * names the physician as its subject (pipeline moves, saves), in its details (invites), or
 * through the conversation it is about (messages).
 */
export function isActivityNotAboutHiddenPhysician(): SQL {
  return sql`not exists (select 1 from ${physicianHiddenOrganizations} hidden
    where hidden.organization_id = ${activityLog.organizationId}
      and ((${activityLog.subjectType} = 'applicant' and ${activityLog.subjectId} = hidden.physician_id::text)
        or ${activityLog.details} ->> 'physicianId' = hidden.physician_id::text
        or (${activityLog.subjectType} = 'conversation' and exists (select 1 from ${conversations} hidden_conversation
          where hidden_conversation.id::text = ${activityLog.subjectId}
            and hidden_conversation.physician_id = hidden.physician_id))))`;
}
