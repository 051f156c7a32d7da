import type { TJob } from '@medhire/contract/jobs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ArrowLeftIcon, BriefcaseIcon, ClipboardIcon, UsersIcon } from '../../../components/ui/icons.tsx';
import { PageHeader } from '../../../components/ui/page-header.tsx';
import { Skeleton, Spinner } from '../../../components/ui/spinner.tsx';
import { Tabs } from '../../../components/ui/tabs.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { useEnums } from '../../utility/use-enums.ts';
import { jobsApi } from '../api/jobs-api.ts';
import { jobsLoaded, singleJobLoaded } from '../jobs-slice.ts';
import { JobDetails, specialtyTitle } from './job-details.tsx';
import { JobStatusBadge } from './job-status-badge.tsx';
import { useJobActions } from './use-job-actions.tsx';
import './jobs.css';

const selectSingleJob = (state: RootState) => state.jobs.singleJob as TJob | null;
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
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, attempt]);

  return (
    <div className="jobs-screen">
      <title>Candidate pipeline · MedHire</title>
      <PageHeader
        title="Candidate pipeline"
        description="Physicians who applied to your jobs or answered your match invites, by job."
      />
      {state.status === 'loading' && (
        <div className="jobs-skeleton" aria-busy="true">
          <Skeleton height="4rem" />
          <Skeleton height="4rem" />
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
        <ul className="job-cards" aria-label="Jobs in your pipeline">
          {jobs.map((job) => (
            <li key={job._id} className="job-card">
              <div className="job-card__head">
                <div>
                  <h2 className="job-card__title">
                    <Link className="jobs-title-link" to={`/jobs-resident/${job._id}`}>
                      {job.title}
                    </Link>
                  </h2>
                  <p className="jobs-meta">{specialtyTitle(enums, job.specialty)}</p>
                </div>
                <JobStatusBadge status={job.status} />
              </div>
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
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** /jobs-resident/:id (spec §2): one job in full, with its applicants and matches. */
export function JobResidentScreen() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const stored = useAppSelector(selectSingleJob);
  const job = stored?._id === id ? stored : null;
  const { enums } = useEnums();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const actions = useJobActions({
    onAdded: (copy) => void navigate(`/edit-job/${copy._id}`),
    onDeleted: () => void navigate('/jobs'),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    jobsApi
      .getSingleJob(id, controller.signal)
      .then((loaded) => {
        dispatch(singleJobLoaded(loaded));
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'failed', message: errorMessage(error) });
      });
    return () => controller.abort();
  }, [dispatch, id, attempt]);

  const backLink = (
    <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs">
      <ArrowLeftIcon size={18} />
      All jobs
    </Link>
  );

  if (state.status === 'failed') {
    return (
      <div className="jobs-screen">
        <title>Job · MedHire</title>
        <PageHeader eyebrow="Jobs" title="Job" actions={backLink} />
        <Alert variant="danger" title="We couldn't load this job">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  if (!job) {
    return (
      <div className="jobs-screen">
        <title>Job · MedHire</title>
        <PageHeader eyebrow="Jobs" title="Job" actions={backLink} />
        <div className="jobs-screen__loading">
          <Spinner size="lg" label="Loading the job" />
        </div>
      </div>
    );
  }

  const isBusy = actions.busyJobId === job._id;
  return (
    <div className="jobs-screen">
      <title>{`${job.title} · MedHire`}</title>
      {actions.confirmation}
      <PageHeader
        eyebrow={
          <span className="job-detail-head">
            {specialtyTitle(enums, job.specialty)} <JobStatusBadge status={job.status} />
          </span>
        }
        title={job.title}
        description={job.locations.map((location) => location.description).join(' · ')}
        actions={
          <>
            {backLink}
            <Link className={buttonClasses()} to={`/edit-job/${job._id}`}>
              Edit job
            </Link>
          </>
        }
      />
      <div className="jobs-actions jobs-actions--start">
        <Button
          variant="secondary"
          size="sm"
          disabled={isBusy}
          onClick={() => void actions.setStatus(job, job.status === 'open' ? 'closed' : 'open')}
        >
          {job.status === 'open' ? 'Close job' : job.status === 'draft' ? 'Publish job' : 'Reopen job'}
        </Button>
        <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => void actions.duplicate(job)}>
          Duplicate
        </Button>
        <Button variant="secondary" size="sm" disabled={isBusy} onClick={() => actions.askToDelete(job)}>
          Delete
        </Button>
      </div>
      <Tabs
        label="Job sections"
        tabs={[
          {
            id: 'details',
            label: 'Details',
            content: (
              <Card>
                <JobDetails job={job} enums={enums} headingLevel={2} />
              </Card>
            ),
          },
          {
            id: 'applicants',
            label: 'Applicants',
            badge: job.applicantCount,
            content: (
              <EmptyState
                icon={<UsersIcon size={26} />}
                title="No applicants yet"
                description={
                  job.status === 'open'
                    ? 'Applicants will appear here when physicians apply.'
                    : 'Applicants will appear here when physicians apply. Physicians can apply once the job is open.'
                }
              />
            ),
          },
          {
            id: 'matches',
            label: 'Matches',
            badge: job.matchCount,
            content: (
              <EmptyState
                icon={<ClipboardIcon size={26} />}
                title="No matches yet"
                description="Physicians you invite to this job, and those who accept, will appear here."
              />
            ),
          },
        ]}
      />
    </div>
  );
}
