import { describe, expect, it } from 'vitest';
import { cardBrandName, cardLabel, invitesForInterval } from '../src/billing-labels.ts';

describe('card labels', () => {
  it('writes stored lower-case brands as people write them', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('maestro')).toBe('Maestro');
    expect(cardBrandName('card')).toBe('Card');
    expect(cardLabel({ brand: 'visa', last4: '4242' })).toBe('Visa ending 4242');
  });
});

describe('invitesForInterval', () => {
  it('gives a yearly subscription twelve months of invites', () => {
    expect(invitesForInterval({ invitesPerPeriod: 5 }, 'month')).toBe(5);
    expect(invitesForInterval({ invitesPerPeriod: 5 }, 'year')).toBe(60);
  });
});
