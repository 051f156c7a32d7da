import type { TJobInviteCounts } from '@medhire/contract/jobs';

/** "2 pending · 1 accepted · 0 declined": what a job's invite count is made of. */
export function inviteCountsText({ pending, accepted, declined }: TJobInviteCounts): string {
  return `${pending} pending · ${accepted} accepted · ${declined} declined`;
}

/** A job's invites by answer, each figure named, so the count says what it counts. */
export function InviteCounts({ counts, className }: { counts: TJobInviteCounts; className?: string }) {
  return <span className={className}>{inviteCountsText(counts)}</span>;
}
