import type { TPhysicianApplicationList } from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ClipboardIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Pager } from '@medhire/ui/pager.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import './applications.css';

const PAGE_SIZE = 20;

const applicationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getApplications: build.query<TPhysicianApplicationList, number>({
      query: (pageNumber) => ({
        path: '/employee/job/get-applications',
        query: { pageNumber, pageSize: PAGE_SIZE },
      }),
      providesTags: ['Applications'],
    }),
  }),
});

export const { useGetApplicationsQuery } = applicationsApi;

export function ApplicationsScreen() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetApplicationsQuery(page);

  return (
    <>
      <title>Applications · MedHire for physicians</title>
      <PageHeader title="Your applications" description="Every job you applied to, newest first." />
      {isLoading ? (
        <Spinner label="Loading your applications" />
      ) : error ? (
        <Alert variant="danger" title="Your applications did not load">
          <p>{error.message}</p>
          <Button size="sm" variant="secondary" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !data || data.applications.length === 0 ? (
        <EmptyState
          icon={<ClipboardIcon size={28} />}
          title="No applications yet"
          description="Find a job you like and apply with your profile in two taps."
          action={
            <Link className={buttonClasses()} to="/jobs">
              Find jobs
            </Link>
          }
        />
      ) : (
        <>
          <ul className="application-list" aria-busy={isFetching}>
            {data.applications.map((application) => (
              <li key={application._id} className={cardClasses({ padding: 'sm' })}>
                <Link to={`/jobs/${application.jobId}`} className="application-list__title">
                  {application.jobTitle}
                </Link>
                <span className="application-list__meta">{application.organizationName}</span>
                <span className="application-list__meta">
                  Applied{' '}
                  {new Date(application.appliedAt).toLocaleDateString('en-US', {
                    year: 'numeric',
                    month: 'short',
                    day: 'numeric',
                  })}
                </span>
              </li>
            ))}
          </ul>
          <Pager
            status={`${data.total} ${data.total === 1 ? 'application' : 'applications'}`}
            page={page}
            pageCount={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
            onPage={setPage}
          />
        </>
      )}
    </>
  );
}
