import type { TJobStatus } from '@medhire/contract/jobs';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';

export const JOB_STATUS_LABELS: Record<TJobStatus, string> = {
  draft: 'Draft',
  open: 'Open',
  closed: 'Closed',
};

const variants: Record<TJobStatus, BadgeVariant> = { draft: 'neutral', open: 'success', closed: 'warning' };

export function JobStatusBadge({ status }: { status: TJobStatus }) {
  return <Badge variant={variants[status]}>{JOB_STATUS_LABELS[status]}</Badge>;
}
