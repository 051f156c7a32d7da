import type { TMatchStatus } from '@medhire/contract/matches';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';

export const MATCH_STATUS_LABELS: Record<TMatchStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  declined: 'Declined',
  cancelled: 'Canceled',
};

const variants: Record<TMatchStatus, BadgeVariant> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'neutral',
};

export function MatchStatusBadge({ status }: { status: TMatchStatus }) {
  return <Badge variant={variants[status]}>{MATCH_STATUS_LABELS[status]}</Badge>;
}
