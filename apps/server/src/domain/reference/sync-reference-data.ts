import { and, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/index.ts';
import { enumValues, referenceDataVersions, specialties, subSpecialties } from '../../db/schema/reference.ts';
import { ENUM_LISTS } from './enum-data.ts';
import { DATA_VERSION, REFERENCE_CONTENT_HASH, SUB_SPECIALTY_ID_SEPARATOR } from './reference-data.ts';
import { SPECIALTIES } from './specialty-data.ts';

/** Row of reference_data_versions that records what the reference tables hold. */
const DATA_SET = 'enums';

/** Serialises the sync when several instances start against one PostgreSQL. */
const SYNC_LOCK_ID = 4_711_2025;

export interface SyncReferenceDataResult {
  /** False when the tables already held this content and nothing was written. */
  changed: boolean;
  version: string;
}

/**
 * Brings the reference tables in line with the data shipped in this release. Runs at start,
 * right after migrations; idempotent, and a single read when the content is unchanged. New
 * values are inserted, changed titles updated, and values no longer shipped are retired (never
 * deleted: jobs and profiles may still point at them). A value that comes back is un-retired.
 */
export async function syncReferenceData(db: Db): Promise<SyncReferenceDataResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SYNC_LOCK_ID})`);
    const [current] = await tx
      .select({ contentHash: referenceDataVersions.contentHash })
      .from(referenceDataVersions)
      .where(eq(referenceDataVersions.dataSet, DATA_SET));
    if (current?.contentHash === REFERENCE_CONTENT_HASH) return { changed: false, version: DATA_VERSION };

    const now = new Date();
    const specialtyRows = SPECIALTIES.map((specialty, index) => ({
      id: specialty.id,
      title: specialty.title,
      board: specialty.board,
      sortOrder: index,
      retiredAt: null,
    }));
    await tx
      .insert(specialties)
      .values(specialtyRows)
      .onConflictDoUpdate({
        target: specialties.id,
        set: {
          title: sql`excluded.title`,
          board: sql`excluded.board`,
          sortOrder: sql`excluded.sort_order`,
          retiredAt: null,
        },
      });
    await tx
      .update(specialties)
      .set({ retiredAt: now })
      .where(
        and(
          notInArray(
            specialties.id,
            specialtyRows.map((row) => row.id),
          ),
          isNull(specialties.retiredAt),
        ),
      );

    const subSpecialtyRows = SPECIALTIES.flatMap((specialty) =>
      specialty.subSpecialties.map(([slug, title], index) => ({
        id: `${specialty.id}${SUB_SPECIALTY_ID_SEPARATOR}${slug}`,
        specialtyId: specialty.id,
        title,
        sortOrder: index,
        retiredAt: null,
      })),
    );
    await tx
      .insert(subSpecialties)
      .values(subSpecialtyRows)
      .onConflictDoUpdate({
        target: subSpecialties.id,
        set: { title: sql`excluded.title`, sortOrder: sql`excluded.sort_order`, retiredAt: null },
      });
    await tx
      .update(subSpecialties)
      .set({ retiredAt: now })
      .where(
        and(
          notInArray(
            subSpecialties.id,
            subSpecialtyRows.map((row) => row.id),
          ),
          isNull(subSpecialties.retiredAt),
        ),
      );

    const kinds = Object.keys(ENUM_LISTS) as (keyof typeof ENUM_LISTS)[];
    const enumRows = kinds.flatMap((kind) =>
      ENUM_LISTS[kind].map(([id, title], index) => ({ kind, id, title, sortOrder: index, retiredAt: null })),
    );
    await tx
      .insert(enumValues)
      .values(enumRows)
      .onConflictDoUpdate({
        target: [enumValues.kind, enumValues.id],
        set: { title: sql`excluded.title`, sortOrder: sql`excluded.sort_order`, retiredAt: null },
      });
    for (const kind of kinds) {
      await tx
        .update(enumValues)
        .set({ retiredAt: now })
        .where(
          and(
            eq(enumValues.kind, kind),
            notInArray(
              enumValues.id,
              ENUM_LISTS[kind].map(([id]) => id),
            ),
            isNull(enumValues.retiredAt),
          ),
        );
    }
    await tx
      .update(enumValues)
      .set({ retiredAt: now })
      .where(and(notInArray(enumValues.kind, kinds), isNull(enumValues.retiredAt)));

    await tx
      .insert(referenceDataVersions)
      .values({
        dataSet: DATA_SET,
        version: DATA_VERSION,
        contentHash: REFERENCE_CONTENT_HASH,
        syncedAt: now,
      })
      .onConflictDoUpdate({
        target: referenceDataVersions.dataSet,
        set: { version: DATA_VERSION, contentHash: REFERENCE_CONTENT_HASH, syncedAt: now },
      });
    return { changed: true, version: DATA_VERSION };
  });
}
