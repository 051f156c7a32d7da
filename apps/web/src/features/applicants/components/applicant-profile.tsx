import type { TApplicant, TApplicantMatch, TApplication, TPipelineEvent } from '@medhire/contract/applicants';
import { PIPELINE_DISPLAY_ORDER, type TPipelineStatus } from '@medhire/contract/matches';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button, buttonClasses } from '@medhire/ui/button.tsx';
import { Card, cardClasses } from '@medhire/ui/card.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { EmptyState } from '@medhire/ui/empty-state.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { ArrowLeftIcon, MessageIcon, PlusIcon, UserIcon } from '@medhire/ui/icons.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { Skeleton, Spinner } from '@medhire/ui/spinner.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { stateName } from '@medhire/ui/us-states.ts';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../app/hooks.ts';
import type { RootState } from '../../../app/store.ts';
import { describeError, errorMessage, HttpError } from '../../../lib/http.ts';
import { selectUser } from '../../auth/auth-slice.ts';
import { MessageApplicantButton } from '../../conversations/components/message-applicant-button.tsx';
import { matchesApi } from '../../matches/api/matches-api.ts';
import { applyMatchUpdate } from '../../matches/apply-match-update.ts';
import { AssignControl, useTeamMembers } from '../../team/components/assignee-controls.tsx';
import { applicantsApi } from '../api/applicants-api.ts';
import { applicantUpdated, singleApplicantLoaded } from '../applicants-slice.ts';
import {
  ApplicantAvatar,
  BoardStatusBadge,
  experienceText,
  formatDate,
  formatDateTime,
  MatchStatusBadge,
  PipelineStatusBadge,
} from './applicant-badges.tsx';
import { SaveApplicantButton, specialtyLine } from './applicant-card.tsx';
import { useApplicantActions } from './use-applicant-actions.tsx';
import './applicants.css';

const selectSingle = (state: RootState) => state.applicants.singleApplicant as TApplicant | null;

type LoadState =
  | { status: 'loading' }
  | { status: 'failed'; message: string }
  | { status: 'missing' }
  | { status: 'ready' };

const backLink = (
  <Link className={buttonClasses({ variant: 'ghost', size: 'sm' })} to="/applicants">
    <ArrowLeftIcon size={18} />
    All applicants
  </Link>
);

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="profile-facts__row">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const notGiven = <span className="profile-facts__missing">Not given</span>;

function ProfileFacts({ applicant }: { applicant: TApplicant }) {
  return (
    <Card title="Profile" aria-label="Profile">
      <dl className="profile-facts">
        <Fact term="Specialty">{applicant.specialty.title}</Fact>
        <Fact term="Sub-specialties">
          {applicant.subSpecialties.length > 0
            ? applicant.subSpecialties.map((entry) => entry.title).join(', ')
            : 'None'}
        </Fact>
        <Fact term="Board status">{applicant.boardStatus.title}</Fact>
        <Fact term="Experience">{experienceText(applicant.yearsOfExperience)}</Fact>
        <Fact term="Available to start">{applicant.yearAvailableToStart}</Fact>
        <Fact term="Lives in">{applicant.homeLocation.description}</Fact>
        <Fact term="States of interest">
          {applicant.statesOfInterest.length > 0
            ? applicant.statesOfInterest.map(stateName).join(', ')
            : notGiven}
        </Fact>
        <Fact term="Cities of interest">
          {applicant.citiesOfInterest.length > 0
            ? applicant.citiesOfInterest.map((place) => place.description).join('; ')
            : notGiven}
        </Fact>
        <Fact term="Employment types">
          {applicant.employmentTypes.length > 0
            ? applicant.employmentTypes.map((entry) => entry.title).join(', ')
            : notGiven}
        </Fact>
        <Fact term="Visa sponsorship">{applicant.needsVisa ? 'Needs sponsorship' : 'Not needed'}</Fact>
        <Fact term="NPI number">{applicant.npiNumber ?? notGiven}</Fact>
        <Fact term="CV">
          {applicant.cvUrl ? (
            <a href={applicant.cvUrl} target="_blank" rel="noopener noreferrer">
              Open CV<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            notGiven
          )}
        </Fact>
      </dl>
    </Card>
  );
}

function eventText(event: TPipelineEvent, application: TApplication): string {
  if (event.fromStatus === null) {
    if (event.actor === 'physician') {
      return application.source === 'match'
        ? `Accepted your invite · added as ${event.toStatus}`
        : `Applied · ${event.toStatus}`;
    }
    return `Added as ${event.toStatus}`;
  }
  return `Moved from ${event.fromStatus} to ${event.toStatus}`;
}

function Timeline({ application, ownEmail }: { application: TApplication; ownEmail: string | undefined }) {
  const events = [...(application.history ?? [])].reverse();
  if (events.length === 0) return null;
  return (
    <div>
      <div className="timeline-toggle">
        <h4>History, newest first</h4>
      </div>
      <ol className="timeline" aria-label={`History of the application to ${application.jobTitle}`}>
        {events.map((event) => {
          const who =
            event.actor === 'physician'
              ? 'by the physician'
              : event.changedBy === ownEmail
                ? 'by you'
                : event.changedByName || event.changedBy
                  ? `by ${event.changedByName ?? event.changedBy}`
                  : 'by your team';
          return (
            <li
              key={event._id}
              className={`timeline__event${event.fromStatus === null ? ' timeline__event--first' : ''}`}
            >
              <p className="timeline__what">{eventText(event, application)}</p>
              <p className="timeline__when">
                {who} · <time dateTime={event.changedAt}>{formatDateTime(event.changedAt)}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </div>
  );
}

function ApplicationItem({
  application,
  physicianName,
  ownEmail,
  onMove,
  pendingStatus,
  assignControl,
  extras,
}: {
  application: TApplication;
  /** What the app composes in under the stage control (e.g. the interviews and their actions). */
  extras?: ReactNode;
  /** The physician's name, for the Message button's label. */
  physicianName: string;
  ownEmail: string | undefined;
  onMove: (status: TPipelineStatus) => void;
  /** Who looks after this application, and (with jobs.assign) the control to change it. */
  assignControl?: ReactNode;
  /** The stage the application is being moved to, while the server answers. */
  pendingStatus: TPipelineStatus | undefined;
}) {
  return (
    <article className="application-item" aria-label={`Application to ${application.jobTitle}`}>
      <div className="application-item__head">
        <div>
          <h3 className="application-item__title">
            <Link to={`/jobs-resident/${encodeURIComponent(application.jobId)}`}>{application.jobTitle}</Link>
          </h3>
          <p className="application-item__meta">
            {application.source === 'match' ? 'Joined through your invite' : 'Applied'}{' '}
            <time dateTime={application.appliedAt}>{formatDate(application.appliedAt)}</time>
          </p>
        </div>
        <div className="application-item__status">
          <PipelineStatusBadge status={application.pipelineStatus} />
          <MessageApplicantButton
            applicationId={application._id}
            physicianName={physicianName}
            jobTitle={application.jobTitle}
          />
        </div>
      </div>
      {application.coverLetter && <p className="application-item__cover">{application.coverLetter}</p>}
      <div className="pipeline-control">
        <Select
          label={
            <>
              Pipeline stage<span className="visually-hidden"> for {application.jobTitle}</span>
            </>
          }
          options={PIPELINE_DISPLAY_ORDER.map((status) => ({ value: status, label: status }))}
          value={pendingStatus ?? application.pipelineStatus}
          disabled={pendingStatus !== undefined}
          onChange={(event) => onMove(event.target.value as TPipelineStatus)}
        />
        {pendingStatus && (
          <span className="pipeline-control__pending" role="status">
            <Spinner size="sm" />
            Moving to {pendingStatus}…
          </span>
        )}
        {assignControl}
      </div>
      {extras}
      <Timeline application={application} ownEmail={ownEmail} />
    </article>
  );
}

function MatchItem({ match, onCancel }: { match: TApplicantMatch; onCancel: () => void }) {
  return (
    <article className="match-item" aria-label={`Invite to ${match.jobTitle}`}>
      <div className="match-item__head">
        <div>
          <h3 className="match-item__title">{match.jobTitle}</h3>
          <p className="match-item__meta">
            Invited <time dateTime={match.createdAt}>{formatDate(match.createdAt)}</time>
          </p>
        </div>
        <MatchStatusBadge status={match.status} />
      </div>
      {(match.status === 'pending' || match.conversationId) && (
        <div className="match-item__actions">
          {match.conversationId && (
            <Link
              className={buttonClasses({ variant: 'secondary', size: 'sm' })}
              to={`/messages?conversationId=${encodeURIComponent(match.conversationId)}`}
            >
              <MessageIcon size={16} />
              Open conversation
            </Link>
          )}
          {match.status === 'pending' && (
            <Button
              variant="ghost"
              size="sm"
              className="button--danger-text"
              aria-label={`Cancel the invite to ${match.jobTitle}`}
              onClick={onCancel}
            >
              Cancel invite
            </Button>
          )}
        </div>
      )}
    </article>
  );
}

function ProfileSkeleton() {
  return (
    <div className="applicants-screen" aria-busy="true">
      <span className="visually-hidden" role="status">
        Loading the physician's profile
      </span>
      <div className={cx(cardClasses(), 'applicant-hero')}>
        <Skeleton width="4.5rem" height="4.5rem" radius="999px" />
        <div className="applicant-hero__identity">
          <Skeleton height="1.75rem" width="40%" />
          <Skeleton height="1rem" width="60%" />
        </div>
      </div>
      <div className="applicant-profile">
        <Skeleton height="20rem" radius="14px" />
        <Skeleton height="14rem" radius="14px" />
      </div>
    </div>
  );
}

/** What the app adds to each application on the page, with a way to load the applicant again. */
export type RenderApplicationExtras = (context: {
  application: TApplication;
  applicant: TApplicant;
  /** Loads the applicant again (e.g. after a change made elsewhere moved them to another stage). */
  reload: () => Promise<void>;
}) => ReactNode;

/** /applicants/:id (spec §2, §3): one physician's full profile and their history with this employer. */
export function ApplicantScreen({
  renderApplicationExtras,
}: {
  renderApplicationExtras?: RenderApplicationExtras;
} = {}) {
  const { id = '' } = useParams();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const stored = useAppSelector(selectSingle);
  const applicant = stored?._id === id ? stored : null;
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [pendingMoves, setPendingMoves] = useState<Record<string, TPipelineStatus>>({});
  const [toCancel, setToCancel] = useState<TApplicantMatch | null>(null);
  const [isCancelling, setIsCancelling] = useState(false);
  const actions = useApplicantActions();
  const members = useTeamMembers();

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt re-runs the load on "Try again".
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    applicantsApi
      .getSingleApplicant(id, controller.signal)
      .then((loaded) => {
        dispatch(singleApplicantLoaded(loaded));
        setState({ status: 'ready' });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && (error.status === 404 || error.status === 403)) {
          setState({ status: 'missing' });
        } else {
          setState({ status: 'failed', message: describeError(error) });
        }
      });
    return () => controller.abort();
  }, [dispatch, id, attempt]);

  const move = async (application: TApplication, pipelineStatus: TPipelineStatus) => {
    if (pipelineStatus === application.pipelineStatus) return;
    setPendingMoves((current) => ({ ...current, [application._id]: pipelineStatus }));
    try {
      const updated = await applicantsApi.updatePipelineStatus(application._id, pipelineStatus);
      dispatch(applicantUpdated(updated));
      // The timeline travels with the single applicant; fetch it when the answer left it out.
      if (updated.applications.some((entry) => entry.history === undefined)) {
        dispatch(applicantUpdated(await applicantsApi.getSingleApplicant(updated._id)));
      }
      notifySuccess(`${application.jobTitle}: moved to ${pipelineStatus}.`);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setPendingMoves(({ [application._id]: _done, ...rest }) => rest);
    }
  };

  const assign = async (application: TApplication, assigneeId: string | null) => {
    const updated = await applicantsApi.assignApplicant(application._id, assigneeId);
    // Keep the timeline, which only the single-applicant answer carries.
    dispatch(
      applicantUpdated(
        updated.applications.some((entry) => entry.history === undefined)
          ? await applicantsApi.getSingleApplicant(updated._id)
          : updated,
      ),
    );
  };

  const reload = async () => {
    try {
      dispatch(applicantUpdated(await applicantsApi.getSingleApplicant(id)));
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  const confirmCancel = async () => {
    if (!toCancel || !applicant) return;
    setIsCancelling(true);
    try {
      const match = await matchesApi.updateMatchStatus(toCancel._id, 'cancelled');
      applyMatchUpdate(dispatch, match);
      dispatch(
        applicantUpdated({
          ...applicant,
          matches: applicant.matches.map((entry) =>
            entry._id === match._id ? { ...entry, status: match.status } : entry,
          ),
        }),
      );
      notifySuccess(`The invite to ${toCancel.jobTitle} is canceled.`);
      setToCancel(null);
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setIsCancelling(false);
    }
  };

  if (state.status === 'missing') {
    return (
      <div className="applicants-screen">
        <title>Physician not found · MedHire</title>
        <PageTop />
        <EmptyState
          headingLevel={1}
          icon={<UserIcon size={26} />}
          title="We could not find that physician"
          description="The profile may no longer be shared with employers, or the link is not quite right."
          action={
            <Link className={buttonClasses({ variant: 'secondary' })} to="/applicants">
              Back to applicants
            </Link>
          }
        />
      </div>
    );
  }

  if (state.status === 'failed') {
    return (
      <div className="applicants-screen">
        <title>Applicant · MedHire</title>
        <PageTop />
        <h1 className="visually-hidden">Applicant profile</h1>
        <Alert variant="danger" title="We couldn't load this profile">
          <p>{state.message}</p>
          <Button variant="secondary" size="sm" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </Button>
        </Alert>
      </div>
    );
  }

  if (!applicant) return <ProfileSkeleton />;

  const activeMatches = applicant.matches;
  return (
    <div className="applicants-screen">
      <title>{`${applicant.fullName} · MedHire`}</title>
      <PageTop />
      {actions.inviteModal}
      <section className={cx(cardClasses(), 'applicant-hero')} aria-labelledby="applicant-name">
        <ApplicantAvatar applicant={applicant} size="lg" />
        <div className="applicant-hero__identity">
          <h1 className="applicant-hero__name" id="applicant-name">
            {applicant.fullName}
          </h1>
          <p className="applicant-card__specialty">{specialtyLine(applicant)}</p>
          <ul className="applicant-card__facts" aria-label="Summary">
            <li>{applicant.homeLocation.description}</li>
            <li>{experienceText(applicant.yearsOfExperience)}</li>
            <li>Available {applicant.yearAvailableToStart}</li>
          </ul>
          <div className="applicant-card__badges">
            <BoardStatusBadge boardStatus={applicant.boardStatus} />
            {applicant.needsVisa && <Badge variant="warning">Needs visa sponsorship</Badge>}
          </div>
        </div>
        <div className="applicant-hero__actions">
          <SaveApplicantButton
            applicant={applicant}
            size="md"
            isBusy={actions.savingIds.has(applicant._id)}
            onToggle={() => void actions.toggleSave(applicant)}
          />
          <Button leadingIcon={<PlusIcon size={18} />} onClick={() => actions.invite(applicant)}>
            Invite to a job
          </Button>
        </div>
      </section>

      <div className="applicant-profile">
        <div className="applicant-profile__column">
          <ProfileFacts applicant={applicant} />
        </div>
        <div className="applicant-profile__column">
          <Card
            aria-label="Applications"
            title="Applications"
            description="Their applications to your jobs. Move each one through your pipeline; every move is recorded."
          >
            {applicant.applications.length === 0 ? (
              <p className="application-item__meta">No applications to your jobs yet.</p>
            ) : (
              <ul className="application-list">
                {applicant.applications.map((application) => (
                  <li key={application._id}>
                    <ApplicationItem
                      application={application}
                      physicianName={applicant.fullName}
                      ownEmail={user?.email}
                      pendingStatus={pendingMoves[application._id]}
                      onMove={(status) => void move(application, status)}
                      extras={renderApplicationExtras?.({ application, applicant, reload })}
                      assignControl={
                        <AssignControl
                          label={`Assignee for ${application.jobTitle}`}
                          assignee={application.assignee}
                          members={members}
                          assign={(assigneeId) => assign(application, assigneeId)}
                        />
                      }
                    />
                  </li>
                ))}
              </ul>
            )}
          </Card>
          <Card
            aria-label="Invites"
            title="Invites"
            description="Your invites to this physician and their answers."
          >
            {activeMatches.length === 0 ? (
              <p className="match-item__meta">You have not invited this physician yet.</p>
            ) : (
              <ul className="match-list">
                {activeMatches.map((match) => (
                  <li key={match._id}>
                    <MatchItem match={match} onCancel={() => setToCancel(match)} />
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>

      <Modal
        isOpen={toCancel !== null}
        size="sm"
        onClose={() => {
          if (!isCancelling) setToCancel(null);
        }}
        title="Cancel this invite?"
        description={
          toCancel
            ? `${applicant.fullName} will no longer be able to accept your invite to ${toCancel.jobTitle}. You can invite them again later.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" disabled={isCancelling} onClick={() => setToCancel(null)}>
              Keep invite
            </Button>
            <Button variant="danger" isLoading={isCancelling} onClick={() => void confirmCancel()}>
              Cancel invite
            </Button>
          </>
        }
      />
    </div>
  );
}

function PageTop() {
  return <nav aria-label="Back">{backLink}</nav>;
}
