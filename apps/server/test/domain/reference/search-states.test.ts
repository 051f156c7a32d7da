import { ZSearchStateResult } from '@medhire/contract/locations';
import { describe, expect, it } from 'vitest';
import { searchStates, usStates } from '../../../src/domain/reference/search-states.ts';

const names = (queryText: string, pageSize = 100) =>
  searchStates({ queryText, pageSize, pageNumber: 1 }).states.map((state) => state.name);

describe('searchStates', () => {
  it('covers the 50 states, DC and the five inhabited territories', () => {
    expect(usStates).toHaveLength(56);
    const codes = usStates.map((state) => state.code);
    expect(new Set(codes).size).toBe(56);
    expect(codes).toEqual(expect.arrayContaining(['DC', 'PR', 'GU', 'VI', 'AS', 'MP']));
  });

  it('answers the contract shape with the spec defaults of one page', () => {
    const result = searchStates({ queryText: '', pageSize: 10, pageNumber: 1 });
    expect(ZSearchStateResult.parse(result)).toEqual(result);
    expect(result).toMatchObject({ total: 56, pageNumber: 1, pageSize: 10 });
    expect(result.states).toHaveLength(10);
    expect(result.states[0]).toEqual({
      _id: 'AL',
      code: 'AL',
      name: 'Alabama',
      description: 'Alabama',
      coords: { latitude: 32.3668, longitude: -86.3 },
    });
  });

  it('pages through every match without overlap', () => {
    const seen: string[] = [];
    for (let pageNumber = 1; pageNumber <= 6; pageNumber += 1) {
      seen.push(
        ...searchStates({ queryText: '', pageSize: 10, pageNumber }).states.map((state) => state.code),
      );
    }
    expect(seen).toHaveLength(56);
    expect(new Set(seen).size).toBe(56);
    expect(searchStates({ queryText: '', pageSize: 10, pageNumber: 7 }).states).toEqual([]);
  });

  it('matches the USPS code exactly before names', () => {
    expect(names('tx')).toEqual(['Texas']);
    expect(names('CA')[0]).toBe('California');
    expect(names('ne')[0]).toBe('Nebraska');
  });

  it('matches name prefixes, then later words, case-insensitively', () => {
    expect(names('new')).toEqual(['New Hampshire', 'New Jersey', 'New Mexico', 'New York']);
    expect(names('CAROLINA')).toEqual(['North Carolina', 'South Carolina']);
    expect(names('virgin')).toEqual(['Virginia', 'U.S. Virgin Islands', 'West Virginia']);
    expect(names('zz')).toEqual([]);
  });
});
