/*
 * Plain functions without zod, so the web app's screens use them without pulling schemas into
 * their chunks. Shared so the server's e-mails and PDFs name cards and allowances as the screens do.
 */

/** The brand names the sandbox and Stripe store (lower case), as people write them. */
const CARD_BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
  cartes_bancaires: 'Cartes Bancaires',
  eftpos_au: 'eftpos Australia',
  interac: 'Interac',
};

/** "visa" → "Visa"; an unknown brand is capitalised, and "card"/"unknown" read "Card". */
export function cardBrandName(brand: string): string {
  const known = CARD_BRAND_NAMES[brand.toLowerCase()];
  if (known) return known;
  if (brand === '' || brand === 'unknown' || brand === 'card') return 'Card';
  return brand.charAt(0).toUpperCase() + brand.slice(1);
}

/** "Visa ending 4242": how every screen and e-mail names a card. */
export function cardLabel(method: { brand: string; last4: string }): string {
  return `${cardBrandName(method.brand)} ending ${method.last4}`;
}

/** The invites a subscription of `plan` gets for one billing period of `interval`. */
export function invitesForInterval(plan: { invitesPerPeriod: number }, interval: 'month' | 'year'): number {
  return interval === 'year' ? plan.invitesPerPeriod * 12 : plan.invitesPerPeriod;
}
