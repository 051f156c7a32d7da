import type { TJob } from '@medhire/contract/jobs';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ArrowLeftIcon, BriefcaseIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import { whoCan } from '../../../app/use-can.ts';
import { describeError, HttpError } from '../../../lib/http.ts';
import { jobsApi } from '../api/jobs-api.ts';
import { emptyJobFormValues, jobFormValuesFromJob } from '../job-form-values.ts';
import { singleJobLoaded } from '../jobs-slice.ts';
import { JobWizard } from './job-form.tsx';
import './jobs.css';

const allJobsLink = (
  <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs">
    <ArrowLeftIcon size={18} />
    All jobs
  </Link>
);

/** /create-job (spec §2). */
export function CreateJobScreen() {
  return (
    <div className="jobs-screen">
      <title>Post a job · MedHire</title>
      <PageHeader
        eyebrow="Jobs"
        title="Post a job"
        description="Describe the opportunity the way a physician would weigh it. Only the title, specialty, employment type and one location are required."
        actions={allJobsLink}
      />
      <JobWizard initialValues={emptyJobFormValues()} />
    </div>
  );
}

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  /** The job is not one this member may open: another organisation's, removed, or (for a delegate) not assigned to them. */
  | { status: 'unavailable' }
  | { status: 'ready'; job: TJob };

/** /edit-job/:id (spec §2): the posting form, filled with the stored job. */
export function EditJobScreen() {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const isDelegate = useAppSelector((root) => root.auth.user?.memberRole === 'delegate');

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    jobsApi
      .getSingleJob(id, controller.signal)
      .then((job) => {
        dispatch(singleJobLoaded(job));
        setState({ status: 'ready', job });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const isUnavailable = error instanceof HttpError && (error.status === 404 || error.status === 403);
        setState(
          isUnavailable ? { status: 'unavailable' } : { status: 'failed', message: describeError(error) },
        );
      });
    return () => controller.abort();
  }, [dispatch, id, attempt]);

  return (
    <div className="jobs-screen">
      <title>Edit job · MedHire</title>
      <PageHeader
        eyebrow="Jobs"
        title={state.status === 'ready' ? `Edit “${state.job.title}”` : 'Edit job'}
        description="Changes apply to the posting as soon as you save; applicants keep their place in your pipeline."
        actions={allJobsLink}
      />
      {state.status === 'loading' && (
        <div className="jobs-screen__loading">
          <Spinner size="lg" label="Loading the job" />
        </div>
      )}
      {state.status === 'failed' && (
        <Alert variant="danger" title="We couldn't load this job">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      )}
      {state.status === 'unavailable' && (
        <EmptyState
          icon={<BriefcaseIcon size={26} />}
          title="This job isn't open to you"
          description={
            isDelegate
              ? `As a delegate you work only the jobs assigned to you. Ask ${whoCan('jobs.assign')} to assign this one.`
              : 'It may have been deleted, or the link may be out of date.'
          }
          action={
            <Link className={buttonClasses()} to="/jobs">
              Go to your jobs
            </Link>
          }
        />
      )}
      {state.status === 'ready' && (
        <JobWizard key={state.job._id} job={state.job} initialValues={jobFormValuesFromJob(state.job)} />
      )}
    </div>
  );
}
