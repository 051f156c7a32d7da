import type { TPhysicianJob } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { CheckIcon, PlusIcon } from '@medhire/ui/icons.tsx';
import { Link } from 'react-router';
import { formatDistance, formatLocations, formatSalary } from './job-format.ts';
import { useSetJobSavedMutation } from './jobs-api.ts';

/** Save or unsave a job; a refusal shows the server's message beside the button. */
export function SaveJobButton({ job, size = 'sm' }: { job: TPhysicianJob; size?: 'sm' | 'md' }) {
  const [setSaved, { isLoading, error }] = useSetJobSavedMutation();
  return (
    <div className="save-job">
      <Button
        size={size}
        variant={job.isSaved ? 'secondary' : 'ghost'}
        aria-pressed={job.isSaved}
        // The name starts with the words shown (Save or Saved), so speech control users can say them.
        aria-label={`${job.isSaved ? 'Saved' : 'Save'} ${job.title}`}
        leadingIcon={job.isSaved ? <CheckIcon size={16} /> : <PlusIcon size={16} />}
        isLoading={isLoading}
        onClick={() => void setSaved({ jobId: job._id, isSaved: !job.isSaved })}
      >
        {job.isSaved ? 'Saved' : 'Save'}
      </Button>
      {error && <Alert variant="danger">{error.message}</Alert>}
    </div>
  );
}

export function JobCard({ job, specialty }: { job: TPhysicianJob; specialty: string }) {
  const salary = formatSalary(job.salaryRange);
  return (
    <article className={`${cardClasses()} job-card`} aria-labelledby={`job-card-${job._id}`}>
      <Link to={`/jobs/${job._id}`} id={`job-card-${job._id}`} className="job-card__title">
        {job.title}
      </Link>
      <span className="job-card__meta">{job.organization.name}</span>
      <span className="job-card__meta">
        {specialty} · {formatLocations(job.locations)}
      </span>
      {job.distanceMiles !== undefined && (
        <span className="job-card__meta">{formatDistance(job.distanceMiles)}</span>
      )}
      {salary && <span className="job-card__meta">{salary}</span>}
      <div className="job-card__actions">
        {job.hasApplied && <Badge variant="success">Applied</Badge>}
        <SaveJobButton job={job} />
      </div>
    </article>
  );
}
