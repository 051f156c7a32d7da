import type { TJob, TPayType } from '@medhire/contract/jobs';

/**
 * The unit of each pay type, as the contract's PAY_TYPE_DETAILS names it. Written out because a
 * value imported from the contract brings zod and every job schema into the job screens.
 */
const PAY_UNITS: Record<TPayType, string> = {
  annual: 'year',
  hourly: 'hour',
  perShift: 'shift',
  perDiem: 'day',
  perRvu: 'wRVU',
};

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function formatUsd(amount: number): string {
  return usd.format(amount);
}

/** "$250,000 – $300,000 / year", or null when the posting states no pay. */
export function formatSalary(range: TJob['salaryRange']): string | null {
  if (!range) return null;
  const unit = PAY_UNITS[range.payType ?? 'annual'];
  return `${formatUsd(range.min)} – ${formatUsd(range.max)} / ${unit}`;
}

export function formatLocations(locations: TJob['locations']): string {
  return locations.map((location) => location.description).join(' · ');
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "12 miles away" (to the job's nearest location). */
export function formatDistance(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${rounded.toLocaleString('en-US')} ${rounded === 1 ? 'mile' : 'miles'} away`;
}
