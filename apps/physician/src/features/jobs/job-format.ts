import { formatShortDate, formatWholeUsd, groupDigits } from '@medhire/contract/en-us-format';
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

/** "$250,000". Without Intl, as en-us-format.ts explains: the job screens are the app's first. */
export function formatUsd(amount: number): string {
  return formatWholeUsd(amount);
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
  return formatShortDate(new Date(iso));
}

/** "12 miles away" (to the job's nearest location). */
export function formatDistance(miles: number): string {
  const rounded = miles < 10 ? Math.round(miles * 10) / 10 : Math.round(miles);
  return `${groupDigits(rounded)} ${rounded === 1 ? 'mile' : 'miles'} away`;
}
