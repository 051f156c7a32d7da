import { describe, expect, it } from 'vitest';
import { countOf, noun } from '../plural.ts';

describe('counts', () => {
  it('read "1 physician", never "1 physicians"', () => {
    expect(countOf(1, 'physician')).toBe('1 physician');
    expect(countOf(0, 'physician')).toBe('0 physicians');
    expect(countOf(2, 'entry', 'entries')).toBe('2 entries');
    expect(countOf(1204, 'physician')).toBe('1,204 physicians');
    expect(noun(1, 'seat')).toBe('seat');
    expect(noun(5, 'seat')).toBe('seats');
  });
});
