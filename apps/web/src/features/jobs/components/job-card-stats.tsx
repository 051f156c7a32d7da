import type { TJob } from '@medhire/contract/jobs';

/** A job card's applicant and match counts. */
export function JobCardStats({ job }: { job: Pick<TJob, 'applicantCount' | 'matchCount'> }) {
  return (
    <dl className="job-card__stats">
      <div>
        <dt>Applicants</dt>
        <dd>{job.applicantCount}</dd>
      </div>
      <div>
        <dt>Matches</dt>
        <dd>{job.matchCount}</dd>
      </div>
    </dl>
  );
}
