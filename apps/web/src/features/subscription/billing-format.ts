import type { TBillingInterval, TPlan } from '@medhire/contract/subscription';

/** "$149" or "$149.50": whole amounts without cents, as price tags read. */
export function formatMoney(cents: number, currency = 'usd'): string {
  const isWhole = cents % 100 === 0;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: isWhole ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

function formatDate(iso: string, dateStyle: 'long' | 'medium'): string {
  const date = new Date(iso);
  // A date the server sent in an unexpected form is shown as sent rather than breaking the page.
  return Number.isNaN(date.getTime()) ? iso : new Intl.DateTimeFormat('en-US', { dateStyle }).format(date);
}

/** "March 4, 2027". */
export function formatLongDate(iso: string): string {
  return formatDate(iso, 'long');
}

/** "Mar 4, 2027". */
export function formatShortDate(iso: string): string {
  return formatDate(iso, 'medium');
}

export function planPriceCents(plan: TPlan, interval: TBillingInterval): number {
  return interval === 'year' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

export const INTERVAL_NOUN: Record<TBillingInterval, string> = { month: 'month', year: 'year' };
export const INTERVAL_ADJECTIVE: Record<TBillingInterval, string> = { month: 'Monthly', year: 'Yearly' };

/** What a year costs on the yearly price compared with twelve months, in whole percent. */
export function yearlySavingPercent(plans: readonly TPlan[]): number {
  const savings = plans
    .filter((plan) => plan.monthlyPriceCents > 0)
    .map((plan) => 1 - plan.yearlyPriceCents / (plan.monthlyPriceCents * 12));
  return savings.length === 0 ? 0 : Math.round(Math.max(...savings) * 100);
}

/**
 * A fresh key for one payment attempt. crypto.randomUUID needs a secure context; the fallback
 * keeps plain-http deployments working with the same 122 random bits.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
