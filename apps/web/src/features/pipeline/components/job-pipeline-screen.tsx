import type { TApplicant } from '@medhire/contract/applicants';
import type { TJob } from '@medhire/contract/jobs';
import { APPLICANT_IN_VIEW_PARAM } from '@medhire/contract/notifications';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { ArrowLeftIcon, UsersIcon } from '@medhire/ui/icons.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Skeleton } from '@medhire/ui/spinner.tsx';
import { Tabs } from '@medhire/ui/tabs.tsx';
import { notifyError } from '@medhire/ui/toast.ts';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { useCan } from '../../../app/use-can.ts';
import { describeError } from '../../../lib/http.ts';
import { applicantsApi } from '../../applicants/api/applicants-api.ts';
import { applicantsLoaded } from '../../applicants/applicants-slice.ts';
import { BulkActionBar } from '../../applicants/components/bulk-action-bar.tsx';
import { useBulkSelection } from '../../applicants/components/bulk-selection.ts';
import { type LoadBulkTemplates, useBulkTemplates } from '../../applicants/components/use-bulk-templates.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { jobsApi } from '../../jobs/api/jobs-api.ts';
import { InviteCounts } from '../../jobs/components/invite-counts.tsx';
import { specialtyTitle } from '../../jobs/components/job-details.tsx';
import { JobPosting } from '../../jobs/components/job-posting.tsx';
import { JobStatusBadge } from '../../jobs/components/job-status-badge.tsx';
import { useJobActions } from '../../jobs/components/use-job-actions.tsx';
import { singleJobLoaded } from '../../jobs/jobs-slice.ts';
import { MatchList } from '../../matches/components/match-list.tsx';
import { AssignControl, useTeamMembers } from '../../team/components/assignee-controls.tsx';
import { useEnums } from '../../utility/use-enums.ts';
import { applicationFor } from '../board-columns.ts';
import { JobApplicantsPanel } from './job-applicants-panel.tsx';
import { PipelineBoard, type PipelineBoardProps } from './pipeline-board.tsx';
import { RecommendedPanel } from './recommended-panel.tsx';
import '../../jobs/components/jobs.css';
import '../../applicants/components/applicants.css';
import './pipeline.css';
import { countOf } from '../../../lib/plural.ts';

/** The board shows up to this many of the job's applicants, most recent first. */
export const BOARD_PAGE_SIZE = 200;

const TAB_IDS = ['pipeline', 'recommended', 'applicants', 'invites', 'details'] as const;
type TabId = (typeof TAB_IDS)[number];

/** The tab a `?tab=` asks for; `matches`, the invites tab's earlier name, still opens it. */
function tabOf(requested: string | null): TabId {
  if (requested === 'matches') return 'invites';
  return TAB_IDS.includes(requested as TabId) ? (requested as TabId) : 'pipeline';
}

const selectSingleJob = (state: RootState) => state.jobs.singleJob as TJob | null;
/** On this screen the applicants list holds the job's applicants (ZApplicant answers). */
const selectApplicants = (state: RootState) =>
  state.applicants.applicants.applicants as unknown as TApplicant[];

type LoadState = { status: 'loading' } | { status: 'failed'; message: string } | { status: 'ready' };
type ApplicantsState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; total: number };

/**
 * /jobs-resident/:id (spec §2): one job's pipeline, recommended physicians, applicants and
 * invites. `?applicant=<physicianId>` (a new-application notification) brings that physician's
 * card into view on the board.
 */
export function JobPipelineScreen({
  renderCardActions,
  renderDetailsExtras,
  renderBoardActions,
  loadTemplates,
}: Pick<PipelineBoardProps, 'renderCardActions'> & {
  /** The templates the bulk bar may send (the templates feature's API, composed in by the app). */
  loadTemplates?: LoadBulkTemplates;
  /** More of the job's settings under its posting on the Details tab (composed in by the app). */
  renderDetailsExtras?: (jobId: string) => ReactNode;
  /** More actions beside the job's status button, e.g. "Save view" (composed in by the app). */
  renderBoardActions?: (jobId: string) => ReactNode;
} = {}) {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const stored = useAppSelector(selectSingleJob);
  const job = stored?._id === id ? stored : null;
  const storedApplicants = useAppSelector(selectApplicants);
  const { enums } = useEnums();
  const [jobState, setJobState] = useState<LoadState>({ status: 'loading' });
  const [jobAttempt, setJobAttempt] = useState(0);
  const [applicantsState, setApplicantsState] = useState<ApplicantsState>({ status: 'loading' });
  const [applicantsAttempt, setApplicantsAttempt] = useState(0);
  const [searchParams, setSearchParams] = useSearchParams();
  const requestedTab = searchParams.get('tab');
  const tab: TabId = tabOf(requestedTab);
  const applicantInView = searchParams.get(APPLICANT_IN_VIEW_PARAM);
  const actions = useJobActions();
  const members = useTeamMembers();
  const userId = user?._id;
  const canAssign = useCan('jobs.assign');
  const templates = useBulkTemplates(loadTemplates, useCan('messages'));
  const currentJobId = useRef(id);
  currentJobId.current = id;

  // The board's cards, by application id: what its bulk selection holds.
  const boardApplications = useMemo(
    () =>
      storedApplicants.flatMap((applicant) => {
        const application = applicationFor(applicant, id);
        return application ? [{ application, applicant }] : [];
      }),
    [storedApplicants, id],
  );
  const boardIds = useMemo(
    () => boardApplications.map(({ application }) => application._id),
    [boardApplications],
  );
  const selection = useBulkSelection(boardIds);
  // Another job is another board: what was selected on the last one is let go.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the job decides when the selection ends.
  useEffect(() => {
    selection.clear();
  }, [id]);

  /**
   * Loads the board's applicants again without its skeleton, after a bulk action or its undo:
   * the cards change column in place.
   */
  const refreshApplicants = () => {
    if (!userId) return;
    const jobId = id;
    applicantsApi
      .getAllApplicants(userId, { jobId, pageSize: BOARD_PAGE_SIZE })
      .then((list) => {
        if (currentJobId.current !== jobId) return;
        dispatch(applicantsLoaded(list.applicants));
        setApplicantsState({ status: 'ready', total: list.total });
      })
      .catch((error: unknown) => notifyError(describeError(error)));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setJobState({ status: 'loading' });
    jobsApi
      .getSingleJob(id, controller.signal)
      .then((loaded) => {
        dispatch(singleJobLoaded(loaded));
        setJobState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setJobState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, id, jobAttempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the attempt re-runs the load on "Try again".
  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    setApplicantsState({ status: 'loading' });
    applicantsApi
      .getAllApplicants(userId, { jobId: id, pageSize: BOARD_PAGE_SIZE }, controller.signal)
      .then((list) => {
        dispatch(applicantsLoaded(list.applicants));
        setApplicantsState({ status: 'ready', total: list.total });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setApplicantsState({ status: 'failed', message: describeError(error) });
      });
    return () => controller.abort();
  }, [dispatch, userId, id, applicantsAttempt]);

  const selectTab = (next: string) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'pipeline') params.delete('tab');
        else params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  const backLink = (
    <Link className={buttonClasses({ variant: 'secondary' })} to="/jobs-resident">
      <ArrowLeftIcon size={18} />
      All jobs
    </Link>
  );

  if (jobState.status === 'failed') {
    return (
      <div className="jobs-screen">
        <title>Job · MedHire</title>
        <PageHeader eyebrow="Candidate pipeline" title="Job" actions={backLink} />
        <Alert variant="danger" title="We couldn't load this job">
          <p>{jobState.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setJobAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }
  if (!job) {
    return (
      <div className="jobs-screen" aria-busy="true">
        <title>Job · MedHire</title>
        <span className="visually-hidden" role="status">
          Loading the job
        </span>
        <div className="pipeline-header-skeleton">
          <Skeleton width="10rem" height="1rem" />
          <Skeleton width="60%" height="2rem" />
          <Skeleton width="40%" height="1rem" />
        </div>
        <Skeleton height="3rem" />
        <BoardSkeleton />
      </div>
    );
  }

  // Only applicants with an application to this job belong to its pipeline.
  const jobApplicants =
    applicantsState.status === 'ready'
      ? storedApplicants.filter((applicant) => applicationFor(applicant, job._id))
      : [];
  const applicantCount = applicantsState.status === 'ready' ? applicantsState.total : job.applicantCount;
  const isBusy = actions.busyJobId === job._id;

  const withApplicants = (content: ReactNode, skeleton: ReactNode) => {
    if (applicantsState.status === 'loading') return skeleton;
    if (applicantsState.status === 'failed') {
      return (
        <Alert variant="danger" title="We couldn't load this job's applicants">
          <p>{applicantsState.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setApplicantsAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      );
    }
    if (jobApplicants.length === 0) {
      return (
        <EmptyState
          headingLevel={3}
          icon={<UsersIcon size={26} />}
          title="No applicants yet for this job"
          description={
            job.status === 'open'
              ? 'Physicians who apply, and those who accept your invites, appear here. Invite the recommended ones to get started.'
              : 'Physicians can apply once the job is open. Publish it, then invite the recommended physicians.'
          }
          action={
            <Button variant="secondary" onClick={() => selectTab('recommended')}>
              See recommended physicians
            </Button>
          }
        />
      );
    }
    return (
      <>
        {applicantsState.total > jobApplicants.length && (
          <p className="pipeline-panel__intro">
            Showing the {jobApplicants.length} most recent of {countOf(applicantsState.total, 'applicant')}.
          </p>
        )}
        {content}
      </>
    );
  };

  return (
    <div className="jobs-screen">
      <title>{`${job.title} · Pipeline · MedHire`}</title>
      {actions.confirmation}
      <PageHeader
        eyebrow={
          <span className="job-detail-head">
            {specialtyTitle(enums, job.specialty) ?? 'Job'} <JobStatusBadge status={job.status} />
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
      <div className="pipeline-summary">
        <dl className="pipeline-summary__stats">
          <div>
            <dt>Applicants</dt>
            <dd>{applicantCount}</dd>
          </div>
          <div className="pipeline-summary__invites-stat">
            <dt>Invites</dt>
            <dd>
              <InviteCounts counts={job.inviteCounts} className="pipeline-summary__invites" />
            </dd>
          </div>
        </dl>
        <div className="pipeline-summary__assignee">
          <AssignControl
            label="Job owner"
            assignee={job.assignee}
            members={members}
            assign={async (assigneeId) => {
              dispatch(singleJobLoaded(await jobsApi.assignJob(job._id, assigneeId)));
            }}
          />
        </div>
        <Button
          variant="secondary"
          size="sm"
          disabled={isBusy}
          onClick={() => void actions.setStatus(job, job.status === 'open' ? 'closed' : 'open')}
        >
          {job.status === 'open' ? 'Close job' : job.status === 'draft' ? 'Publish job' : 'Reopen job'}
        </Button>
        {renderBoardActions?.(job._id)}
      </div>
      <Tabs
        label="Job pipeline sections"
        selectedTabId={tab}
        onChange={selectTab}
        tabs={[
          {
            id: 'pipeline',
            label: 'Pipeline',
            content: withApplicants(
              <div className="pipeline-bulk">
                <BulkActionBar
                  selection={selection}
                  totalMatching={selection.selected.size}
                  pageRows={selection.selected.size}
                  members={members}
                  canAssign={canAssign}
                  templates={templates}
                  onChanged={refreshApplicants}
                  resolveTargets={async () => {
                    const names = new Map(
                      boardApplications
                        .filter(({ application }) => selection.selected.has(application._id))
                        .map(({ application, applicant }) => [application._id, applicant.fullName]),
                    );
                    return {
                      applicationIds: [...names.keys()],
                      nameOf: (applicationId) => names.get(applicationId) ?? 'An applicant',
                    };
                  }}
                />
                <PipelineBoard
                  jobId={job._id}
                  applicants={jobApplicants}
                  applicantInView={applicantInView}
                  renderCardActions={renderCardActions}
                  selection={selection}
                />
              </div>,
              <BoardSkeleton />,
            ),
          },
          {
            id: 'recommended',
            label: 'Recommended',
            content: (
              <RecommendedPanel
                job={job}
                onInvited={(match) => {
                  // The header and tab count this job's invites; an invite to another job leaves them.
                  if (match.job._id === job._id) {
                    dispatch(
                      singleJobLoaded({
                        ...job,
                        matchCount: job.matchCount + 1,
                        inviteCounts: { ...job.inviteCounts, pending: job.inviteCounts.pending + 1 },
                      }),
                    );
                  }
                }}
                onBulkInvited={(pendingAddedByJob) => {
                  // Invites sent count as matches; withdrawn ones leave the pending count only.
                  const added = pendingAddedByJob.get(job._id) ?? 0;
                  if (added === 0) return;
                  dispatch(
                    singleJobLoaded({
                      ...job,
                      matchCount: job.matchCount + Math.max(added, 0),
                      inviteCounts: { ...job.inviteCounts, pending: job.inviteCounts.pending + added },
                    }),
                  );
                }}
              />
            ),
          },
          {
            id: 'applicants',
            label: 'Applicants',
            badge: applicantCount,
            content: withApplicants(
              <JobApplicantsPanel job={job} applicants={jobApplicants} />,
              <ListSkeleton label="Loading applicants" />,
            ),
          },
          {
            id: 'invites',
            label: 'Invites',
            badge: job.matchCount,
            content: <MatchList scope="job" jobId={job._id} applicantInView={applicantInView} />,
          },
          {
            id: 'details',
            label: 'Details',
            content: (
              <>
                <Card>
                  <JobPosting job={job} enums={enums} headingLevel={2} />
                </Card>
                {renderDetailsExtras?.(job._id)}
              </>
            ),
          },
        ]}
      />
    </div>
  );
}

function BoardSkeleton() {
  return (
    <div className="pipeline-board__columns" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the pipeline
      </span>
      {['a', 'b', 'c', 'd', 'e', 'f'].map((key) => (
        <div key={key} className="pipeline-column">
          <Skeleton width="50%" height="1.25rem" />
          <Skeleton height="6rem" radius="var(--radius-md)" />
          <Skeleton height="6rem" radius="var(--radius-md)" />
        </div>
      ))}
    </div>
  );
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <div className="pipeline-list" aria-busy="true">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <Skeleton height="8rem" radius="var(--radius-lg)" />
      <Skeleton height="8rem" radius="var(--radius-lg)" />
    </div>
  );
}
