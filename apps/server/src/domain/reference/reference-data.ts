import { createHash } from 'node:crypto';
import type { TEnums, TEnumValue, TSpecialty, TSubSpecialty } from '@medhire/contract/enums';
import { ENUM_LIST_KEYS } from '@medhire/contract/enums';
import { ENUM_LISTS } from './enum-data.ts';
import { SPECIALTIES } from './specialty-data.ts';

/**
 * Version of the reference data shipped with this release. Raise it with every change to
 * specialty-data.ts or enum-data.ts; clients see it as `dataVersion` and in the ETag. Start-up
 * sync compares a hash of the content as well, so a change can never be missed by the database.
 */
export const DATA_VERSION = '2025.1';

export const SUB_SPECIALTY_ID_SEPARATOR = '--';

export const specialties: readonly TSpecialty[] = SPECIALTIES.map(({ id, title }) => ({ _id: id, title }));

export const subSpecialties: readonly TSubSpecialty[] = SPECIALTIES.flatMap((specialty) =>
  specialty.subSpecialties.map(([slug, title]) => ({
    _id: `${specialty.id}${SUB_SPECIALTY_ID_SEPARATOR}${slug}`,
    specialtyId: specialty.id,
    title,
  })),
);

const enumLists = Object.fromEntries(
  ENUM_LIST_KEYS.map((key) => [key, ENUM_LISTS[key].map(([id, title]): TEnumValue => ({ _id: id, title }))]),
) as Record<(typeof ENUM_LIST_KEYS)[number], TEnumValue[]>;

/** `GET /api/enums/get-all-enums` → data: built once, shared by every request. */
export const allEnums: TEnums = Object.freeze({
  dataVersion: DATA_VERSION,
  specialties: [...specialties],
  subSpecialties: [...subSpecialties],
  specialtiesAndSubSpecialty: specialties.map((specialty) => ({
    ...specialty,
    subSpecialties: subSpecialties.filter((sub) => sub.specialtyId === specialty._id),
  })),
  ...enumLists,
});

/** SHA-256 of everything the API and the database receive; changes whenever any value does. */
export const REFERENCE_CONTENT_HASH = createHash('sha256')
  .update(
    JSON.stringify({
      enums: allEnums,
      boards: SPECIALTIES.map((specialty) => [specialty.id, specialty.board]),
    }),
  )
  .digest('hex');

/** Strong validator for the enums response: same data, same tag, across instances and restarts. */
export const ENUMS_ETAG = `"${DATA_VERSION}-${REFERENCE_CONTENT_HASH.slice(0, 16)}"`;

export const specialtyById: ReadonlyMap<string, TSpecialty> = new Map(specialties.map((s) => [s._id, s]));
export const subSpecialtyById: ReadonlyMap<string, TSubSpecialty> = new Map(
  subSpecialties.map((s) => [s._id, s]),
);
