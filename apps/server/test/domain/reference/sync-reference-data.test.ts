import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enumValues,
  referenceDataVersions,
  specialties,
  subSpecialties,
} from '../../../src/db/schema/reference.ts';
import {
  allEnums,
  DATA_VERSION,
  REFERENCE_CONTENT_HASH,
} from '../../../src/domain/reference/reference-data.ts';
import { syncReferenceData } from '../../../src/domain/reference/sync-reference-data.ts';
import { buildTestApp } from '../../helper.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const liveCount = async (table: typeof specialties | typeof subSpecialties | typeof enumValues) =>
  (await app.db.select().from(table).where(isNull(table.retiredAt))).length;

describe('syncReferenceData', () => {
  it('has loaded the shipped data by the time the app is built', async () => {
    expect(await liveCount(specialties)).toBe(allEnums.specialties.length);
    expect(await liveCount(subSpecialties)).toBe(allEnums.subSpecialties.length);
    const simpleListSize =
      allEnums.employmentType.length +
      allEnums.bonus.length +
      allEnums.fringeBenefits.length +
      allEnums.requiredQualification.length +
      allEnums.boardStatus.length +
      allEnums.jobTypes.length +
      allEnums.practiceType.length +
      allEnums.reasonForJobOpportunity.length;
    expect(await liveCount(enumValues)).toBe(simpleListSize);
    const [version] = await app.db.select().from(referenceDataVersions);
    expect(version).toMatchObject({
      dataSet: 'enums',
      version: DATA_VERSION,
      contentHash: REFERENCE_CONTENT_HASH,
    });
  });

  it('writes nothing when the content is unchanged', async () => {
    expect(await syncReferenceData(app.db)).toEqual({ changed: false, version: DATA_VERSION });
  });

  it('repairs edited titles, retires values no longer shipped and keeps their rows', async () => {
    await app.db.update(specialties).set({ title: 'Edited by hand' }).where(eq(specialties.id, 'urology'));
    await app.db
      .insert(enumValues)
      .values({ kind: 'bonus', id: 'discontinued-bonus', title: 'Old', sortOrder: 99 });
    await app.db
      .insert(specialties)
      .values({ id: 'osteopathic-manipulative-medicine', title: 'OMM', board: 'x', sortOrder: 99 });
    // A release with different content is what makes the sync look again.
    await app.db.update(referenceDataVersions).set({ contentHash: 'an older release' });

    expect(await syncReferenceData(app.db)).toEqual({ changed: true, version: DATA_VERSION });

    const [urology] = await app.db.select().from(specialties).where(eq(specialties.id, 'urology'));
    expect(urology).toMatchObject({ title: 'Urology', retiredAt: null });
    const [retiredBonus] = await app.db
      .select()
      .from(enumValues)
      .where(and(eq(enumValues.kind, 'bonus'), eq(enumValues.id, 'discontinued-bonus')));
    expect(retiredBonus?.retiredAt).toBeInstanceOf(Date);
    const [retiredSpecialty] = await app.db
      .select()
      .from(specialties)
      .where(eq(specialties.id, 'osteopathic-manipulative-medicine'));
    expect(retiredSpecialty?.retiredAt).toBeInstanceOf(Date);
    expect(await liveCount(specialties)).toBe(allEnums.specialties.length);
    expect(await syncReferenceData(app.db)).toEqual({ changed: false, version: DATA_VERSION });
  });
});
