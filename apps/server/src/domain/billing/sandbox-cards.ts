import {
  SUBSCRIPTION_MESSAGES,
  type TCardInput,
  type TPaymentMethod,
  type TSandboxTestCard,
} from '@medhire/contract/subscription';

/**
 * What a sandbox card does, after Stripe's test mode:
 * - `succeeds`: every charge succeeds;
 * - `declined` / `insufficient_funds` / `expired` / `incorrect_cvc`: refused when attached;
 * - `fails_after_attach` (4000 0000 0000 0341): attaches and pays the first charge, every later
 *   charge (the renewals) fails, to try past_due;
 * - `requires_authentication` (4000 0027 6000 3184): the card holder must approve the first
 *   payment on screen; an off-session renewal then fails for want of that approval, as it does
 *   at Stripe.
 */
export type SandboxCardBehavior =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  | 'expired'
  | 'incorrect_cvc'
  | 'fails_after_attach'
  | 'requires_authentication';

interface SandboxCard {
  number: string;
  behavior: SandboxCardBehavior;
  description: string;
}

const SANDBOX_CARDS: readonly SandboxCard[] = [
  { number: '4242424242424242', behavior: 'succeeds', description: 'Visa: payment succeeds' },
  { number: '5555555555554444', behavior: 'succeeds', description: 'Mastercard: payment succeeds' },
  { number: '4000000000000002', behavior: 'declined', description: 'Declined' },
  {
    number: '4000000000009995',
    behavior: 'insufficient_funds',
    description: 'Declined for insufficient funds',
  },
  {
    number: '4000000000000341',
    behavior: 'fails_after_attach',
    description: 'Pays the first charge, then every renewal fails',
  },
  {
    number: '4000002760003184',
    behavior: 'requires_authentication',
    description: 'Asks for an extra authentication step',
  },
  { number: '4000000000000069', behavior: 'expired', description: 'Declined as expired' },
  {
    number: '4000000000000127',
    behavior: 'incorrect_cvc',
    description: 'Declined for an incorrect security code',
  },
];

/** The cards the payment screen lists while the sandbox is the provider, grouped in fours. */
export const SANDBOX_TEST_CARDS: TSandboxTestCard[] = SANDBOX_CARDS.map((card) => ({
  number: card.number.replace(/(\d{4})(?=\d)/g, '$1 '),
  description: card.description,
}));

const DECLINE_MESSAGES: Partial<Record<SandboxCardBehavior, string>> = {
  declined: SUBSCRIPTION_MESSAGES.cardDeclined,
  insufficient_funds: SUBSCRIPTION_MESSAGES.insufficientFunds,
  expired: 'Your card has expired.',
  incorrect_cvc: 'Your card’s security code is incorrect.',
};

export function isLuhnValid(number: string): boolean {
  let sum = 0;
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(number: string): string {
  if (number.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'card';
}

export type AttachOutcome =
  | { ok: true; paymentMethod: TPaymentMethod; paymentMethodId: string; behavior: SandboxCardBehavior }
  | { ok: false; message: string };

/**
 * Attaches a card in the sandbox: checks it as an issuer would and answers what is kept of it
 * (brand, last 4, expiry) and the reference later charges use. The number itself is dropped here.
 */
export function attachSandboxCard(input: TCardInput, now: Date): AttachOutcome {
  const card = { ...input, number: input.number.replace(/[\s-]/g, '') };
  if (!isLuhnValid(card.number)) return { ok: false, message: 'Your card number is incorrect.' };
  const known = SANDBOX_CARDS.find((candidate) => candidate.number === card.number);
  if (!known) {
    return {
      ok: false,
      message:
        'Your card was declined. This is the payment sandbox: use one of the test cards listed on the page.',
    };
  }
  const endOfExpiryMonth = new Date(Date.UTC(card.expYear, card.expMonth, 1));
  if (endOfExpiryMonth <= now) return { ok: false, message: 'Your card has expired.' };
  const decline = DECLINE_MESSAGES[known.behavior];
  if (decline) return { ok: false, message: decline };
  const last4 = card.number.slice(-4);
  return {
    ok: true,
    behavior: known.behavior,
    paymentMethodId: `pm_sandbox_${known.behavior}_${last4}`,
    paymentMethod: { brand: brandOf(card.number), last4, expMonth: card.expMonth, expYear: card.expYear },
  };
}

export type ChargeOutcome = { ok: true } | { ok: false; message: string };

/**
 * A later charge of an attached sandbox card (renewals, upgrades, retries). The first payment of
 * a checkout is settled at attach time and does not come through here.
 */
export function chargeSandboxCard(paymentMethodId: string | null): ChargeOutcome {
  if (!paymentMethodId) return { ok: false, message: 'There is no card on file to charge.' };
  if (paymentMethodId.startsWith('pm_sandbox_fails_after_attach_')) {
    return { ok: false, message: SUBSCRIPTION_MESSAGES.cardDeclined };
  }
  if (paymentMethodId.startsWith('pm_sandbox_requires_authentication_')) {
    return { ok: false, message: 'Your bank asks you to authenticate this payment.' };
  }
  return { ok: true };
}
