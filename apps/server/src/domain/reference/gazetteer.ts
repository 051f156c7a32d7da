import { createRequire } from 'node:module';
import type { TSearchLocationResult, TUsPlace } from '@medhire/contract/locations';
import type * as ZipCodes from 'zipcodes';
import { usStateByCode, usStates } from './search-states.ts';
import { normalizeText, toWords } from './text-match.ts';

/**
 * US places gazetteer: cities and ZIP codes with coordinates, for location autocomplete and
 * geocoding. Data: the `zipcodes` npm package (see ATTRIBUTION.md), one record per ZIP code.
 * A city is every ZIP record sharing its name and state; its point is the median of their
 * points and its ZIP count stands in for its size when ranking ('Aus' → Austin, TX before
 * Austin, MN).
 *
 * Lookups use a prefix index built once: every searchable key of every place, sorted, so a
 * query is two binary searches and a walk over the keys that start with it.
 */

export interface ZipRecord {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

interface CityPlace {
  city: string;
  state: string;
  description: string;
  latitude: number;
  longitude: number;
  zipCount: number;
}

/** How a key matched the typed city; lower is better. */
const KeyMatch = { ExactName: 0, NamePrefix: 1, LaterWordPrefix: 2 } as const;

/**
 * How the typed text was read; lower is better. 'springfield il' is first read as Springfield in
 * Illinois, then as a place called 'springfield il…'. A half-typed state ('washington d') is as
 * good a reading as none: the name match then decides, so Washington, DC (the whole name) comes
 * before Washington Depot, CT (a name that merely starts with the text).
 */
const ReadingRank = { ExactState: 0, NoState: 1, StatePrefix: 1, UnknownState: 2 } as const;

/** Words written both ways in US place names; both forms of a name are indexed. */
const WORD_VARIANTS: Readonly<Record<string, string>> = {
  saint: 'st',
  st: 'saint',
  sainte: 'ste',
  ste: 'sainte',
  fort: 'ft',
  ft: 'fort',
  mount: 'mt',
  mt: 'mount',
  point: 'pt',
  pt: 'point',
};

/**
 * Typing a state name that is also a city name ('Indiana', 'Washington') means the state,
 * unless the city is a major one: New York (159 ZIP codes) and Washington, DC (274) stay cities.
 */
const MAJOR_CITY_ZIP_COUNT = 25;

/** USPS codes of the states and territories the product serves; military and freely associated codes are left out. */
const SERVED_STATE_CODES = new Set(usStates.map((state) => state.code));

/**
 * ZIP codes of a firm or an agency rather than a place ('Pacific Gas & Electric', '115 Firms',
 * 'Bank Of New York', 'Texas Dept Of Correction'): the source lists unique ZIP codes under
 * their owner's name.
 */
const NOT_A_PLACE_NAME =
  /[0-9&/]|\b(inc|co|corp|natl|insurance|ins|firms?|brm|lending|lottery|svc|assoc|dept|com|amer|mail|services?|express|fund|card|elec)\b|\bbanks? of\b|\b(national|natl|union|amsouth|first)\b.*\bbank\b/i;

const roundCoordinate = (value: number) => Math.round(value * 10_000) / 10_000;

export interface SearchPlacesOptions {
  queryText: string;
  pageSize: number;
  pageNumber: number;
}

interface CityReading {
  city: string;
  /** States the place must be in; null when the text names none. */
  states: ReadonlySet<string> | null;
  rank: number;
}

export class Gazetteer {
  private readonly cities: CityPlace[] = [];
  private readonly zipRecords: ZipRecord[];
  private readonly zipByCode = new Map<string, ZipRecord>();
  /** Sorted searchable keys and, at the same position, the city they lead to and how. */
  private readonly keys: string[];
  private readonly keyCity: Int32Array;
  private readonly keyIsLaterWord: Uint8Array;
  private readonly stateByName = new Map<string, string>();
  /** Position of each city when all are ordered biggest first, then by name. */
  private readonly popularityRank: Int32Array;

  constructor(records: readonly ZipRecord[]) {
    this.zipRecords = [...records].sort((a, b) => compareText(a.zip, b.zip));
    for (const record of this.zipRecords) this.zipByCode.set(record.zip, record);

    // Many ZIP codes share a city name: normalise each distinct name once.
    const normalizedNames = new Map<string, string>();
    const normalizedName = (name: string) => {
      let normalized = normalizedNames.get(name);
      if (normalized === undefined) {
        normalized = normalizeText(name);
        normalizedNames.set(name, normalized);
      }
      return normalized;
    };

    const cityIndexByKey = new Map<string, number>();
    const cityOfRecord = new Int32Array(this.zipRecords.length);
    this.zipRecords.forEach((record, recordIndex) => {
      const cityKey = `${normalizedName(record.city)}|${record.state}`;
      let index = cityIndexByKey.get(cityKey);
      if (index === undefined) {
        index = this.cities.length;
        cityIndexByKey.set(cityKey, index);
        this.cities.push({
          city: record.city,
          state: record.state,
          description: `${record.city}, ${record.state}`,
          latitude: record.latitude,
          longitude: record.longitude,
          zipCount: 0,
        });
      }
      (this.cities[index] as CityPlace).zipCount += 1;
      cityOfRecord[recordIndex] = index;
    });

    // The median, not the mean: a city's ZIP list can hold a far-off post-office or firm ZIP
    // (New York's mean lands on Long Island), and one outlier must not move the city. The
    // points are laid out city by city in two flat arrays to keep the build light.
    const offsets = new Int32Array(this.cities.length + 1);
    this.cities.forEach((city, index) => {
      offsets[index + 1] = (offsets[index] as number) + city.zipCount;
    });
    const filled = offsets.slice(0, this.cities.length);
    const latitudes = new Float64Array(this.zipRecords.length);
    const longitudes = new Float64Array(this.zipRecords.length);
    this.zipRecords.forEach((record, recordIndex) => {
      const city = cityOfRecord[recordIndex] as number;
      const slot = filled[city] as number;
      latitudes[slot] = record.latitude;
      longitudes[slot] = record.longitude;
      filled[city] = slot + 1;
    });
    this.cities.forEach((city, index) => {
      if (city.zipCount === 1) return;
      const from = offsets[index] as number;
      const to = offsets[index + 1] as number;
      city.latitude = median(latitudes.subarray(from, to));
      city.longitude = median(longitudes.subarray(from, to));
    });
    for (const city of this.cities) {
      city.latitude = roundCoordinate(city.latitude);
      city.longitude = roundCoordinate(city.longitude);
    }
    const byPopularity = this.cities.map((_, index) => index);
    byPopularity.sort((a, b) => {
      const cityA = this.cities[a] as CityPlace;
      const cityB = this.cities[b] as CityPlace;
      return cityB.zipCount - cityA.zipCount || compareText(cityA.description, cityB.description);
    });
    this.popularityRank = new Int32Array(this.cities.length);
    byPopularity.forEach((cityIndex, rank) => {
      this.popularityRank[cityIndex] = rank;
    });

    const entries: { key: string; city: number; isLaterWord: boolean }[] = [];
    this.cities.forEach((city, index) => {
      for (const name of nameVariants(toWords(normalizedName(city.city)))) {
        entries.push({ key: name.join(' '), city: index, isLaterWord: false });
        for (let start = 1; start < name.length; start += 1) {
          entries.push({ key: name.slice(start).join(' '), city: index, isLaterWord: true });
        }
      }
    });
    entries.sort((a, b) => compareText(a.key, b.key));
    this.keys = entries.map((entry) => entry.key);
    this.keyCity = Int32Array.from(entries, (entry) => entry.city);
    this.keyIsLaterWord = Uint8Array.from(entries, (entry) => (entry.isLaterWord ? 1 : 0));

    for (const state of usStates) this.stateByName.set(normalizeText(state.name), state.code);
    this.stateByName.set('virgin islands', 'VI');
    this.stateByName.set('usvi', 'VI');
    this.stateByName.set('washington dc', 'DC');
  }

  get size(): { cities: number; zipCodes: number; keys: number } {
    return { cities: this.cities.length, zipCodes: this.zipRecords.length, keys: this.keys.length };
  }

  /** Autocomplete: cities (and ZIP codes when digits are typed), best match and biggest first. */
  search({ queryText, pageSize, pageNumber }: SearchPlacesOptions): TSearchLocationResult {
    const start = (pageNumber - 1) * pageSize;
    const page = (places: TUsPlace[], total: number) => ({ places, total, pageNumber, pageSize });
    const text = queryText.trim();

    const zipPrefix = /^\d{1,5}(-\d{0,4})?$/.test(text) ? text.slice(0, 5) : null;
    if (zipPrefix !== null) {
      const [from, to] = this.range(this.zipRecords, zipPrefix, (record) => record.zip);
      const records = this.zipRecords.slice(from + start, Math.min(to, from + start + pageSize));
      return page(records.map(toZipPlace), to - from);
    }
    const zipInText = findZipCode(text);
    if (zipInText !== null) {
      const record = this.zipByCode.get(zipInText);
      return record && start === 0 ? page([toZipPlace(record)], 1) : page([], record ? 1 : 0);
    }

    const best = new Map<number, { reading: number; match: number }>();
    for (const reading of this.readings(text, true)) {
      this.collect(reading, false, best);
    }
    const popularity = this.popularityRank;
    const ranked = [...best].sort(
      ([cityA, a], [cityB, b]) =>
        a.reading - b.reading ||
        a.match - b.match ||
        (popularity[cityA] as number) - (popularity[cityB] as number),
    );
    const places = ranked
      .slice(start, start + pageSize)
      .map(([city]) => toCityPlace(this.cities[city] as CityPlace));
    return page(places, ranked.length);
  }

  /**
   * Geocoding of a typed place: a ZIP code, a city with or without its state ('Austin, TX',
   * 'austin texas'), or a state. Only whole names count: a fragment such as 'Aus' is not a
   * place. Of several cities with the name, the biggest wins.
   */
  geocode(text: string): TUsPlace | null {
    const zip = findZipCode(text);
    if (zip !== null) {
      const record = this.zipByCode.get(zip);
      return record ? toZipPlace(record) : null;
    }
    const best = new Map<number, { reading: number; match: number }>();
    for (const reading of this.readings(text.trim(), false)) {
      this.collect(reading, true, best);
    }
    let found: { city: CityPlace; reading: number } | null = null;
    for (const [index, { reading }] of best) {
      const city = this.cities[index] as CityPlace;
      if (
        !found ||
        reading < found.reading ||
        (reading === found.reading && city.zipCount > found.city.zipCount)
      ) {
        found = { city, reading };
      }
    }
    const state = this.stateNamed(normalizeText(text));
    if (state && (!found || found.city.zipCount < MAJOR_CITY_ZIP_COUNT)) {
      return { description: state.name, state: state.code, coords: state.coords };
    }
    return found ? toCityPlace(found.city) : null;
  }

  private stateNamed(normalized: string) {
    const code = normalized.length === 2 ? normalized.toUpperCase() : this.stateByName.get(normalized);
    return code === undefined ? undefined : usStateByCode.get(code);
  }

  /** States a typed fragment names: by exact code or name, or (while typing) by the start of a name. */
  private statesFor(fragment: string, allowPrefix: boolean): { codes: Set<string>; isExact: boolean } {
    const exact = this.stateNamed(fragment);
    if (exact) return { codes: new Set([exact.code]), isExact: true };
    const codes = new Set<string>();
    if (allowPrefix && fragment.length > 0) {
      for (const [name, code] of this.stateByName) if (name.startsWith(fragment)) codes.add(code);
      if (fragment.length === 1) {
        for (const state of usStates)
          if (state.code.toLowerCase().startsWith(fragment)) codes.add(state.code);
      }
    }
    return { codes, isExact: false };
  }

  /** The ways typed text can be read as a city and a state, best reading first. */
  private readings(text: string, allowPrefix: boolean): CityReading[] {
    const commaAt = text.indexOf(',');
    if (commaAt >= 0) {
      const city = normalizeText(text.slice(0, commaAt));
      const statePart = normalizeText(text.slice(commaAt + 1));
      if (city.length === 0) return [];
      if (statePart.length === 0) return [{ city, states: null, rank: ReadingRank.NoState }];
      const { codes, isExact } = this.statesFor(statePart, allowPrefix);
      if (codes.size === 0)
        return allowPrefix ? [{ city, states: null, rank: ReadingRank.UnknownState }] : [];
      return [{ city, states: codes, rank: isExact ? ReadingRank.ExactState : ReadingRank.StatePrefix }];
    }
    const words = toWords(normalizeText(text));
    if (words.length === 0) return [];
    const readings: CityReading[] = [{ city: words.join(' '), states: null, rank: ReadingRank.NoState }];
    // A state name has at most three words ('district of columbia', 'northern mariana islands').
    for (let stateWords = 1; stateWords <= Math.min(3, words.length - 1); stateWords += 1) {
      const city = words.slice(0, words.length - stateWords).join(' ');
      const { codes, isExact } = this.statesFor(words.slice(-stateWords).join(' '), allowPrefix);
      if (codes.size > 0) {
        readings.push({
          city,
          states: codes,
          rank: isExact ? ReadingRank.ExactState : ReadingRank.StatePrefix,
        });
      }
    }
    return readings;
  }

  /** Adds every city the reading finds to `best`, keeping each city's best reading and match. */
  private collect(
    reading: CityReading,
    exactOnly: boolean,
    best: Map<number, { reading: number; match: number }>,
  ) {
    const [from, to] = this.range(this.keys, reading.city, (key) => key);
    for (let position = from; position < to; position += 1) {
      const key = this.keys[position] as string;
      const isLaterWord = this.keyIsLaterWord[position] === 1;
      const match =
        key === reading.city && !isLaterWord
          ? KeyMatch.ExactName
          : isLaterWord
            ? KeyMatch.LaterWordPrefix
            : KeyMatch.NamePrefix;
      if (exactOnly && match !== KeyMatch.ExactName) continue;
      const cityIndex = this.keyCity[position] as number;
      const city = this.cities[cityIndex] as CityPlace;
      if (reading.states && !reading.states.has(city.state)) continue;
      const previous = best.get(cityIndex);
      if (
        !previous ||
        reading.rank < previous.reading ||
        (reading.rank === previous.reading && match < previous.match)
      ) {
        best.set(cityIndex, { reading: reading.rank, match });
      }
    }
  }

  /** [from, to) of the sorted items whose key starts with `prefix`. */
  private range<T>(items: readonly T[], prefix: string, keyOf: (item: T) => string): [number, number] {
    const lowerBound = (value: string) => {
      let low = 0;
      let high = items.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (keyOf(items[middle] as T) < value) low = middle + 1;
        else high = middle;
      }
      return low;
    };
    // Every key starting with the prefix sorts before the prefix followed by the highest character.
    return [lowerBound(prefix), lowerBound(`${prefix}\uffff`)];
  }
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Sorts `values` in place. */
function median(values: Float64Array): number {
  const sorted = values.sort();
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function nameVariants(words: string[]): string[][] {
  if (!words.some((word) => WORD_VARIANTS[word] !== undefined)) return [words];
  let variants: string[][] = [[]];
  for (const word of words) {
    const alternative = WORD_VARIANTS[word];
    variants = variants.flatMap((prefix) =>
      alternative
        ? [
            [...prefix, word],
            [...prefix, alternative],
          ]
        : [[...prefix, word]],
    );
  }
  return variants;
}

/** A five-digit ZIP code (ZIP+4 allowed) standing alone in the text. */
function findZipCode(text: string): string | null {
  return /(?:^|\D)(\d{5})(?:-\d{4})?(?!\d)/.exec(text)?.[1] ?? null;
}

function toCityPlace(city: CityPlace): TUsPlace {
  return {
    description: city.description,
    city: city.city,
    state: city.state,
    coords: { latitude: city.latitude, longitude: city.longitude },
  };
}

function toZipPlace(record: ZipRecord): TUsPlace {
  return {
    description: `${record.city}, ${record.state} ${record.zip}`,
    city: record.city,
    state: record.state,
    zip: record.zip,
    coords: { latitude: roundCoordinate(record.latitude), longitude: roundCoordinate(record.longitude) },
  };
}

/** The ZIP records of the shipped database that the product serves. */
export function loadZipRecords(): ZipRecord[] {
  // Required here, not imported at the top: the database is ~40,000 records, and loading it only
  // when the index is built keeps it off the server's start-up path.
  const { codes } = createRequire(import.meta.url)('zipcodes') as typeof ZipCodes;
  const records: ZipRecord[] = [];
  for (const entry of Object.values(codes)) {
    if (entry.country !== 'US' || !SERVED_STATE_CODES.has(entry.state)) continue;
    if (NOT_A_PLACE_NAME.test(entry.city)) continue;
    if (!Number.isFinite(entry.latitude) || !Number.isFinite(entry.longitude)) continue;
    records.push({
      zip: entry.zip,
      city: entry.city,
      state: entry.state,
      latitude: entry.latitude,
      longitude: entry.longitude,
    });
  }
  return records;
}

let shared: Gazetteer | null = null;

/** The process-wide gazetteer, built on first use (the server builds it at start). */
export function getGazetteer(): Gazetteer {
  shared ??= new Gazetteer(loadZipRecords());
  return shared;
}
