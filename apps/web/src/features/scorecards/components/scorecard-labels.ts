import type { TScorecardRecommendation } from '@medhire/contract/interviews';
import type { BadgeVariant } from '@medhire/ui/badge.tsx';

/** The overall recommendation in words, as the form offers it and the list shows it. */
export const RECOMMENDATION_LABELS: Record<TScorecardRecommendation, string> = {
  strong_no: 'Strong no',
  no: 'No',
  yes: 'Yes',
  strong_yes: 'Strong yes',
};

export const RECOMMENDATION_BADGES: Record<TScorecardRecommendation, BadgeVariant> = {
  strong_no: 'danger',
  no: 'warning',
  yes: 'info',
  strong_yes: 'success',
};

export const RATING_VALUES = [1, 2, 3, 4, 5] as const;

export function formatSubmittedAt(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
