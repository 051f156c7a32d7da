import type { TApplicant, TTitled } from '@medhire/contract/applicants';
import type { TMatchStatus, TPipelineStatus } from '@medhire/contract/matches';
import { Badge, type BadgeVariant } from '@medhire/ui/badge.tsx';
import { cx } from '@medhire/ui/cx.ts';

const pipelineVariants: Record<TPipelineStatus, BadgeVariant> = {
  Shortlisted: 'info',
  Submitted: 'neutral',
  Interview: 'primary',
  Offer: 'warning',
  Hired: 'success',
  Rejected: 'danger',
};

export function PipelineStatusBadge({ status }: { status: TPipelineStatus }) {
  return <Badge variant={pipelineVariants[status]}>{status}</Badge>;
}

export const MATCH_STATUS_LABELS: Record<TMatchStatus, string> = {
  pending: 'Invite pending',
  accepted: 'Invite accepted',
  declined: 'Invite declined',
  cancelled: 'Invite canceled',
};

const matchVariants: Record<TMatchStatus, BadgeVariant> = {
  pending: 'warning',
  accepted: 'success',
  declined: 'danger',
  cancelled: 'neutral',
};

export function MatchStatusBadge({ status }: { status: TMatchStatus }) {
  return <Badge variant={matchVariants[status]}>{MATCH_STATUS_LABELS[status]}</Badge>;
}

export function BoardStatusBadge({ boardStatus }: { boardStatus: TTitled }) {
  const variant: BadgeVariant =
    boardStatus._id === 'board-certified'
      ? 'success'
      : boardStatus._id === 'not-board-certified'
        ? 'neutral'
        : 'info';
  return <Badge variant={variant}>{boardStatus.title}</Badge>;
}

function initialsOf(applicant: Pick<TApplicant, 'firstName' | 'lastName'>): string {
  return `${applicant.firstName.charAt(0)}${applicant.lastName.charAt(0)}`.toUpperCase();
}

/** The physician's photo, or their initials on a tinted disc. Decorative: the name is always beside it. */
export function ApplicantAvatar({
  applicant,
  size = 'md',
}: {
  applicant: Pick<TApplicant, 'firstName' | 'lastName' | 'photo'>;
  size?: 'md' | 'lg';
}) {
  const className = cx('applicant-avatar', `applicant-avatar--${size}`);
  if (applicant.photo) {
    return <img className={className} src={applicant.photo} alt="" loading="lazy" decoding="async" />;
  }
  return (
    <span className={className} aria-hidden="true">
      {initialsOf(applicant)}
    </span>
  );
}

/** The recommendation score (0–100) as a meter with its number. */
export function ScoreMeter({ score }: { score: number }) {
  const value = Math.round(Math.min(100, Math.max(0, score)));
  const tone = value >= 75 ? 'high' : value >= 50 ? 'medium' : 'low';
  return (
    <div className={cx('score-meter', `score-meter--${tone}`)}>
      <span className="score-meter__value" aria-hidden="true">
        {value}
      </span>
      <meter
        className="score-meter__track"
        aria-label="Fit score"
        min={0}
        max={100}
        value={value}
        aria-valuetext={`${value} out of 100`}
      >
        {value} out of 100
      </meter>
      <span className="score-meter__caption" aria-hidden="true">
        Fit
      </span>
    </div>
  );
}

const experienceFormat = new Intl.PluralRules('en-US');

export function experienceText(years: number): string {
  if (years === 0) return 'Less than a year of experience';
  return `${experienceYears(years)} of experience`;
}

/** "8 years", "1 year", "Under a year": the experience in a table cell. */
export function experienceYears(years: number): string {
  if (years === 0) return 'Under a year';
  return `${years} ${experienceFormat.select(years) === 'one' ? 'year' : 'years'}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Mar 3, 2026"; the text as given when it is not a date. */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "Mar 3, 2026, 10:14 AM". */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
