import type { TPlace } from '@medhire/contract/account';
import { completeNpi } from '../domain/organizations/npi.ts';
import { getGazetteer } from '../domain/reference/gazetteer.ts';
import { SPECIALTIES } from '../domain/reference/specialty-data.ts';
import {
  FIRST_NAMES,
  LAST_NAMES,
  OTHER_CITIES,
  POPULAR_STATES,
  SPECIALTY_WEIGHTS,
  STATE_NEIGHBOURS,
  TEXAS_CITIES,
} from './physician-data.ts';

/**
 * Deterministic, realistic physician profiles for demo and benchmark data. Physician number `n`
 * of a seed is always the same person: each one draws from its own pseudo-random stream
 * (mulberry32 seeded from the seed and `n`), so any range can be generated on its own, in any
 * order, and a large data set can be resumed where it stopped.
 *
 * The mix follows the US physician workforce: specialties weighted by their share of active
 * physicians with 0–2 of the specialty's real subspecialties; about 70 % board certified, 20 %
 * board eligible (recent graduates), 10 % not certified; experience 0–35 years, skewed young;
 * homes in real US cities weighted by metro size, a quarter of them in Texas; mostly full-time;
 * 8 % need a visa; 90 % discoverable. NPI numbers carry a valid check digit and never repeat
 * within a seed.
 */

export const DEFAULT_PHYSICIAN_SEED = 20_260_101;
export const DEMO_PHYSICIAN_EMAIL_DOMAIN = 'physicians.medhire.example';

/** Share of physicians whose home is in Texas (the demo employer hires in Austin). */
const TEXAS_SHARE = 0.25;
const DAY_MS = 24 * 60 * 60_000;

/** A physician profile in stored form (reference ids, state codes), ready for an insert. */
export interface GeneratedPhysician {
  /** Position in the generated sequence, from 0. */
  index: number;
  email: string;
  firstName: string;
  lastName: string;
  photo: null;
  npiNumber: string;
  specialtyId: string;
  subSpecialtyIds: string[];
  boardStatus: 'board-certified' | 'board-eligible' | 'not-board-certified';
  yearsOfExperience: number;
  yearAvailable: number;
  homeDescription: string;
  homeCity: string;
  homeState: string;
  homeLatitude: number;
  homeLongitude: number;
  statesOfInterest: string[];
  citiesOfInterest: TPlace[];
  employmentTypes: string[];
  needsVisa: boolean;
  isDiscoverable: boolean;
  /** When the physician registered: mostly months ago, a few in the last eight weeks. */
  createdAt: Date;
}

export interface PhysicianGeneratorOptions {
  seed?: number;
  /** The moment "now" for start years and registration dates. */
  now?: Date;
  /** Domain of the generated e-mail addresses. */
  emailDomain?: string;
}

/** mulberry32: a tiny, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Mixes the seed and a physician's number into the seed of that physician's stream. */
function streamSeed(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

interface Weighted<T> {
  items: readonly T[];
  /** Running totals of the weights. */
  cumulative: Float64Array;
}

function weighted<T>(entries: readonly (readonly [T, number])[]): Weighted<T> {
  const cumulative = new Float64Array(entries.length);
  let total = 0;
  entries.forEach(([, weight], index) => {
    total += weight;
    cumulative[index] = total;
  });
  return { items: entries.map(([item]) => item), cumulative };
}

function pickWeighted<T>(table: Weighted<T>, random: () => number): T {
  const target = random() * (table.cumulative[table.cumulative.length - 1] as number);
  let low = 0;
  let high = table.cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((table.cumulative[middle] as number) > target) high = middle;
    else low = middle + 1;
  }
  return table.items[low] as T;
}

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks a count from relative weights: index i has weight weights[i]. */
function pickCount(weights: readonly number[], random: () => number): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  let target = random() * total;
  for (let count = 0; count < weights.length; count += 1) {
    target -= weights[count] as number;
    if (target < 0) return count;
  }
  return weights.length - 1;
}

interface City {
  city: string;
  state: string;
  place: TPlace;
}

interface Tables {
  specialties: Weighted<string>;
  subSpecialtiesOf: ReadonlyMap<string, readonly string[]>;
  texasCities: Weighted<City>;
  otherCities: Weighted<City>;
  citiesByState: ReadonlyMap<string, readonly City[]>;
  popularStates: Weighted<string>;
}

let tables: Tables | undefined;

/** Geocodes the city lists once through the gazetteer, so every home is a real place. */
function loadTables(): Tables {
  if (tables) return tables;
  const gazetteer = getGazetteer();
  const city = (name: string, state: string): City => {
    const found = gazetteer.geocode(`${name}, ${state}`);
    if (!found || found.state !== state) throw new Error(`${name}, ${state} is not in the gazetteer.`);
    return {
      city: found.city ?? name,
      state,
      place: { description: found.description, coords: found.coords },
    };
  };
  const texas = TEXAS_CITIES.map(([name, weight]) => [city(name, 'TX'), weight] as const);
  const others = OTHER_CITIES.map(([name, state, weight]) => [city(name, state), weight] as const);
  const citiesByState = new Map<string, City[]>();
  for (const [entry] of [...texas, ...others]) {
    const list = citiesByState.get(entry.state) ?? [];
    list.push(entry);
    citiesByState.set(entry.state, list);
  }
  const known = new Set(SPECIALTIES.map((specialty) => specialty.id));
  for (const id of Object.keys(SPECIALTY_WEIGHTS)) {
    if (!known.has(id)) throw new Error(`Unknown specialty in the generator weights: ${id}`);
  }
  tables = {
    specialties: weighted(Object.entries(SPECIALTY_WEIGHTS)),
    subSpecialtiesOf: new Map(
      SPECIALTIES.map((specialty) => [
        specialty.id,
        specialty.subSpecialties.map(([slug]) => `${specialty.id}--${slug}`),
      ]),
    ),
    texasCities: weighted(texas),
    otherCities: weighted(others),
    citiesByState,
    // Earlier in the list, more often chosen.
    popularStates: weighted(POPULAR_STATES.map((state, index) => [state, POPULAR_STATES.length - index])),
  };
  return tables;
}

/** Lower-case ASCII letters and digits of a name, for e-mail addresses. */
function emailPart(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** A different NPI for every index below 10^8: 1 + a bijective scramble of the index + check digit. */
function npiFor(index: number, seed: number): string {
  const scrambled = (index * 48_271 + (seed % 100_000_000) + 10_000_000) % 100_000_000;
  return completeNpi(`1${String(scrambled).padStart(8, '0')}`);
}

function distinct<T>(count: number, draw: () => T, exclude: ReadonlySet<T> = new Set()): T[] {
  const chosen: T[] = [];
  for (let attempt = 0; chosen.length < count && attempt < count * 8; attempt += 1) {
    const value = draw();
    if (!exclude.has(value) && !chosen.includes(value)) chosen.push(value);
  }
  return chosen;
}

/** What a physician looks for first; a quarter look for a second kind of work as well. */
const PRIMARY_EMPLOYMENT_TYPES = weighted([
  ['full-time', 78],
  ['part-time', 10],
  ['locum-tenens', 7],
  ['telemedicine', 3],
  ['per-diem', 2],
]);
const EXTRA_EMPLOYMENT_TYPES = ['part-time', 'locum-tenens', 'telemedicine', 'per-diem', 'contract'];

/** Physician number `index` of the seed. */
export function generatePhysician(
  index: number,
  options: PhysicianGeneratorOptions = {},
): GeneratedPhysician {
  const seed = options.seed ?? DEFAULT_PHYSICIAN_SEED;
  const now = options.now ?? new Date();
  const domain = options.emailDomain ?? DEMO_PHYSICIAN_EMAIL_DOMAIN;
  const t = loadTables();
  const random = mulberry32(streamSeed(seed, index));

  const firstName = pick(FIRST_NAMES, random);
  const lastName = pick(LAST_NAMES, random);

  const specialtyId = pickWeighted(t.specialties, random);
  const subs = t.subSpecialtiesOf.get(specialtyId) ?? [];
  const subCount = Math.min(subs.length, pickCount([50, 36, 14], random));
  const subSpecialtyIds = distinct(subCount, () => pick(subs, random));

  const boardRoll = random();
  const boardStatus =
    boardRoll < 0.7 ? 'board-certified' : boardRoll < 0.9 ? 'board-eligible' : 'not-board-certified';
  // Board eligible: recent graduates. Others: skewed towards the early and middle career.
  const yearsOfExperience =
    boardStatus === 'board-eligible'
      ? Math.floor(random() ** 1.5 * 5)
      : Math.min(35, Math.floor(random() ** 1.4 * 34) + (boardStatus === 'board-certified' ? 2 : 0));
  const yearAvailable = now.getUTCFullYear() + pickCount([55, 30, 15], random);

  const home =
    random() < TEXAS_SHARE ? pickWeighted(t.texasCities, random) : pickWeighted(t.otherCities, random);

  const neighbours = STATE_NEIGHBOURS[home.state] ?? [];
  const stateCount = pickCount([30, 25, 22, 13, 10], random);
  const statesOfInterest = distinct(
    stateCount,
    () =>
      neighbours.length > 0 && random() < 0.65
        ? pick(neighbours, random)
        : pickWeighted(t.popularStates, random),
    new Set([home.state]),
  ).sort();

  const cityStates = [home.state, ...statesOfInterest];
  const cityCount = pickCount([40, 30, 18, 12], random);
  const citiesOfInterest = distinct(cityCount, () => {
    const state = pick(cityStates, random);
    return pick(t.citiesByState.get(state) ?? [home], random);
  })
    .filter((city) => city !== home || random() < 0.5)
    .map((city) => city.place);

  const primaryType = pickWeighted(PRIMARY_EMPLOYMENT_TYPES, random);
  const employmentTypes = [primaryType];
  if (random() < 0.25) {
    employmentTypes.push(
      pick(
        EXTRA_EMPLOYMENT_TYPES.filter((type) => type !== primaryType),
        random,
      ),
    );
  }

  const needsVisa = random() < 0.08;
  const isDiscoverable = random() < 0.9;
  const daysAgo = random() < 0.08 ? Math.floor(random() * 56) : 60 + Math.floor(random() * 670);
  const createdAt = new Date(now.getTime() - daysAgo * DAY_MS - Math.floor(random() * DAY_MS));

  return {
    index,
    email: `${emailPart(firstName)}.${emailPart(lastName)}.${index + 1}@${domain}`,
    firstName,
    lastName,
    photo: null,
    npiNumber: npiFor(index, seed),
    specialtyId,
    subSpecialtyIds,
    boardStatus,
    yearsOfExperience,
    yearAvailable,
    homeDescription: home.place.description,
    homeCity: home.city,
    homeState: home.state,
    homeLatitude: home.place.coords.latitude,
    homeLongitude: home.place.coords.longitude,
    statesOfInterest,
    citiesOfInterest,
    employmentTypes,
    needsVisa,
    isDiscoverable,
    createdAt,
  };
}

/** Physicians `from` … `from + count - 1` of the seed. */
export function generatePhysicians(
  count: number,
  options: PhysicianGeneratorOptions & { from?: number } = {},
): GeneratedPhysician[] {
  const from = options.from ?? 0;
  return Array.from({ length: count }, (_, offset) => generatePhysician(from + offset, options));
}
