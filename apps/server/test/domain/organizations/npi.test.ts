import { isValidNpi } from '@medhire/contract/organization';
import { describe, expect, it } from 'vitest';
import { completeNpi } from '../../../src/domain/organizations/npi.ts';
import { DRAFT_ORGANIZATIONS } from '../../../src/seed/draft-organizations.ts';

describe('completeNpi', () => {
  it('adds the check digit CMS publishes for a known NPI', () => {
    // The worked example of the CMS NPI check-digit document: 123456789 → 1234567893.
    expect(completeNpi('123456789')).toBe('1234567893');
  });

  it('yields numbers that pass the check, and only one tenth digit does', () => {
    const npi = completeNpi('165432198');
    expect(isValidNpi(npi)).toBe(true);
    const others = Array.from({ length: 10 }, (_, digit) => `165432198${digit}`).filter(isValidNpi);
    expect(others).toEqual([npi]);
  });

  it('refuses anything but nine digits', () => {
    expect(() => completeNpi('12345678')).toThrow();
    expect(() => completeNpi('12345678a')).toThrow();
  });
});

describe('the demo directory of unclaimed practices', () => {
  it('has six to eight practices with distinct, valid NPI numbers and at least one location each', () => {
    expect(DRAFT_ORGANIZATIONS.length).toBeGreaterThanOrEqual(6);
    expect(DRAFT_ORGANIZATIONS.length).toBeLessThanOrEqual(8);
    const numbers = DRAFT_ORGANIZATIONS.map((organization) => organization.npiNumber);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const organization of DRAFT_ORGANIZATIONS) {
      expect(isValidNpi(organization.npiNumber), organization.name).toBe(true);
      expect(organization.locations.length).toBeGreaterThan(0);
    }
  });
});
