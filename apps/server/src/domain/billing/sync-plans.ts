import { and, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { plans } from '../../db/schema/billing.ts';
import { referenceDataVersions } from '../../db/schema/reference.ts';
import { PLAN_CONTENT_HASH, PLAN_DATA_VERSION, PLANS } from './plan-data.ts';

const DATA_SET = 'plans';
/** Serialises the sync when several instances start against one PostgreSQL. */
const SYNC_LOCK_ID = 4_711_2026;

/**
 * Brings the plans table in line with the plans of this release, like the reference data:
 * idempotent, one read when unchanged; a plan no longer shipped is retired (subscriptions and
 * invoices still point at it), one that comes back is un-retired.
 */
export async function syncPlans(db: Db): Promise<{ changed: boolean; version: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_ID})`);
    const [current] = await tx
      .select({ contentHash: referenceDataVersions.contentHash })
      .from(referenceDataVersions)
      .where(sql`${referenceDataVersions.dataSet} = ${DATA_SET}`);
    if (current?.contentHash === PLAN_CONTENT_HASH) return { changed: false, version: PLAN_DATA_VERSION };

    const now = new Date();
    const rows = PLANS.map((plan, index) => ({
      id: plan._id,
      name: plan.name,
      description: plan.description,
      monthlyPriceCents: plan.monthlyPriceCents,
      yearlyPriceCents: plan.yearlyPriceCents,
      invitesPerPeriod: plan.invitesPerPeriod,
      seats: plan.seats,
      features: [...plan.features],
      highlights: [...plan.highlights],
      sortOrder: index,
      retiredAt: null,
    }));
    await tx
      .insert(plans)
      .values(rows)
      .onConflictDoUpdate({
        target: plans.id,
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          monthlyPriceCents: sql`excluded.monthly_price_cents`,
          yearlyPriceCents: sql`excluded.yearly_price_cents`,
          invitesPerPeriod: sql`excluded.invites_per_period`,
          seats: sql`excluded.seats`,
          features: sql`excluded.features`,
          highlights: sql`excluded.highlights`,
          sortOrder: sql`excluded.sort_order`,
          retiredAt: null,
        },
      });
    await tx
      .update(plans)
      .set({ retiredAt: now })
      .where(
        and(
          notInArray(
            plans.id,
            rows.map((row) => row.id),
          ),
          isNull(plans.retiredAt),
        ),
      );
    await tx
      .insert(referenceDataVersions)
      .values({
        dataSet: DATA_SET,
        version: PLAN_DATA_VERSION,
        contentHash: PLAN_CONTENT_HASH,
        syncedAt: now,
      })
      .onConflictDoUpdate({
        target: referenceDataVersions.dataSet,
        set: { version: PLAN_DATA_VERSION, contentHash: PLAN_CONTENT_HASH, syncedAt: now },
      });
    return { changed: true, version: PLAN_DATA_VERSION };
  });
}
