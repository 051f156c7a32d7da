import type { TJob } from '@medhire/contract/jobs';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { BriefcaseIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { Tabs } from '@medhire/ui/tabs.tsx';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { describeError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { MatchList } from '../../matches/components/match-list.tsx';
import { useEnums } from '../../utility/use-enums.ts';
import { jobsApi } from '../api/jobs-api.ts';
import { jobsLoaded } from '../jobs-slice.ts';
import { JobCardStats } from './job-card-stats.tsx';
import { specialtyTitle } from './job-details.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import './jobs.css';
import './jobs-resident.css';

const selectJobs = (state: RootState) => state.jobs.jobs.jobs as TJob[];

/** The most jobs the pipeline overview lists at once. */
const PIPELINE_PAGE_SIZE = 50;

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };

/** /jobs-resident (spec §2): every job with its applicants and matches, to open one. */
export function JobsResidentScreen() {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const jobs = useAppSelector(selectJobs);
  const { enums } = useEnums();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const userId = user?._id;
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'invites' ? 'invites' : 'jobs';

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    jobsApi
      .getAllJobs(userId, { pageSize: PIPELINE_PAGE_SIZE, pageNumber: 1 }, controller.signal)
      .then((list) => {
        dispatch(jobsLoaded(list.jobs));
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, attempt]);

  const jobsPanel = (
    <>
      {state.status === 'loading' && (
        <div className="jobs-skeleton" aria-busy="true">
          <span className="visually-hidden" role="status">
            Loading your jobs
          </span>
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
          <Skeleton height="6rem" />
        </div>
      )}
      {state.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load your jobs">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'ready' && jobs.length === 0 && (
        <EmptyState
          headingLevel={3}
          icon={<BriefcaseIcon size={26} />}
          title="No jobs yet"
          description="Candidates gather under the jobs you post. Post a job to start your pipeline."
          action={
            <Link className={buttonClasses()} to="/create-job">
              Post a job
            </Link>
          }
        />
      )}
      {state.status === 'ready' && jobs.length > 0 && (
        <ul className="job-cards job-cards--grid" aria-label="Jobs in your pipeline">
          {jobs.map((job) => (
            <li key={job._id} className={cx(cardClasses({ padding: 'sm', shadow: 'xs' }), 'job-card')}>
              <div className="job-card__head">
                <div>
                  <h3 className="job-card__title">
                    <Link className="jobs-title-link" to={`/jobs-resident/${job._id}`}>
                      {job.title}
                    </Link>
                  </h3>
                  <p className="jobs-meta">
                    {[specialtyTitle(enums, job.specialty), job.locations[0]?.description]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                </div>
                <JobStatusBadge status={job.status} />
              </div>
              <JobCardStats job={job} />
              <Link
                className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'job-card__open' })}
                to={`/jobs-resident/${job._id}`}
                // Starts with the visible text, so voice users can say what they see (WCAG 2.5.3).
                aria-label={`Open pipeline for ${job.title}`}
              >
                Open pipeline
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );

  return (
    <div className="jobs-screen">
      <title>Candidate pipeline · MedHire</title>
      <PageHeader
        title="Candidate pipeline"
        description="Physicians who applied to your jobs or answered your invites, by job."
      />
      <Tabs
        label="Candidate pipeline sections"
        selectedTabId={tab}
        onChange={(next) => setSearchParams(next === 'invites' ? { tab: next } : {}, { replace: true })}
        tabs={[
          {
            id: 'jobs',
            label: 'Jobs',
            badge: state.status === 'ready' ? jobs.length : undefined,
            content: jobsPanel,
          },
          {
            id: 'invites',
            label: 'All invites',
            content: userId ? <MatchList scope="all" userId={userId} /> : null,
          },
        ]}
      />
    </div>
  );
}
