import { z } from 'zod';
import { ZEnumId } from './enums.ts';

/**
 * What a physician searches jobs by. One shape for the job search (`GET
 * /api/employee/job/get-all-jobs`, as query parameters) and for a job alert (a saved search,
 * stored as JSON), so an alert finds exactly the jobs the same search shows.
 */
export const JOB_SEARCH_SORTS = ['match', 'newest', 'distance'] as const;
export const ZJobSearchSort = z.enum(JOB_SEARCH_SORTS, {
  error: 'Sort by best match, newest or distance.',
});
export type TJobSearchSort = z.infer<typeof ZJobSearchSort>;

export const JOB_SEARCH_LIMITS = { radiusMilesMin: 5, radiusMilesMax: 500, radiusMilesDefault: 50 } as const;

const stateCode = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Give the state as its two-letter code, e.g. TX.');

/** Query strings arrive as text: numbers are coerced, empty values dropped by the client. */
export const ZJobSearchCriteria = z
  .object({
    specialty: ZEnumId.optional(),
    state: stateCode.optional(),
    /** Centre of a radius search (a place chosen from the gazetteer); both or neither. */
    latitude: z.coerce.number().min(-90).max(90).optional(),
    longitude: z.coerce.number().min(-180).max(180).optional(),
    /** Shown to the physician with the alert and the search ("Austin, TX"). */
    placeName: z.string().trim().max(300).optional(),
    radiusMiles: z.coerce
      .number()
      .int('Give the radius in whole miles.')
      .min(
        JOB_SEARCH_LIMITS.radiusMilesMin,
        `The radius is at least ${JOB_SEARCH_LIMITS.radiusMilesMin} miles.`,
      )
      .max(
        JOB_SEARCH_LIMITS.radiusMilesMax,
        `The radius is at most ${JOB_SEARCH_LIMITS.radiusMilesMax} miles.`,
      )
      .optional(),
    employmentType: ZEnumId.optional(),
    /** Annual US dollars; only jobs that state a salary at or above it match. */
    minSalary: z.coerce
      .number()
      .int('Give the salary in whole dollars.')
      .min(0, 'The salary cannot be negative.')
      .max(10_000_000, 'The salary is out of range.')
      .optional(),
  })
  .refine((c) => (c.latitude === undefined) === (c.longitude === undefined), {
    message: 'Choose a place for a radius search.',
    path: ['latitude'],
  });
export type TJobSearchCriteria = z.infer<typeof ZJobSearchCriteria>;
