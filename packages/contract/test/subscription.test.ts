import { describe, expect, it } from 'vitest';
import { ZChangePlanBody, ZCheckoutBody, ZGlobalConnectionQuery } from '../src/subscription.ts';

describe('subscription contract', () => {
  it('reads a card number typed with spaces or dashes as digits', () => {
    const body = ZCheckoutBody.parse({
      planId: 'professional',
      interval: 'month',
      card: { number: '4242 4242-4242 4242', expMonth: '12', expYear: '2040', cvc: '123', name: ' Dana ' },
    });
    expect(body.card).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2040,
      cvc: '123',
      name: 'Dana',
    });
  });

  it('explains a wrong plan, interval or card in words a person can act on', () => {
    const result = ZCheckoutBody.safeParse({
      planId: 'gold',
      interval: 'week',
      card: { number: '42', cvc: 'x' },
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual(
      expect.arrayContaining([
        'Choose Starter, Professional or Enterprise.',
        'Choose monthly or yearly billing.',
        'Enter the card number (12 to 19 digits).',
        'The security code is 3 or 4 digits.',
      ]),
    );
    expect(ZChangePlanBody.safeParse({ planId: 'enterprise', interval: 'year' }).success).toBe(true);
  });

  it('takes a state filter as a two-letter code in any case', () => {
    expect(ZGlobalConnectionQuery.parse({ state: 'tx' })).toMatchObject({
      state: 'TX',
      pageNumber: 1,
      pageSize: 10,
    });
    expect(ZGlobalConnectionQuery.safeParse({ state: 'Texas' }).success).toBe(false);
  });
});
