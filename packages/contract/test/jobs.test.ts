import { describe, expect, it } from 'vitest';
import { JOB_MESSAGES, PAY_TYPES, ZJobFields, ZSalaryRange } from '../src/jobs.ts';
import { listStateNames, PAY_TRANSPARENCY_STATES, payTransparencyStatesOf } from '../src/pay-transparency.ts';

describe('salary range', () => {
  it('defaults to annual when no pay type is given, as jobs and clients before pay types', () => {
    expect(ZSalaryRange.parse({ min: 200_000, max: 250_000 })).toEqual({
      min: 200_000,
      max: 250_000,
      payType: 'annual',
    });
  });

  it.each(PAY_TYPES)('accepts the pay type %s', (payType) => {
    expect(ZSalaryRange.parse({ min: 100, max: 150, payType }).payType).toBe(payType);
  });

  it('refuses a minimum above the maximum, and an unknown pay type', () => {
    const reversed = ZSalaryRange.safeParse({ min: 220, max: 180, payType: 'hourly' });
    expect(reversed.error?.issues.map((issue) => issue.message)).toEqual([JOB_MESSAGES.salaryOrder]);
    const unknown = ZSalaryRange.safeParse({ min: 1, max: 2, payType: 'weekly' });
    expect(unknown.error?.issues[0]).toMatchObject({
      path: ['payType'],
      message: JOB_MESSAGES.payTypeUnknown,
    });
  });

  it('catches an annual amount typed as an hourly rate', () => {
    const result = ZSalaryRange.safeParse({ min: 250_000, max: 300_000, payType: 'hourly' });
    expect(result.error?.issues[0]?.path).toEqual(['max']);
    expect(ZSalaryRange.safeParse({ min: 250_000, max: 300_000, payType: 'annual' }).success).toBe(true);
  });
});

describe('description', () => {
  it('is optional Markdown, kept as written', () => {
    const base = {
      title: 'Hospitalist',
      specialty: 'internal-medicine',
      employmentType: 'locum-tenens',
      locations: [{ state: 'CA', description: 'California', coords: { latitude: 36.7, longitude: -119.4 } }],
    };
    expect(ZJobFields.parse(base)).not.toHaveProperty('description');
    expect(ZJobFields.parse({ ...base, description: '## Shifts\n\n- 7 on / 7 off' }).description).toBe(
      '## Shifts\n\n- 7 on / 7 off',
    );
  });
});

describe('pay-transparency states', () => {
  it('finds the states requiring a pay range among job locations, each once', () => {
    expect(payTransparencyStatesOf(['TX', 'ca', 'NY', 'CA', 'FL'])).toEqual(['CA', 'NY']);
    expect(payTransparencyStatesOf(['TX', 'FL'])).toEqual([]);
  });

  it('covers the states the rule names', () => {
    expect(Object.keys(PAY_TRANSPARENCY_STATES).sort()).toEqual(
      ['CA', 'CO', 'DC', 'HI', 'IL', 'MA', 'MD', 'MN', 'NJ', 'NY', 'VT', 'WA'].sort(),
    );
  });

  it('names them in a sentence', () => {
    expect(listStateNames(['CA'])).toBe('California');
    expect(listStateNames(['CA', 'NY'])).toBe('California and New York');
    expect(listStateNames(['CA', 'NY', 'WA'])).toBe('California, New York and Washington');
  });
});
