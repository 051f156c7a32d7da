import { ZSearchLocationResult } from '@medhire/contract/locations';
import { describe, expect, it } from 'vitest';
import { Gazetteer, getGazetteer, type ZipRecord } from '../../../src/domain/reference/gazetteer.ts';
import { US_STATES } from '../../../src/domain/reference/state-data.ts';

const zip = (code: string, city: string, state: string, latitude: number, longitude: number): ZipRecord => ({
  zip: code,
  city,
  state,
  latitude,
  longitude,
});

/** A small hand-made gazetteer: the index logic is tested apart from the shipped data. */
const small = new Gazetteer([
  zip('78701', 'Austin', 'TX', 30.27, -97.74),
  zip('78702', 'Austin', 'TX', 30.26, -97.71),
  zip('78703', 'Austin', 'TX', 30.29, -97.76),
  zip('55912', 'Austin', 'MN', 43.67, -92.97),
  zip('30106', 'Austell', 'GA', 33.82, -84.63),
  zip('63101', 'Saint Louis', 'MO', 38.63, -90.19),
  zip('63102', 'Saint Louis', 'MO', 38.64, -90.18),
  zip('62201', 'East Saint Louis', 'IL', 38.62, -90.13),
  zip('76101', 'Fort Worth', 'TX', 32.75, -97.33),
  zip('20001', 'Washington', 'DC', 38.91, -77.02),
  zip('06793', 'Washington Depot', 'CT', 41.64, -73.31),
  zip('15701', 'Indiana', 'PA', 40.62, -79.15),
]);

const descriptions = (queryText: string, pageSize = 10, gazetteer = small) =>
  gazetteer.search({ queryText, pageSize, pageNumber: 1 }).places.map((place) => place.description);

describe('Gazetteer index', () => {
  it('groups ZIP codes into cities at their median point', () => {
    expect(small.size).toMatchObject({ cities: 9, zipCodes: 12 });
    expect(small.geocode('Austin, TX')).toEqual({
      description: 'Austin, TX',
      city: 'Austin',
      state: 'TX',
      coords: { latitude: 30.27, longitude: -97.74 },
    });
  });

  it('ranks whole-name prefixes before later-word matches, bigger places first', () => {
    // Three ZIP codes beat one; equal sizes go by name.
    expect(descriptions('aus')).toEqual(['Austin, TX', 'Austell, GA', 'Austin, MN']);
    expect(descriptions('AUSTIN')).toEqual(['Austin, TX', 'Austin, MN']);
    expect(descriptions('louis')).toEqual(['Saint Louis, MO', 'East Saint Louis, IL']);
    expect(descriptions('saint')).toEqual(['Saint Louis, MO', 'East Saint Louis, IL']);
  });

  it("reads 'St.' and 'Ft' as 'Saint' and 'Fort'", () => {
    expect(descriptions('st. louis')).toEqual(['Saint Louis, MO', 'East Saint Louis, IL']);
    expect(descriptions('ft worth')).toEqual(['Fort Worth, TX']);
  });

  it('narrows by a state written as a code, a name, after a comma, or half typed', () => {
    expect(descriptions('austin tx')).toEqual(['Austin, TX']);
    expect(descriptions('austin minnesota')).toEqual(['Austin, MN']);
    expect(descriptions('Austin, MN')).toEqual(['Austin, MN']);
    expect(descriptions('austin t')).toEqual(['Austin, TX']);
    expect(descriptions('washington d')).toEqual(['Washington, DC', 'Washington Depot, CT']);
  });

  it('completes ZIP codes from their first digits, in order', () => {
    expect(descriptions('787')).toEqual(['Austin, TX 78701', 'Austin, TX 78702', 'Austin, TX 78703']);
    const secondPage = small.search({ queryText: '7', pageSize: 2, pageNumber: 2 });
    expect(secondPage.places.map((place) => place.zip)).toEqual(['78702', '78703']);
    expect(secondPage).toMatchObject({ total: 4, pageNumber: 2, pageSize: 2 });
    expect(small.geocode('78703')).toEqual({
      description: 'Austin, TX 78703',
      city: 'Austin',
      state: 'TX',
      zip: '78703',
      coords: { latitude: 30.29, longitude: -97.76 },
    });
    expect(descriptions('Austin, TX 78702')).toEqual(['Austin, TX 78702']);
  });

  it('finds nothing for blank or unknown text', () => {
    expect(small.search({ queryText: '  ', pageSize: 10, pageNumber: 1 })).toEqual({
      places: [],
      total: 0,
      pageNumber: 1,
      pageSize: 10,
    });
    expect(descriptions('zzz')).toEqual([]);
  });

  it('geocodes whole names only, preferring the biggest city of a name', () => {
    expect(small.geocode('austin')?.description).toBe('Austin, TX');
    expect(small.geocode('austin texas')?.description).toBe('Austin, TX');
    expect(small.geocode('Austin, Minnesota')?.description).toBe('Austin, MN');
    expect(small.geocode('78701')?.zip).toBe('78701');
    expect(small.geocode('78701-1234')?.zip).toBe('78701');
    expect(small.geocode('aus')).toBeNull();
    expect(small.geocode('99999')).toBeNull();
    expect(small.geocode('Austin, Vermont')).toBeNull();
  });

  it('geocodes a state name to the state unless a major city has that name', () => {
    expect(small.geocode('Indiana')).toEqual({
      description: 'Indiana',
      state: 'IN',
      coords: { latitude: 39.7684, longitude: -86.1581 },
    });
    expect(small.geocode('tx')?.description).toBe('Texas');
  });
});

describe('shipped gazetteer', () => {
  const gazetteer = getGazetteer();

  it('holds the US cities and ZIP codes of the served states and territories', () => {
    expect(gazetteer.size.zipCodes).toBeGreaterThan(40_000);
    expect(gazetteer.size.cities).toBeGreaterThan(25_000);
    for (const place of [
      'San Juan, PR',
      'Hagatna, GU',
      'Christiansted, VI',
      'Pago Pago, AS',
      'Saipan, MP',
      'Washington, DC',
    ]) {
      expect(descriptions(place, 1, gazetteer)).toEqual([place]);
    }
    expect(descriptions('apo', 10, gazetteer)).not.toContain('Apo, AE');
    expect(descriptions('bank of', 10, gazetteer)).toEqual([]);
  });

  it('puts the big city first for a common prefix and answers in the contract shape', () => {
    const result = gazetteer.search({ queryText: 'aus', pageSize: 5, pageNumber: 1 });
    expect(ZSearchLocationResult.parse(result)).toEqual(result);
    expect(result.places[0]?.description).toBe('Austin, TX');
    expect(descriptions('new york', 1, gazetteer)).toEqual(['New York, NY']);
    expect(descriptions('san fr', 1, gazetteer)).toEqual(['San Francisco, CA']);
  });

  it('geocodes typed places to real coordinates', () => {
    const austin = gazetteer.geocode('Austin, TX');
    expect(austin?.coords.latitude).toBeCloseTo(30.3, 1);
    expect(austin?.coords.longitude).toBeCloseTo(-97.75, 1);
    expect(gazetteer.geocode('austin texas')).toEqual(austin);
    expect(gazetteer.geocode('78701')?.description).toBe('Austin, TX 78701');
    expect(gazetteer.geocode('New York')?.description).toBe('New York, NY');
    expect(gazetteer.geocode('Washington')?.description).toBe('Washington, DC');
    expect(gazetteer.geocode('st. louis')?.description).toBe('Saint Louis, MO');
  });

  it('has each state capital within 30 km of where the gazetteer puts that city', () => {
    const capitalNames: Record<string, string> = { GU: 'Hagatna', VI: 'St Thomas' };
    for (const state of US_STATES) {
      const capital = capitalNames[state.code] ?? state.capital;
      const place = gazetteer.geocode(`${capital}, ${state.code}`);
      expect(place, state.code).not.toBeNull();
      const distance = kilometres(state, place?.coords ?? { latitude: 0, longitude: 0 });
      expect(distance, `${state.capital}, ${state.code}`).toBeLessThan(30);
    }
  });

  it('answers a keystroke in well under a millisecond on average', () => {
    const queries = ['a', 's', 'sa', 'san', 'aus', 'chi', 'new', 'bos', '78', '9'];
    const started = performance.now();
    for (let round = 0; round < 50; round += 1) {
      for (const queryText of queries) gazetteer.search({ queryText, pageSize: 10, pageNumber: 1 });
    }
    const average = (performance.now() - started) / (50 * queries.length);
    expect(average).toBeLessThan(5);
  });
});

function kilometres(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
