import { isValidNpi } from '@medhire/contract/organization';
import { describe, expect, it } from 'vitest';
import { ENUM_LISTS } from '../../src/domain/reference/enum-data.ts';
import { specialtyById, subSpecialtyById } from '../../src/domain/reference/reference-data.ts';
import { US_STATES } from '../../src/domain/reference/state-data.ts';
import {
  type GeneratedPhysician,
  generatePhysician,
  generatePhysicians,
  mulberry32,
} from '../../src/seed/physician-generator.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const SAMPLE = 5000;
const sample = generatePhysicians(SAMPLE, { now: NOW });
const stateCodes = new Set(US_STATES.filter((state) => !state.isTerritory).map((state) => state.code));
const employmentTypes = new Set(ENUM_LISTS.employmentType.map(([id]) => id));
const boardStatuses = new Set(ENUM_LISTS.boardStatus.map(([id]) => id));

function share(predicate: (physician: GeneratedPhysician) => boolean): number {
  return sample.filter(predicate).length / SAMPLE;
}

describe('physician generator', () => {
  it('is deterministic: the same seed gives the same physicians, another seed others', () => {
    expect(generatePhysicians(300, { now: NOW })).toEqual(sample.slice(0, 300));
    const other = generatePhysicians(300, { now: NOW, seed: 7 });
    expect(other.map((physician) => physician.email)).not.toEqual(
      sample.slice(0, 300).map((physician) => physician.email),
    );
    // Any physician can be generated on its own, as a resumed large data set does.
    expect(generatePhysician(4321, { now: NOW })).toEqual(sample[4321]);
    expect(generatePhysicians(3, { now: NOW, from: 10 })).toEqual(sample.slice(10, 13));
  });

  it('has a pseudo-random source that repeats per seed and spreads over [0, 1)', () => {
    const first = mulberry32(42);
    const second = mulberry32(42);
    const draws = Array.from({ length: 1000 }, () => first());
    expect(Array.from({ length: 1000 }, () => second())).toEqual(draws);
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(draws.reduce((sum, draw) => sum + draw, 0) / draws.length).toBeCloseTo(0.5, 1);
  });

  it('uses only reference ids: specialties, their own sub-specialties, board statuses, employment types, states', () => {
    for (const physician of sample) {
      expect(specialtyById.has(physician.specialtyId), physician.specialtyId).toBe(true);
      expect(physician.subSpecialtyIds.length).toBeLessThanOrEqual(2);
      expect(new Set(physician.subSpecialtyIds).size).toBe(physician.subSpecialtyIds.length);
      for (const id of physician.subSpecialtyIds) {
        expect(subSpecialtyById.get(id)?.specialtyId, id).toBe(physician.specialtyId);
      }
      expect(boardStatuses.has(physician.boardStatus)).toBe(true);
      expect(physician.employmentTypes.length).toBeGreaterThan(0);
      for (const type of physician.employmentTypes) expect(employmentTypes.has(type), type).toBe(true);
      expect(stateCodes.has(physician.homeState), physician.homeState).toBe(true);
      expect(physician.statesOfInterest.length).toBeLessThanOrEqual(4);
      expect(physician.statesOfInterest).not.toContain(physician.homeState);
      for (const state of physician.statesOfInterest) expect(stateCodes.has(state), state).toBe(true);
      expect(physician.citiesOfInterest.length).toBeLessThanOrEqual(3);
      expect(physician.homeDescription).toMatch(new RegExp(`^[A-Z][\\w .'-]+, ${physician.homeState}$`));
    }
  });

  it('gives every physician a valid, unique NPI and a unique e-mail address', () => {
    expect(sample.every((physician) => isValidNpi(physician.npiNumber))).toBe(true);
    expect(new Set(sample.map((physician) => physician.npiNumber)).size).toBe(SAMPLE);
    expect(new Set(sample.map((physician) => physician.email)).size).toBe(SAMPLE);
    expect(sample[0]?.email).toMatch(/^[a-z0-9]+\.[a-z0-9]+\.1@physicians\.medhire\.example$/);
    expect(sample.every((physician) => physician.photo === null)).toBe(true);
  });

  it('places homes in real cities with their coordinates, a quarter of them in Texas', () => {
    expect(share((physician) => physician.homeState === 'TX')).toBeGreaterThan(0.21);
    expect(share((physician) => physician.homeState === 'TX')).toBeLessThan(0.29);
    const austin = sample.find((physician) => physician.homeDescription === 'Austin, TX');
    expect(austin?.homeLatitude).toBeCloseTo(30.3, 0);
    expect(austin?.homeLongitude).toBeCloseTo(-97.7, 0);
    expect(new Set(sample.map((physician) => physician.homeState)).size).toBeGreaterThan(40);
  });

  it('follows the workforce mix: specialties, board status, experience, availability, visa, discoverability', () => {
    const bySpecialty = (id: string) => share((physician) => physician.specialtyId === id);
    expect(bySpecialty('internal-medicine')).toBeGreaterThan(bySpecialty('family-medicine'));
    expect(bySpecialty('family-medicine')).toBeGreaterThan(bySpecialty('pediatrics'));
    expect(bySpecialty('pediatrics')).toBeGreaterThan(bySpecialty('dermatology'));
    expect(bySpecialty('psychiatry')).toBeGreaterThan(0.03);

    expect(share((physician) => physician.boardStatus === 'board-certified')).toBeCloseTo(0.7, 1);
    expect(share((physician) => physician.boardStatus === 'board-eligible')).toBeCloseTo(0.2, 1);
    expect(share((physician) => physician.boardStatus === 'not-board-certified')).toBeCloseTo(0.1, 1);
    expect(share((physician) => physician.needsVisa)).toBeCloseTo(0.08, 1);
    expect(share((physician) => physician.isDiscoverable)).toBeCloseTo(0.9, 1);
    expect(share((physician) => physician.employmentTypes[0] === 'full-time')).toBeGreaterThan(0.7);

    for (const physician of sample) {
      expect(physician.yearsOfExperience).toBeGreaterThanOrEqual(0);
      expect(physician.yearsOfExperience).toBeLessThanOrEqual(35);
      expect(physician.yearAvailable).toBeGreaterThanOrEqual(2026);
      expect(physician.yearAvailable).toBeLessThanOrEqual(2028);
      expect(physician.createdAt.getTime()).toBeLessThan(NOW.getTime());
    }
    // Skewed towards the early career: more physicians under 10 years than over 25.
    expect(share((physician) => physician.yearsOfExperience < 10)).toBeGreaterThan(
      2 * share((physician) => physician.yearsOfExperience > 25),
    );
    expect(
      sample
        .filter((physician) => physician.boardStatus === 'board-eligible')
        .every((physician) => physician.yearsOfExperience <= 4),
    ).toBe(true);
  });
});
