import { describe, expect, it } from 'vitest';
import { normalizeOrganizationName } from '../../../src/domain/organizations/organization-name.ts';

describe('normalizeOrganizationName', () => {
  it.each([
    ['Great Lakes Orthopedic & Spine', 'Great Lakes Orthopedic and Spine'],
    ["Magnolia Women's Health", 'MAGNOLIA WOMENS HEALTH'],
    ['Cedar Ridge Internal Medicine', 'cedar ridge internal medicine, P.L.L.C.'],
    ['The Riverbend Clinic', 'Riverbend Clinic, Inc.'],
    ['Clínica Señora Salud', 'Clinica Senora Salud'],
    ['  Blue   Harbor Pediatrics ', 'Blue Harbor Pediatrics'],
  ])('matches %s with %s', (listed, typed) => {
    expect(normalizeOrganizationName(typed)).toBe(normalizeOrganizationName(listed));
  });

  it.each([
    ['Sonoran Desert Cardiology Associates', 'Sonoran Desert Cardiology'],
    ['Blue Harbor Pediatrics', 'Blue Harbour Pediatrics'],
    ['North Clinic', 'South Clinic'],
  ])('keeps %s apart from %s', (listed, typed) => {
    expect(normalizeOrganizationName(typed)).not.toBe(normalizeOrganizationName(listed));
  });

  it('keeps a name that is only a legal form', () => {
    expect(normalizeOrganizationName('PLLC')).toBe('pllc');
  });
});
