import type { TJob } from '@medhire/contract/jobs';
import {
  type TCreateMatchBody,
  type TInviteOrigin,
  type TMatch,
  type TMatchStatus,
  ZCreateMatchBody,
} from '@medhire/contract/matches';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Select, TextArea } from '@medhire/ui/field.tsx';
import { contractResolver } from '@medhire/ui/form-resolver.ts';
import { Modal } from '@medhire/ui/modal.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { jobsApi } from '../../jobs/api/jobs-api.ts';
import { matchesApi } from '../api/matches-api.ts';
import './invite-to-job-modal.css';
import { countOf } from '../../../lib/plural.ts';

/** Open jobs fetched for the choice; an organisation rarely has more. */
const OPEN_JOBS_PAGE_SIZE = 200;
const ACTIVE_MATCH_STATUSES: readonly TMatchStatus[] = ['pending', 'accepted'];

/** The physician to invite; their current invites, when known, mark jobs they already hold one for. */
export interface InviteCandidate {
  _id: string;
  fullName: string;
  matches?: readonly { jobId: string; status: TMatchStatus }[];
}

export interface InviteToJobModalProps {
  /** The physician to invite; the dialog is open while this is set. */
  applicant: InviteCandidate | null;
  onClose: () => void;
  /** Called with the created (pending) match once the server accepted the invite. */
  onInvited?: (match: TMatch) => void;
  /** Preselects a job, e.g. on a job's own applicant board. */
  defaultJobId?: string;
  /** Where the invite is sent from (recorded for the reports); none from the applicant's page. */
  origin?: TInviteOrigin;
}

interface InviteFormValues {
  jobId: string;
  applicantId: string;
  message: string;
}

type JobsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; jobs: TJob[] };

/**
 * Invites a physician to one of the organisation's open jobs (a pending match). The server's
 * refusal (e.g. an invite already open for that job) is shown as it words it.
 */
export function InviteToJobModal({
  applicant,
  onClose,
  onInvited,
  defaultJobId,
  origin,
}: InviteToJobModalProps) {
  const isOpen = applicant !== null;
  return (
    <Modal
      isOpen={isOpen}
      onClose={onClose}
      title="Invite to a job"
      description={
        applicant
          ? `${applicant.fullName} gets your invite and can accept or decline it. An accepted invite opens a conversation and uses one invite from your plan.`
          : undefined
      }
    >
      {applicant && (
        <InviteForm
          applicant={applicant}
          onClose={onClose}
          onInvited={onInvited}
          defaultJobId={defaultJobId}
          origin={origin}
        />
      )}
    </Modal>
  );
}

/** The organisation's open jobs, the ones an invite can be for; `retry` loads them again. */
export function useOpenJobs() {
  const userId = useAppSelector(selectUser)?._id;
  const [jobsState, setJobsState] = useState<JobsState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setJobsState({ status: 'loading' });
    jobsApi
      .getAllJobs(userId, { status: 'open', pageSize: OPEN_JOBS_PAGE_SIZE, pageNumber: 1 }, controller.signal)
      .then((list) => setJobsState({ status: 'ready', jobs: list.jobs }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setJobsState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [userId, attempt]);
  return { jobsState, retry: () => setAttempt((count) => count + 1) };
}

/** While the open jobs load: the form's outline. */
export function OpenJobsSkeleton() {
  return (
    <div className="invite-form__loading" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading your open jobs
      </span>
      <Skeleton height="1rem" width="30%" />
      <Skeleton height="2.5rem" />
      <Skeleton height="1rem" width="40%" />
      <Skeleton height="6rem" />
    </div>
  );
}

/** The open jobs could not be loaded: the reason and "Try again". */
export function OpenJobsFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert variant="danger" title="We couldn't load your open jobs">
      <p>{message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/** No open job to invite to: say so and lead to the jobs. */
export function NoOpenJobs({ onClose, who }: { onClose: () => void; who: string }) {
  return (
    <div className="invite-form">
      <Alert variant="info" title="You have no open jobs">
        <p>Invites are for open jobs. Publish a draft or post a new job, then invite {who}.</p>
      </Alert>
      <div className="invite-form__footer">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Link className={buttonClasses()} to="/jobs">
          Go to your jobs
        </Link>
      </div>
    </div>
  );
}

function InviteForm({
  applicant,
  onClose,
  onInvited,
  defaultJobId,
  origin,
}: {
  applicant: InviteCandidate;
  onClose: () => void;
  onInvited?: (match: TMatch) => void;
  defaultJobId?: string;
  origin?: TInviteOrigin;
}) {
  const user = useAppSelector(selectUser);
  const invitesLeft = user?.subscriptionMeta?.invitesLeft;
  const formId = useId();
  const { jobsState, retry } = useOpenJobs();

  const invitedJobIds = new Set(
    (applicant.matches ?? [])
      .filter((match) => ACTIVE_MATCH_STATUSES.includes(match.status))
      .map((match) => match.jobId),
  );

  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<InviteFormValues, unknown, TCreateMatchBody>({
    resolver: contractResolver<typeof ZCreateMatchBody, InviteFormValues>(ZCreateMatchBody),
    defaultValues: { jobId: '', applicantId: applicant._id, message: '' },
  });

  // Preselect the given job, or the only job that can take the invite.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a freshly loaded job list preselects.
  useEffect(() => {
    if (jobsState.status !== 'ready' || getValues('jobId')) return;
    const available = jobsState.jobs.filter((job) => !invitedJobIds.has(job._id));
    const preferred =
      available.find((job) => job._id === defaultJobId) ??
      (available.length === 1 ? available[0] : undefined);
    if (preferred) setValue('jobId', preferred._id);
  }, [jobsState]);

  const onSubmit = async (body: TCreateMatchBody) => {
    try {
      const match = await matchesApi.createMatch(origin ? { ...body, origin } : body);
      notifySuccess(`Invite sent to ${applicant.fullName} for ${match.job.title}.`);
      onInvited?.(match);
      onClose();
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  if (jobsState.status === 'loading') return <OpenJobsSkeleton />;
  if (jobsState.status === 'failed') return <OpenJobsFailed message={jobsState.message} onRetry={retry} />;
  if (jobsState.jobs.length === 0) return <NoOpenJobs onClose={onClose} who="this physician" />;

  return (
    <form id={formId} className="invite-form" noValidate onSubmit={handleSubmit(onSubmit)}>
      <input type="hidden" {...register('applicantId')} />
      <Select
        label="Job"
        placeholder="Choose an open job"
        options={jobsState.jobs.map((job) => ({
          value: job._id,
          label: invitedJobIds.has(job._id) ? `${job.title} (already invited)` : job.title,
          isDisabled: invitedJobIds.has(job._id),
        }))}
        error={errors.jobId?.message}
        {...register('jobId')}
      />
      <TextArea
        label="Message"
        isOptional
        rows={4}
        maxLength={2000}
        hint="A few words on why this job fits them. The physician reads it with the invite."
        error={errors.message?.message}
        {...register('message')}
      />
      {typeof invitesLeft === 'number' && (
        <p className="invite-form__note">
          {countOf(invitesLeft, 'invite')} left on your plan. An invite is used only when the physician
          accepts.
        </p>
      )}
      <div className="invite-form__footer">
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          Send invite
        </Button>
      </div>
    </form>
  );
}
