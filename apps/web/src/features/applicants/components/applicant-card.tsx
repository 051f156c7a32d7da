import type { TApplicant } from '@medhire/contract/applicants';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cx } from '@medhire/ui/cx.ts';
import { PlusIcon } from '@medhire/ui/icons.tsx';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../app/hooks.ts';
import { MessageApplicantButton } from '../../conversations/components/message-applicant-button.tsx';
import {
  ApplicantAvatar,
  BoardStatusBadge,
  experienceText,
  MatchStatusBadge,
  PipelineStatusBadge,
  ScoreMeter,
} from './applicant-badges.tsx';
import type { ApplicantActions } from './use-applicant-actions.tsx';
import './applicants.css';

export interface ApplicantCardProps {
  applicant: TApplicant;
  /** Buttons at the foot of the card, e.g. <ApplicantCardActions />. */
  actions?: ReactNode;
  /** Heading level of the physician's name within the page outline. */
  headingLevel?: 2 | 3;
  /** Shows the recommendation score and reasons when the applicant carries them (default true). */
  showScore?: boolean;
  className?: string;
}

/** "Cardiology · Interventional Cardiology, Heart Failure". */
export function specialtyLine(applicant: TApplicant): string {
  const subSpecialties = applicant.subSpecialties.map((entry) => entry.title).join(', ');
  return subSpecialties ? `${applicant.specialty.title} · ${subSpecialties}` : applicant.specialty.title;
}

/**
 * The recommendation's reasons (worded by the server, domain/matching/rank-physicians.ts) sorted
 * against what the card already says, so experience, start year, board status, visa and the
 * sub-specialty appear once: a reason that repeats a fact or a badge is left out, and an
 * experience reason that adds what the job asks ("3 years of experience, 5 asked") takes the place
 * of the experience fact.
 */
export function reasonsBeyondFacts(
  applicant: Pick<TApplicant, 'subSpecialties'>,
  reasons: readonly string[],
): { experience: string | null; reasons: string[] } {
  let experience: string | null = null;
  const subSpecialties = new Set(applicant.subSpecialties.map((entry) => entry.title.toLowerCase()));
  const rest = reasons.filter((reason) => {
    if (/^\d+ years? of experience/.test(reason)) {
      if (/ asked$/.test(reason)) experience = reason;
      return false;
    }
    if (/^Available \d{4}$/.test(reason)) return false;
    if (/^(not )?board /i.test(reason)) return false;
    if (reason === 'Needs visa sponsorship') return false;
    const subSpecialty = /^Sub-specialty: (.+)$/.exec(reason)?.[1];
    return !(subSpecialty && subSpecialties.has(subSpecialty.toLowerCase()));
  });
  return { experience, reasons: rest };
}

const BookmarkIcon = ({ isFilled }: { isFilled: boolean }) => (
  <svg
    width={18}
    height={18}
    viewBox="0 0 24 24"
    fill={isFilled ? 'currentColor' : 'none'}
    stroke="currentColor"
    strokeWidth={1.8}
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    <path d="M6 3.5h12a1 1 0 0 1 1 1V21l-7-4.5L5 21V4.5a1 1 0 0 1 1-1Z" />
  </svg>
);

/**
 * The save toggle: its name stays "Save Dr. …" and aria-pressed says whether the physician is
 * saved; on screen the filled bookmark and the "Saved" look say the same.
 */
export function SaveApplicantButton({
  applicant,
  isBusy = false,
  onToggle,
  size = 'sm',
}: {
  applicant: Pick<TApplicant, 'fullName' | 'isSaved' | 'applications' | 'matches'>;
  isBusy?: boolean;
  onToggle: () => void;
  size?: 'sm' | 'md';
}) {
  const isDelegate = useAppSelector((state) => state.auth.user?.memberRole === 'delegate');
  // A delegate saves only physicians who applied to or were invited to their jobs (the server
  // refuses any other), and the applicant's applications and invites are already those of their jobs.
  const isOutOfReach =
    isDelegate && !applicant.isSaved && applicant.applications.length === 0 && applicant.matches.length === 0;
  if (isOutOfReach) return null;
  return (
    <Button
      variant="secondary"
      size={size}
      className={cx('save-toggle', applicant.isSaved && 'save-toggle--on')}
      aria-pressed={applicant.isSaved}
      isLoading={isBusy}
      leadingIcon={<BookmarkIcon isFilled={applicant.isSaved} />}
      onClick={onToggle}
    >
      <span aria-hidden="true">{applicant.isSaved ? 'Saved' : 'Save'}</span>
      <span className="visually-hidden">Save {applicant.fullName}</span>
    </Button>
  );
}

/** Save/unsave and Invite for one applicant, wired to useApplicantActions. */
export function ApplicantCardActions({
  applicant,
  actions,
  children,
}: {
  applicant: TApplicant;
  actions: Pick<ApplicantActions, 'savingIds' | 'toggleSave' | 'invite'>;
  /** More controls after the two, e.g. a pipeline menu. */
  children?: ReactNode;
}) {
  return (
    <>
      <SaveApplicantButton
        applicant={applicant}
        isBusy={actions.savingIds.has(applicant._id)}
        onToggle={() => void actions.toggleSave(applicant)}
      />
      <Button
        variant="primary"
        size="sm"
        leadingIcon={<PlusIcon size={16} />}
        aria-label={`Invite ${applicant.fullName} to a job`}
        onClick={() => actions.invite(applicant)}
      >
        Invite
      </Button>
      {children}
    </>
  );
}

/** One physician in a list: who they are, how they fit, where they stand with this employer. */
export function ApplicantCard({
  applicant,
  actions,
  headingLevel = 2,
  showScore = true,
  className,
}: ApplicantCardProps) {
  const nameId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const hasScore = showScore && typeof applicant.score === 'number';
  const { experience, reasons } = reasonsBeyondFacts(applicant, showScore ? (applicant.reasons ?? []) : []);

  return (
    <article className={cx('applicant-card', className)} aria-labelledby={nameId}>
      <div className="applicant-card__main">
        <ApplicantAvatar applicant={applicant} />
        <div className="applicant-card__identity">
          <Heading className="applicant-card__name" id={nameId}>
            <Link to={`/applicants/${encodeURIComponent(applicant._id)}`}>{applicant.fullName}</Link>
          </Heading>
          <p className="applicant-card__specialty">{specialtyLine(applicant)}</p>
          <ul className="applicant-card__facts" aria-label="Profile">
            <li>{applicant.homeLocation.description}</li>
            <li>{experience ?? experienceText(applicant.yearsOfExperience)}</li>
            <li>Available {applicant.yearAvailableToStart}</li>
          </ul>
          <div className="applicant-card__badges">
            <BoardStatusBadge boardStatus={applicant.boardStatus} />
            {applicant.needsVisa && <Badge variant="warning">Needs visa sponsorship</Badge>}
          </div>
        </div>
        {hasScore && <ScoreMeter score={applicant.score as number} />}
      </div>

      {reasons.length > 0 && (
        <ul className="applicant-card__reasons" aria-label="Why they fit">
          {reasons.map((reason) => (
            <li key={reason} className="applicant-card__reason">
              {reason}
            </li>
          ))}
        </ul>
      )}

      {(applicant.applications.length > 0 || applicant.matches.length > 0) && (
        <ul className="applicant-card__jobs" aria-label="With your jobs">
          {applicant.applications.map((application) => (
            <li key={application._id} className="applicant-card__job">
              <span className="applicant-card__job-title">
                {application.jobTitle}
                {application.assignee && (
                  <span className="applicant-card__assignee"> · {application.assignee.fullName}</span>
                )}
              </span>
              <span className="applicant-card__job-end">
                <PipelineStatusBadge status={application.pipelineStatus} />
                <MessageApplicantButton
                  applicationId={application._id}
                  physicianName={applicant.fullName}
                  jobTitle={application.jobTitle}
                  variant="ghost"
                />
              </span>
            </li>
          ))}
          {applicant.matches.map((match) => (
            <li key={match._id} className="applicant-card__job">
              <span className="applicant-card__job-title">{match.jobTitle}</span>
              <MatchStatusBadge status={match.status} />
            </li>
          ))}
        </ul>
      )}

      {actions && <div className="applicant-card__actions">{actions}</div>}
    </article>
  );
}
