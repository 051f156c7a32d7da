import type { TJob } from '@medhire/contract/jobs';
import { InviteCounts } from './invite-counts.tsx';

/** A job card's applicant count and its invites by answer. */
export function JobCardStats({ job }: { job: Pick<TJob, 'applicantCount' | 'inviteCounts'> }) {
  return (
    <dl className="job-card__stats">
      <div>
        <dt>Applicants</dt>
        <dd>{job.applicantCount}</dd>
      </div>
      <div>
        <dt>Invites</dt>
        <dd>
          <InviteCounts counts={job.inviteCounts} className="job-card__invites" />
        </dd>
      </div>
    </dl>
  );
}
