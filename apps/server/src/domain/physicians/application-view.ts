import type { TPipelineStatus } from '@medhire/contract/matches';
import {
  CANDIDATE_STATUS_LABELS,
  type TPhysicianApplication,
  toCandidateStatus,
} from '@medhire/contract/physicians';

export interface ApplicationViewRow {
  id: string;
  jobId: string;
  jobTitle: string;
  organizationName: string | null;
  pipelineStatus: TPipelineStatus;
  withdrawnAt: Date | null;
  createdAt: Date;
}

/** An application as the physician reads it: the employer's stage becomes the candidate's words. */
export function toPhysicianApplication(row: ApplicationViewRow): TPhysicianApplication {
  const status = toCandidateStatus({
    pipelineStatus: row.pipelineStatus,
    isWithdrawn: row.withdrawnAt !== null,
  });
  return {
    _id: row.id,
    jobId: row.jobId,
    jobTitle: row.jobTitle,
    organizationName: row.organizationName ?? '',
    appliedAt: row.createdAt.toISOString(),
    status,
    statusLabel: CANDIDATE_STATUS_LABELS[status],
    withdrawnAt: row.withdrawnAt?.toISOString() ?? null,
  };
}
