import { formatShortDate } from '@medhire/contract/en-us-format';
import type {
  TCandidateStatus,
  TPhysicianApplication,
  TPhysicianApplicationList,
} from '@medhire/contract/physicians';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ClipboardIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
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
    withdrawApplication: build.mutation<TPhysicianApplication, string>({
      query: (applicationId) => ({
        path: `/employee/job/withdraw-application/${encodeURIComponent(applicationId)}`,
        method: 'PATCH',
        body: {},
      }),
      // The job page shows whether the physician applied; a withdrawn application may change it.
      invalidatesTags: (_result, error) => (error ? [] : ['Applications', 'Jobs', 'Job']),
    }),
  }),
});

export const { useGetApplicationsQuery, useWithdrawApplicationMutation } = applicationsApi;

/** Each status's colour, and where it stands on the way to being hired. */
const STATUS_STYLE: Readonly<Record<TCandidateStatus, { variant: BadgeVariant; step: number | null }>> = {
  submitted: { variant: 'info', step: 1 },
  in_review: { variant: 'primary', step: 2 },
  interview: { variant: 'warning', step: 3 },
  offer: { variant: 'success', step: 4 },
  hired: { variant: 'success', step: 5 },
  not_selected: { variant: 'neutral', step: null },
  withdrawn: { variant: 'neutral', step: null },
};

const STEPS = ['Submitted', 'In review', 'Interview', 'Offer', 'Hired'] as const;

/** Withdrawing makes sense while the employer is still deciding. */
const CAN_WITHDRAW: ReadonlySet<TCandidateStatus> = new Set(['submitted', 'in_review', 'interview', 'offer']);

function formatDay(iso: string): string {
  return formatShortDate(new Date(iso));
}

function StatusTrack({ step }: { step: number }) {
  return (
    <ol className="application-track" aria-hidden="true">
      {STEPS.map((label, index) => (
        <li
          key={label}
          className={`application-track__step${index < step ? ' application-track__step--reached' : ''}`}
        />
      ))}
    </ol>
  );
}

function ApplicationItem({ application }: { application: TPhysicianApplication }) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [withdraw, withdrawState] = useWithdrawApplicationMutation();
  const style = STATUS_STYLE[application.status];
  const onWithdraw = async () => {
    const result = await withdraw(application._id);
    if (!('error' in result)) setIsConfirming(false);
  };
  return (
    <li
      className={`${cardClasses({ padding: 'sm' })} application-list__item application-list__item--${application.status}`}
    >
      <div className="application-list__head">
        <Link to={`/jobs/${application.jobId}`} className="application-list__title">
          {application.jobTitle}
        </Link>
        <Badge variant={style.variant}>
          <span className="visually-hidden">Status: </span>
          {application.statusLabel}
        </Badge>
      </div>
      {style.step !== null && <StatusTrack step={style.step} />}
      <span className="application-list__meta">{application.organizationName}</span>
      <span className="application-list__meta">
        Applied {formatDay(application.appliedAt)}
        {application.withdrawnAt && ` · Withdrawn ${formatDay(application.withdrawnAt)}`}
      </span>
      {application.status === 'interview' && (
        <Link to="/interviews" className="application-list__interview">
          See your interview <span className="visually-hidden">for {application.jobTitle}</span>
        </Link>
      )}
      {CAN_WITHDRAW.has(application.status) && (
        <div>
          <Button size="sm" variant="ghost" onClick={() => setIsConfirming(true)}>
            Withdraw <span className="visually-hidden">the application for {application.jobTitle}</span>
          </Button>
        </div>
      )}
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Withdraw this application?"
        description={`${application.organizationName} will see that you withdrew from ${application.jobTitle}. You cannot apply to this job again.`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" isLoading={withdrawState.isLoading} onClick={() => void onWithdraw()}>
              Withdraw application
            </Button>
          </>
        }
      >
        {withdrawState.error && <Alert variant="danger">{withdrawState.error.message}</Alert>}
      </Modal>
    </li>
  );
}

export function ApplicationsScreen() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching, refetch } = useGetApplicationsQuery(page);

  return (
    <>
      <title>Applications · MedHire for physicians</title>
      <PageHeader
        title="Your applications"
        description="Every job you applied to, newest first."
        actions={
          <Link className={buttonClasses({ variant: 'secondary', size: 'sm' })} to="/interviews">
            Interviews
          </Link>
        }
      />
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
              <ApplicationItem key={application._id} application={application} />
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
