import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ArrowLeftIcon, BriefcaseIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { titleOf, useGetEnumsQuery } from '../../lib/enums-api.ts';
import { JobCard } from './job-card.tsx';
import { JOBS_PAGE_SIZE, useGetSavedJobsQuery } from './jobs-api.ts';
import './jobs.css';

/** The jobs the physician saved to come back to, most recently saved first. */
export function SavedJobsScreen() {
  const [page, setPage] = useState(1);
  const { data: enums } = useGetEnumsQuery();
  const { data, error, isLoading, isFetching, refetch } = useGetSavedJobsQuery(page);

  return (
    <>
      <title>Saved jobs · MedHire for physicians</title>
      <Link to="/jobs" className="job-detail__back">
        <ArrowLeftIcon size={18} aria-hidden="true" /> Jobs
      </Link>
      <PageHeader title="Saved jobs" description="Jobs you saved to come back to, most recent first." />
      {isLoading ? (
        <Spinner label="Loading your saved jobs" />
      ) : error ? (
        <Alert variant="danger" title="Your saved jobs did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.jobs.length === 0 ? (
        <EmptyState
          icon={<BriefcaseIcon size={28} />}
          title="No saved jobs yet"
          description="Tap Save on a job to keep it here."
          action={
            <Link className={buttonClasses()} to="/jobs">
              Find jobs
            </Link>
          }
        />
      ) : (
        <>
          <ul className="job-list" aria-busy={isFetching} aria-label="Saved jobs">
            {data.jobs.map((job) => (
              <li key={job._id}>
                <JobCard job={job} specialty={titleOf(enums?.specialties, job.specialty)} />
              </li>
            ))}
          </ul>
          <Pager
            status={`${data.total} saved ${data.total === 1 ? 'job' : 'jobs'}`}
            page={page}
            pageCount={Math.max(1, Math.ceil(data.total / JOBS_PAGE_SIZE))}
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}
