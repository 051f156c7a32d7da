import type { TCandidatePreferences } from '@medhire/contract/account';
import type { TGlobalConnectionData, TGlobalConnectionQuery } from '@medhire/contract/subscription';
import { and, count, desc, eq, gte, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { users } from '../../db/schema/accounts.ts';
import { physicians } from '../../db/schema/physicians.ts';
import { loadApplicantViews } from '../applicants/applicant-views.ts';
import { physicianFilterConditions } from '../applicants/physician-filters.ts';
import { isPubliclyDiscoverable } from '../applicants/physician-visibility.ts';
import { isNotHiddenFrom } from '../physicians/hidden-organizations.ts';
import type { BillingAccount } from './checkout.ts';
import { assertPlanFeature } from './plan-limits.ts';

/** The caller's candidate preferences, else those of the first member of the organisation who gave some. */
async function preferencesOf(db: Db, account: BillingAccount): Promise<TCandidatePreferences | null> {
  const [own] = await db
    .select({ preferences: users.candidatePreferences })
    .from(users)
    .where(eq(users.id, account.userId))
    .limit(1);
  if (own?.preferences || !account.organizationId) return own?.preferences ?? null;
  const [member] = await db
    .select({ preferences: users.candidatePreferences })
    .from(users)
    .where(and(eq(users.organizationId, account.organizationId), isNotNull(users.candidatePreferences)))
    .orderBy(users.createdAt)
    .limit(1);
  return member?.preferences ?? null;
}

/**
 * The conditions a physician must meet to match the preferences, wherever they live: the
 * specialty, at least one asked sub-specialty, the board status, the minimum experience and
 * availability by the year asked (or the year after). Distance plays no part here.
 */
function preferenceConditions(preferences: TCandidatePreferences | null): SQL[] {
  if (!preferences) return [];
  const conditions: SQL[] = physicianFilterConditions({
    queryText: '',
    specialty: preferences.specialty,
    boardStatus: preferences.boardCertStatus,
  });
  if (preferences.subSpecialty && preferences.subSpecialty.length > 0) {
    conditions.push(
      sql`${physicians.subSpecialtyIds} && array[${sql.join(
        preferences.subSpecialty.map((id) => sql`${id}`),
        sql`, `,
      )}]::text[]`,
    );
  }
  if (preferences.minExperience)
    conditions.push(gte(physicians.yearsOfExperience, preferences.minExperience));
  if (preferences.yearAvailableToStart) {
    conditions.push(lte(physicians.yearAvailable, preferences.yearAvailableToStart + 1));
  }
  return conditions;
}

export interface GlobalConnectionOptions {
  db: Db;
  account: BillingAccount;
  query: TGlobalConnectionQuery;
}

/**
 * The network-wide view (plans with 'global-connection'; 403 naming the plan otherwise):
 * discoverable physicians in every state who match the candidate preferences, counted by home
 * state for the map, and one page of them (optionally one state's) as /explore shows them.
 */
export async function globalConnection({
  db,
  account,
  query,
}: GlobalConnectionOptions): Promise<TGlobalConnectionData> {
  await assertPlanFeature(db, account.organizationId, 'global-connection');
  const { pageSize, pageNumber } = query;
  const organizationId = account.organizationId as string;
  const matching = and(
    isPubliclyDiscoverable,
    isNotHiddenFrom(organizationId),
    ...preferenceConditions(await preferencesOf(db, account)),
  );
  const listed = query.state ? and(matching, eq(physicians.homeState, query.state)) : matching;
  const [byState, page, [counted]] = await Promise.all([
    db
      .select({ state: physicians.homeState, count: count() })
      .from(physicians)
      .where(matching)
      .groupBy(physicians.homeState)
      .orderBy(desc(count()), physicians.homeState),
    db
      .select({ id: physicians.id })
      .from(physicians)
      .where(listed)
      .orderBy(desc(physicians.yearsOfExperience), physicians.id)
      .limit(pageSize)
      .offset((pageNumber - 1) * pageSize),
    db.select({ total: count() }).from(physicians).where(listed),
  ]);
  return {
    countsByState: byState
      .filter((row) => row.state)
      .map((row) => ({ state: row.state as string, count: row.count })),
    applicants: await loadApplicantViews({ db, organizationId, physicianIds: page.map((row) => row.id) }),
    total: counted?.total ?? 0,
    pageNumber,
    pageSize,
  };
}
