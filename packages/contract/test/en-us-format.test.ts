import { describe, expect, it } from 'vitest';
import { formatShortDate, formatWholeUsd, groupDigits } from '../src/en-us-format.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;

const numbers = [
  0, 1, 7, 12, 999, 1000, 1001, 9999, 10_000, 12_345, 99_999, 100_000, 250_000, 999_999, 1_000_000, 1_234_567,
  987_654_321, 2_000_000_000, 0.5, 1.5, 2.5, 9.9, 12.25, 1234.5, 1234.125, 0.001, 0.0004, -1, -999, -1000,
  -1234.5, -0.4, -0.0004, -0, 5000,
];

describe('groupDigits', () => {
  it.each(numbers)('writes %d as toLocaleString("en-US") does', (value) => {
    expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
  });

  it('writes each distance a job card shows (one decimal under 10 miles) as Intl does', () => {
    for (let tenths = 0; tenths < 100; tenths += 1) {
      const miles = Math.round(tenths) / 10;
      expect(groupDigits(miles)).toBe(miles.toLocaleString('en-US'));
    }
  });

  it('leaves infinities and NaN to Intl', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('∞');
  });
});

describe('formatWholeUsd', () => {
  it.each(numbers)('writes %d as the whole-dollar Intl format does', (value) => {
    expect(formatWholeUsd(value)).toBe(usd.format(value));
  });

  it('puts the separators of every salary a posting may state where Intl does', () => {
    for (let amount = 0; amount <= 5_000_000; amount += 4_999) {
      expect(formatWholeUsd(amount)).toBe(usd.format(amount));
    }
  });
});

describe('formatShortDate', () => {
  it('writes every day of two years (a leap year among them) as toLocaleDateString("en-US") does', () => {
    const start = new Date(2027, 11, 31, 12).getTime();
    for (let offset = 0; offset < 731; offset += 1) {
      const date = new Date(start - offset * 86_400_000);
      expect(formatShortDate(date)).toBe(date.toLocaleDateString('en-US', day));
    }
  });

  it('writes the day in the viewer time zone, as Intl does, for instants near midnight', () => {
    for (const iso of ['2026-11-29T00:30:00Z', '2026-11-29T23:30:00Z', '2026-01-01T04:59:59Z']) {
      const date = new Date(iso);
      expect(formatShortDate(date)).toBe(date.toLocaleDateString('en-US', day));
    }
  });

  it('answers "Invalid Date" for a date that is not one, as Intl does', () => {
    expect(formatShortDate(new Date('not a date'))).toBe(
      new Date('not a date').toLocaleDateString('en-US', day),
    );
  });
});
