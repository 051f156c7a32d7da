import { ENUM_LIST_KEYS, ZEnums } from '@medhire/contract/enums';
import { describe, expect, it } from 'vitest';
import {
  allEnums,
  ENUMS_ETAG,
  specialties,
  subSpecialties,
} from '../../../src/domain/reference/reference-data.ts';
import { SPECIALTIES } from '../../../src/domain/reference/specialty-data.ts';

const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

describe('reference data', () => {
  it('matches the contract and has every key of the spec non-empty', () => {
    expect(ZEnums.parse(allEnums)).toEqual(allEnums);
    for (const key of [
      'specialties',
      'subSpecialties',
      'specialtiesAndSubSpecialty',
      ...ENUM_LIST_KEYS,
    ] as const) {
      expect(allEnums[key].length, key).toBeGreaterThan(0);
    }
  });

  it('covers the primary certificates of all 24 ABMS member boards', () => {
    expect(new Set(SPECIALTIES.map((specialty) => specialty.board)).size).toBe(24);
    const titles = specialties.map((specialty) => specialty.title);
    for (const title of [
      'Allergy and Immunology',
      'Anesthesiology',
      'Emergency Medicine',
      'Family Medicine',
      'Internal Medicine',
      'Obstetrics and Gynecology',
      'Otolaryngology – Head and Neck Surgery',
      'Pediatrics',
      'Psychiatry',
      'Neurology',
      'Child Neurology',
      'Diagnostic Radiology',
      'Interventional Radiology',
      'Radiation Oncology',
      'Surgery',
      'Vascular Surgery',
      'Urology',
    ]) {
      expect(titles).toContain(title);
    }
  });

  it('lists the ABIM subspecialty certificates under Internal Medicine', () => {
    const internalMedicine = subSpecialties
      .filter((sub) => sub.specialtyId === 'internal-medicine')
      .map((sub) => sub.title);
    expect(internalMedicine).toEqual(
      expect.arrayContaining([
        'Cardiovascular Disease',
        'Clinical Cardiac Electrophysiology',
        'Interventional Cardiology',
        'Advanced Heart Failure and Transplant Cardiology',
        'Endocrinology, Diabetes and Metabolism',
        'Gastroenterology',
        'Hematology',
        'Medical Oncology',
        'Infectious Disease',
        'Nephrology',
        'Pulmonary Disease',
        'Critical Care Medicine',
        'Rheumatology',
        'Geriatric Medicine',
        'Hospice and Palliative Medicine',
        'Sleep Medicine',
        'Sports Medicine',
        'Adolescent Medicine',
        'Transplant Hepatology',
        'Addiction Medicine',
      ]),
    );
  });

  it('uses unique slug ids, and every sub-specialty points at an existing specialty it is named after', () => {
    const specialtyIds = new Set(specialties.map((specialty) => specialty._id));
    expect(specialtyIds.size).toBe(specialties.length);
    for (const id of specialtyIds) expect(id).toMatch(SLUG);

    const subIds = new Set(subSpecialties.map((sub) => sub._id));
    expect(subIds.size).toBe(subSpecialties.length);
    for (const sub of subSpecialties) {
      expect(specialtyIds.has(sub.specialtyId), sub._id).toBe(true);
      const [prefix, slug] = sub._id.split('--');
      expect(prefix).toBe(sub.specialtyId);
      expect(slug).toMatch(SLUG);
    }
    expect(subIds.has('internal-medicine--cardiovascular-disease')).toBe(true);
  });

  it('joins specialties and sub-specialties without losing or inventing any', () => {
    const joined = allEnums.specialtiesAndSubSpecialty;
    expect(joined.map((specialty) => specialty._id)).toEqual(specialties.map((specialty) => specialty._id));
    const joinedSubs = joined.flatMap((specialty) => specialty.subSpecialties);
    expect(joinedSubs).toHaveLength(subSpecialties.length);
    for (const specialty of joined) {
      for (const sub of specialty.subSpecialties) expect(sub.specialtyId).toBe(specialty._id);
    }
  });

  it('gives each simple list unique slug ids and titles', () => {
    for (const key of ENUM_LIST_KEYS) {
      const values = allEnums[key];
      expect(new Set(values.map((value) => value._id)).size, key).toBe(values.length);
      expect(new Set(values.map((value) => value.title)).size, key).toBe(values.length);
      for (const value of values) expect(value._id).toMatch(SLUG);
    }
    expect(allEnums.boardStatus.map((value) => value._id)).toEqual(
      expect.arrayContaining(['board-certified', 'board-eligible', 'not-board-certified']),
    );
  });

  it('tags the enums with the data version and a content hash', () => {
    expect(ENUMS_ETAG).toMatch(new RegExp(`^"${allEnums.dataVersion.replace('.', '\\.')}-[0-9a-f]{16}"$`));
  });
});
