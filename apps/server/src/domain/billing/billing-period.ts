import { invitesForInterval } from '@medhire/contract/billing-labels';
import type { TBillingInterval, TPlan } from '@medhire/contract/subscription';

/**
 * One billing period after `start`, in UTC. A month after Jan 31 is the last day of February,
 * as card processors count it, so periods never skip a month.
 */
export function addInterval(start: Date, interval: TBillingInterval, count = 1): Date {
  const months = interval === 'year' ? 12 * count : count;
  const result = new Date(start.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function priceOf(plan: TPlan, interval: TBillingInterval): number {
  return interval === 'year' ? plan.yearlyPriceCents : plan.monthlyPriceCents;
}

/** A yearly subscription gets twelve months of invites at once. */
export function invitesFor(plan: TPlan, interval: TBillingInterval): number {
  return invitesForInterval(plan, interval);
}

export function intervalWord(interval: TBillingInterval): string {
  return interval === 'year' ? 'yearly' : 'monthly';
}

export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

export function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** Sales tax on the subscription. MedHire's plans are billed without sales tax for now; the line still shows it. */
export const TAX_RATE_PERCENT = 0;
export function taxOf(amountCents: number): number {
  return Math.round((amountCents * TAX_RATE_PERCENT) / 100);
}
