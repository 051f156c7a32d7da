import { describe, expect, it } from 'vitest';
import { specialties } from '../../../src/domain/reference/reference-data.ts';
import { searchSpecialties, searchSubSpecialties } from '../../../src/domain/reference/search-specialties.ts';
import { normalizeText } from '../../../src/domain/reference/text-match.ts';

const titles = (list: { title: string }[]) => list.map((item) => item.title);
const firstSpecialty = (query: string) => searchSpecialties(query)[0]?.title;

describe('normalizeText', () => {
  it('ignores case, accents and punctuation, and reads & as and', () => {
    expect(normalizeText('  OB/GYN ')).toBe('ob gyn');
    expect(normalizeText('Otolaryngology – Head & Neck Surgery')).toBe(
      'otolaryngology head and neck surgery',
    );
    expect(normalizeText("Women's Health")).toBe('womens health');
    expect(normalizeText('Hagåtña')).toBe('hagatna');
    expect(normalizeText('St. Louis')).toBe('st louis');
  });
});

describe('searchSpecialties', () => {
  it('finds specialties by the abbreviations people type', () => {
    expect(firstSpecialty('ob gyn')).toBe('Obstetrics and Gynecology');
    expect(firstSpecialty('obgyn')).toBe('Obstetrics and Gynecology');
    expect(firstSpecialty('OB/GYN')).toBe('Obstetrics and Gynecology');
    expect(firstSpecialty('ent')).toBe('Otolaryngology – Head and Neck Surgery');
    expect(firstSpecialty('ENT')).toBe('Otolaryngology – Head and Neck Surgery');
    expect(firstSpecialty('peds')).toBe('Pediatrics');
    expect(firstSpecialty('em')).toBe('Emergency Medicine');
    expect(firstSpecialty('er')).toBe('Emergency Medicine');
    expect(firstSpecialty('psych')).toBe('Psychiatry');
  });

  it('puts prefix matches before word-prefix matches before substrings', () => {
    const surgery = titles(searchSpecialties('surg'));
    expect(surgery[0]).toBe('Surgery');
    expect(surgery).toContain('Neurological Surgery');
    expect(surgery.indexOf('Surgery')).toBeLessThan(surgery.indexOf('Colon and Rectal Surgery'));

    const neurolog = titles(searchSpecialties('neurolog'));
    expect(neurolog.slice(0, 2)).toEqual(['Neurological Surgery', 'Neurology']);
    // 'Child Neurology' only has a later word starting with 'neurolog'.
    expect(neurolog[2]).toBe('Child Neurology');

    // 'ology' occurs only inside words.
    expect(titles(searchSpecialties('ology'))).toEqual(expect.arrayContaining(['Dermatology', 'Urology']));
  });

  it('matches every word of a multi-word query in any order', () => {
    expect(titles(searchSpecialties('head neck'))[0]).toBe('Otolaryngology – Head and Neck Surgery');
    expect(titles(searchSpecialties('surgery thoracic'))).toEqual(['Thoracic and Cardiac Surgery']);
  });

  it('finds the parent specialties of a sub-specialty after the direct matches', () => {
    const cardiology = titles(searchSpecialties('cardiology'));
    expect(cardiology).toEqual(expect.arrayContaining(['Internal Medicine', 'Pediatrics']));
  });

  it('lists every specialty alphabetically for blank text and nothing for nonsense', () => {
    const all = titles(searchSpecialties('   '));
    expect(all).toHaveLength(specialties.length);
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
    expect(searchSpecialties('zzqx')).toEqual([]);
  });
});

describe('searchSubSpecialties', () => {
  it("finds Cardiovascular Disease first and the cardiology sub-specialties for 'cardio'", () => {
    const found = titles(searchSubSpecialties({ queryText: 'cardio', specialtiesIds: [] }));
    expect(found[0]).toBe('Cardiovascular Disease');
    expect(found).toEqual(
      expect.arrayContaining([
        'Interventional Cardiology',
        'Advanced Heart Failure and Transplant Cardiology',
        'Clinical Cardiac Electrophysiology',
        'Pediatric Cardiology',
        'Adult Congenital Heart Disease',
      ]),
    );
    expect(found.indexOf('Interventional Cardiology')).toBeLessThan(
      found.indexOf('Clinical Cardiac Electrophysiology'),
    );
  });

  it('keeps to the given specialties', () => {
    const found = searchSubSpecialties({ queryText: 'cardio', specialtiesIds: ['pediatrics'] });
    expect(titles(found)).toEqual(['Pediatric Cardiology']);
    const sleep = searchSubSpecialties({ queryText: 'sleep', specialtiesIds: ['neurology', 'psychiatry'] });
    expect(sleep.map((sub) => sub._id).sort()).toEqual([
      'neurology--sleep-medicine',
      'psychiatry--sleep-medicine',
    ]);
  });

  it('lists all sub-specialties of a specialty for blank text', () => {
    const all = searchSubSpecialties({ queryText: '', specialtiesIds: ['dermatology'] });
    expect(titles(all)).toEqual([
      'Dermatopathology',
      'Micrographic Dermatologic Surgery',
      'Pediatric Dermatology',
    ]);
  });

  it('finds sub-specialties by their abbreviations', () => {
    const im = ['internal-medicine'];
    expect(titles(searchSubSpecialties({ queryText: 'gi', specialtiesIds: im }))[0]).toBe('Gastroenterology');
    expect(titles(searchSubSpecialties({ queryText: 'ep', specialtiesIds: im }))[0]).toBe(
      'Clinical Cardiac Electrophysiology',
    );
    expect(titles(searchSubSpecialties({ queryText: 'hospitalist', specialtiesIds: im }))).toEqual([
      'Hospital Medicine',
    ]);
  });

  it('refuses unknown specialty ids', () => {
    expect(() => searchSubSpecialties({ queryText: '', specialtiesIds: ['astrology'] })).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', statusCode: 400 }),
    );
  });
});
