import { z } from 'zod';
import { ZCoordinates } from './account.ts';
import { ZQueryText } from './enums.ts';

/** A US state, the District of Columbia or an inhabited territory. `_id` is the USPS code. */
export const ZUsState = z.object({
  _id: z.string(),
  code: z.string().length(2),
  name: z.string(),
  /** What the client shows and stores as a place description, e.g. 'Texas'. */
  description: z.string(),
  /** The state capital: a stable point that distance scoring can use for a home state. */
  coords: ZCoordinates,
});
export type TUsState = z.infer<typeof ZUsState>;

/** Paging as ARCHITECTURE.md fixes it, with the spec's defaults for state search (spec §9). */
const pageSize = (fallback: number, max: number) =>
  z.coerce
    .number()
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be at least 1.')
    .max(max, `Page size must be at most ${max}.`)
    .default(fallback);
const pageNumber = z.coerce
  .number()
  .int('Page number must be a whole number.')
  .min(1, 'Page number must be at least 1.')
  .default(1);

/** `GET /api/enums/search-state?queryText&pageSize=10&pageNumber=1` — matches name or code. */
export const ZSearchStateQuery = z.object({ queryText: ZQueryText, pageSize: pageSize(10, 100), pageNumber });
export type TSearchStateQuery = z.input<typeof ZSearchStateQuery>;

export const ZSearchStateResult = z.object({
  states: z.array(ZUsState),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TSearchStateResult = z.infer<typeof ZSearchStateResult>;

/**
 * A US place from the gazetteer: a city (description 'Austin, TX'), a ZIP code
 * ('Austin, TX 78701') or a whole state ('Texas'). `state` is the USPS code.
 */
export const ZUsPlace = z.object({
  description: z.string(),
  city: z.string().optional(),
  state: z.string().length(2),
  zip: z.string().length(5).optional(),
  coords: ZCoordinates,
});
export type TUsPlace = z.infer<typeof ZUsPlace>;

/**
 * `GET /api/enums/search-location?queryText&pageSize&pageNumber` — autocomplete over US cities and
 * ZIP codes. Blank text finds nothing (there is no meaningful "all places" list).
 */
export const ZSearchLocationQuery = z.object({
  queryText: ZQueryText,
  pageSize: pageSize(10, 50),
  pageNumber,
});
export type TSearchLocationQuery = z.input<typeof ZSearchLocationQuery>;

export const ZSearchLocationResult = z.object({
  places: z.array(ZUsPlace),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
});
export type TSearchLocationResult = z.infer<typeof ZSearchLocationResult>;

/** `POST /api/employer/auth/v1/generate-location` (spec §7): geocode a typed place. */
export const ZGenerateLocationBody = z.object({
  location: z
    .string({ error: 'Enter a location.' })
    .trim()
    .min(1, 'Enter a location.')
    .max(200, 'A location must be at most 200 characters.'),
});
export type TGenerateLocationBody = z.infer<typeof ZGenerateLocationBody>;

export const LOCATION_NOT_FOUND_MESSAGE =
  'We could not find that place. Try a city and state, or a ZIP code.';
