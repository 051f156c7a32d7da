import type { TJobInviteCounts } from '@medhire/contract/jobs';
import { Fragment } from 'react';

/**
 * A job's invites by answer, "2 pending · 1 accepted · 0 declined", so the count says what it
 * counts. A narrow card wraps between figures, never inside one.
 */
export function InviteCounts({ counts, className }: { counts: TJobInviteCounts; className?: string }) {
  const figures = [`${counts.pending} pending`, `${counts.accepted} accepted`, `${counts.declined} declined`];
  return (
    <span className={className}>
      {figures.map((figure, index) => (
        <Fragment key={figure}>
          {index > 0 && ' · '}
          <span className="invite-counts__figure">{figure}</span>
        </Fragment>
      ))}
    </span>
  );
}
