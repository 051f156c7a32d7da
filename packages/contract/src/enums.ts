import { z } from 'zod';

/**
 * Reference data ("utility metaData", spec §3). Every id is a stable slug, so a value stored on a
 * job, an organisation or a candidate stays valid across releases of the data.
 */
export const ZEnumId = z.string().trim().min(1).max(200);

/** One choice of a simple list (employment types, bonuses, benefits …). */
export const ZEnumValue = z.object({ _id: ZEnumId, title: z.string() });
export type TEnumValue = z.infer<typeof ZEnumValue>;

export const ZSpecialty = z.object({ _id: ZEnumId, title: z.string() });
export type TSpecialty = z.infer<typeof ZSpecialty>;

export const ZSubSpecialty = z.object({ _id: ZEnumId, specialtyId: ZEnumId, title: z.string() });
export type TSubSpecialty = z.infer<typeof ZSubSpecialty>;

export const ZSpecialtyWithSubSpecialties = ZSpecialty.extend({ subSpecialties: z.array(ZSubSpecialty) });
export type TSpecialtyWithSubSpecialties = z.infer<typeof ZSpecialtyWithSubSpecialties>;

/** The simple lists, by the key the client reads them under. */
export const ENUM_LIST_KEYS = [
  'employmentType',
  'bonus',
  'fringeBenefits',
  'requiredQualification',
  'boardStatus',
  'jobTypes',
  'practiceType',
  'reasonForJobOpportunity',
] as const;
export const ZEnumListKey = z.enum(ENUM_LIST_KEYS);
export type TEnumListKey = z.infer<typeof ZEnumListKey>;

/** `GET /api/enums/get-all-enums` → data. */
export const ZEnums = z.object({
  /** Version of the shipped reference data; changes whenever any value changes. */
  dataVersion: z.string(),
  specialties: z.array(ZSpecialty),
  subSpecialties: z.array(ZSubSpecialty),
  specialtiesAndSubSpecialty: z.array(ZSpecialtyWithSubSpecialties),
  employmentType: z.array(ZEnumValue),
  bonus: z.array(ZEnumValue),
  fringeBenefits: z.array(ZEnumValue),
  requiredQualification: z.array(ZEnumValue),
  boardStatus: z.array(ZEnumValue),
  jobTypes: z.array(ZEnumValue),
  practiceType: z.array(ZEnumValue),
  reasonForJobOpportunity: z.array(ZEnumValue),
});
export type TEnums = z.infer<typeof ZEnums>;

/**
 * Free text typed into a search box. Absent or blank means "no filter": the specialty and
 * sub-specialty searches then return the whole list in alphabetical order.
 */
export const ZQueryText = z
  .string()
  .max(100, 'Search text must be at most 100 characters.')
  .optional()
  .transform((value) => value?.trim() ?? '');

/** `GET /api/enums/search-specialty?queryText` */
export const ZSearchSpecialtyQuery = z.object({ queryText: ZQueryText });
export type TSearchSpecialtyQuery = z.input<typeof ZSearchSpecialtyQuery>;

/**
 * Specialty ids may come as a comma-separated list (`specialtiesIds=a,b`), as repeated
 * parameters (`specialtiesIds=a&specialtiesIds=b`) or as both.
 */
export const ZSpecialtyIdList = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) =>
    (Array.isArray(value) ? value : value === undefined ? [] : [value])
      .flatMap((part) => part.split(','))
      .map((id) => id.trim())
      .filter((id) => id.length > 0),
  )
  .pipe(z.array(ZEnumId).max(100, 'Choose at most 100 specialties.'));

/** `GET /api/enums/search-subSpecialty?queryText&specialtiesIds` */
export const ZSearchSubSpecialtyQuery = z.object({ queryText: ZQueryText, specialtiesIds: ZSpecialtyIdList });
export type TSearchSubSpecialtyQuery = z.input<typeof ZSearchSubSpecialtyQuery>;
