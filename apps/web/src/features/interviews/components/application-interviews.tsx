import {
  OPEN_INTERVIEW_STATUSES,
  type TInterview,
  type TInterviewStatus,
  ZCancelInterviewBody,
} from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { TextArea } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { describeError, errorMessage } from '../../../lib/http.ts';
import { interviewsApi } from '../api/interviews-api.ts';
import { browserTimeZone, formatInZone, formatTimeRange } from '../zoned-time.ts';
import { ScheduleInterviewDialog, TYPE_LABELS } from './schedule-interview-dialog.tsx';
import './interviews.css';

export const STATUS_LABELS: Record<TInterviewStatus, string> = {
  proposed: 'Times proposed',
  other_times_requested: 'Other times asked for',
  scheduled: 'Scheduled',
  completed: 'Completed',
  no_show: 'No-show',
  declined: 'Declined',
  cancelled: 'Cancelled',
};

const STATUS_VARIANT: Record<TInterviewStatus, 'neutral' | 'info' | 'success' | 'warning' | 'danger'> = {
  proposed: 'info',
  other_times_requested: 'warning',
  scheduled: 'success',
  completed: 'neutral',
  no_show: 'danger',
  declined: 'danger',
  cancelled: 'neutral',
};

export function InterviewStatusBadge({ status }: { status: TInterviewStatus }) {
  return <Badge variant={STATUS_VARIANT[status] as never}>{STATUS_LABELS[status]}</Badge>;
}

const isOpen = (interview: TInterview) =>
  (OPEN_INTERVIEW_STATUSES as readonly TInterviewStatus[]).includes(interview.status);

/** When: the time in the viewer's zone (named), or the offered times while none is picked. */
export function InterviewWhen({ interview, timeZone }: { interview: TInterview; timeZone: string }) {
  if (interview.startsAt && interview.endsAt) {
    return (
      <time dateTime={interview.startsAt}>
        {formatInZone(interview.startsAt, timeZone, {
          hour: undefined,
          minute: undefined,
          timeZoneName: undefined,
        })}
        {', '}
        {formatTimeRange(interview.startsAt, interview.endsAt, timeZone)}
      </time>
    );
  }
  if (interview.proposedSlots.length > 0) {
    return (
      <span>
        Offered: {interview.proposedSlots.map((slot) => formatInZone(slot.startsAt, timeZone)).join('; ')}
      </span>
    );
  }
  return <span>No time set</span>;
}

/** A site visit's itinerary on the applicant's page: each session's day and time (viewer's zone), title, room, interviewers. */
export function VisitItinerary({ interview, timeZone }: { interview: TInterview; timeZone: string }) {
  return (
    <ol
      className="visit-itinerary"
      aria-label={`Itinerary of the site visit with ${interview.physicianName}`}
    >
      {interview.sessions.map((session) => (
        <li key={session._id} className="visit-itinerary__session">
          <time dateTime={session.startsAt}>
            {formatInZone(session.startsAt, timeZone, {
              hour: undefined,
              minute: undefined,
              timeZoneName: undefined,
            })}
            {', '}
            {formatTimeRange(session.startsAt, session.endsAt, timeZone)}
          </time>
          {' · '}
          <strong>{session.title}</strong>
          {session.location ? ` · ${session.location}` : ''}
          {' · with '}
          {session.interviewers.map((person) => person.name).join(', ')}
        </li>
      ))}
    </ol>
  );
}

type Pending = { kind: 'reschedule' | 'cancel' | 'outcome'; interview: TInterview } | null;

/**
 * An application's interviews on the applicant's page: each with its type, time (in the viewer's
 * zone), status and interviewers, and what can still be done: move it, call it off (with a
 * reason), or record how it went once it has started.
 */
export function ApplicationInterviews({
  applicationId,
  physicianName,
  jobTitle,
  refreshKey = 0,
  onChanged,
  renderInterviewExtras,
}: {
  applicationId: string;
  physicianName: string;
  jobTitle: string;
  /** Changes when an interview was scheduled elsewhere on the page, to load the list again. */
  refreshKey?: number;
  onChanged?: (interview: TInterview) => void;
  /** More about an interview under it (its scorecards; composed in by the app). */
  renderInterviewExtras?: (interview: TInterview) => ReactNode;
}) {
  const timeZone = browserTimeZone();
  const [interviews, setInterviews] = useState<TInterview[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  const load = useCallback(
    (signal?: AbortSignal) => {
      const now = Date.now();
      interviewsApi
        .list(
          {
            applicationId,
            from: new Date(now - 90 * 86_400_000).toISOString(),
            to: new Date(now + 2 * 86_400_000).toISOString(),
          },
          signal,
        )
        .then(async (past) => {
          const upcoming = await interviewsApi.list(
            {
              applicationId,
              from: new Date(now + 2 * 86_400_000 - 1).toISOString(),
              to: new Date(now + 92 * 86_400_000).toISOString(),
            },
            signal,
          );
          // Filtered here too, so the page never shows another application's interviews.
          const mine = [...past.interviews, ...upcoming.interviews].filter(
            (entry) => entry.applicationId === applicationId,
          );
          const byId = new Map(mine.map((entry) => [entry._id, entry]));
          setInterviews([...byId.values()].sort(byTime));
          setLoadError(null);
        })
        .catch((error) => {
          if (!signal?.aborted) setLoadError(describeError(error));
        });
    },
    [applicationId],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey loads the list again.
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load, refreshKey]);

  const replace = (updated: TInterview) => {
    setInterviews((current) => (current ?? []).map((entry) => (entry._id === updated._id ? updated : entry)));
    onChanged?.(updated);
  };

  if (loadError) return <Alert variant="danger">{loadError}</Alert>;
  if (!interviews || interviews.length === 0) return null;

  return (
    <section className="application-interviews" aria-label={`Interviews for ${jobTitle}`}>
      <h4>Interviews</h4>
      <ul className="interview-list">
        {interviews.map((interview) => {
          const hasStarted = interview.startsAt !== null && Date.parse(interview.startsAt) <= Date.now();
          return (
            <li key={interview._id} className="interview-item">
              <div className="interview-item__head">
                <strong>{interview.sessions.length > 0 ? 'Site visit' : TYPE_LABELS[interview.type]}</strong>
                <InterviewStatusBadge status={interview.status} />
              </div>
              <p className="interview-item__when">
                <InterviewWhen interview={interview} timeZone={timeZone} />
              </p>
              <p className="interview-item__meta">
                With {interview.interviewers.map((person) => person.name).join(', ') || 'no interviewer'}
                {interview.location ? ` · ${interview.location}` : ''}
              </p>
              {interview.sessions.length > 0 && <VisitItinerary interview={interview} timeZone={timeZone} />}
              {interview.sessions.length > 0 && interview.travelNotes && (
                <p className="interview-item__meta">Travel: {interview.travelNotes}</p>
              )}
              {interview.meetingUrl && (
                <p className="interview-item__meta">
                  <a href={interview.meetingUrl} target="_blank" rel="noopener noreferrer">
                    Meeting link<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </p>
              )}
              {interview.physicianMessage && (
                <p className="interview-item__meta">Physician: “{interview.physicianMessage}”</p>
              )}
              {interview.cancelReason && (
                <p className="interview-item__meta">Reason: {interview.cancelReason}</p>
              )}
              {isOpen(interview) && (
                <div className="interview-item__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Reschedule the ${TYPE_LABELS[interview.type].toLowerCase()} with ${physicianName}`}
                    onClick={() => setPending({ kind: 'reschedule', interview })}
                  >
                    Reschedule
                  </Button>
                  {interview.status === 'scheduled' && hasStarted && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => setPending({ kind: 'outcome', interview })}
                    >
                      Record outcome
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="ghost"
                    className="button--danger-text"
                    aria-label={`Cancel interview: the ${TYPE_LABELS[interview.type].toLowerCase()} with ${physicianName}`}
                    onClick={() => setPending({ kind: 'cancel', interview })}
                  >
                    Cancel interview
                  </Button>
                </div>
              )}
              {renderInterviewExtras?.(interview)}
            </li>
          );
        })}
      </ul>
      <ScheduleInterviewDialog
        isOpen={pending?.kind === 'reschedule'}
        interview={pending?.kind === 'reschedule' ? pending.interview : undefined}
        physicianName={physicianName}
        jobTitle={jobTitle}
        onClose={() => setPending(null)}
        onDone={replace}
      />
      <CancelInterviewDialog
        interview={pending?.kind === 'cancel' ? pending.interview : null}
        physicianName={physicianName}
        onClose={() => setPending(null)}
        onDone={replace}
      />
      <RecordOutcomeDialog
        interview={pending?.kind === 'outcome' ? pending.interview : null}
        physicianName={physicianName}
        onClose={() => setPending(null)}
        onDone={replace}
      />
    </section>
  );
}

function byTime(left: TInterview, right: TInterview): number {
  const at = (entry: TInterview) => entry.startsAt ?? entry.proposedSlots[0]?.startsAt ?? entry.createdAt;
  return at(right).localeCompare(at(left));
}

export function CancelInterviewDialog({
  interview,
  physicianName,
  onClose,
  onDone,
}: {
  interview: TInterview | null;
  physicianName: string;
  onClose: () => void;
  onDone: (interview: TInterview) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isWorking, setIsWorking] = useState(false);
  useEffect(() => {
    if (interview) {
      setReason('');
      setError(undefined);
    }
  }, [interview]);

  const confirm = async () => {
    if (!interview) return;
    const parsed = ZCancelInterviewBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setIsWorking(true);
    try {
      onDone(await interviewsApi.cancel(interview._id, parsed.data.reason));
      notifySuccess(`The interview with ${physicianName} is cancelled. Everyone's calendar is updated.`);
      onClose();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsWorking(false);
    }
  };

  return (
    <Modal
      isOpen={interview !== null}
      size="sm"
      onClose={() => !isWorking && onClose()}
      title="Cancel this interview?"
      description={`${physicianName} and the interviewers are told, and the time is freed.`}
      footer={
        <>
          <Button variant="secondary" disabled={isWorking} onClick={onClose}>
            Keep it
          </Button>
          <Button variant="danger" isLoading={isWorking} onClick={() => void confirm()}>
            Cancel interview
          </Button>
        </>
      }
    >
      <TextArea
        label="Reason"
        hint="Shared with the physician."
        rows={3}
        value={reason}
        error={error}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

export function RecordOutcomeDialog({
  interview,
  physicianName,
  onClose,
  onDone,
}: {
  interview: TInterview | null;
  physicianName: string;
  onClose: () => void;
  onDone: (interview: TInterview) => void;
}) {
  const [outcome, setOutcome] = useState<'completed' | 'physician' | 'interviewer'>('completed');
  const [isWorking, setIsWorking] = useState(false);
  const confirm = async () => {
    if (!interview) return;
    setIsWorking(true);
    try {
      onDone(
        await interviewsApi.recordOutcome(
          interview._id,
          outcome === 'completed' ? { outcome } : { outcome: 'no_show', noShowParty: outcome },
        ),
      );
      notifySuccess('The outcome is recorded.');
      onClose();
    } catch (failure) {
      notifyError(errorMessage(failure));
    } finally {
      setIsWorking(false);
    }
  };
  return (
    <Modal
      isOpen={interview !== null}
      size="sm"
      onClose={() => !isWorking && onClose()}
      title="How did the interview go?"
      description={`The interview with ${physicianName}.`}
      footer={
        <>
          <Button variant="secondary" disabled={isWorking} onClick={onClose}>
            Close
          </Button>
          <Button isLoading={isWorking} onClick={() => void confirm()}>
            Record outcome
          </Button>
        </>
      }
    >
      <fieldset className="schedule-form__group">
        <legend>Outcome</legend>
        {(
          [
            ['completed', 'It took place'],
            ['physician', 'The physician did not come'],
            ['interviewer', 'An interviewer did not come'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="schedule-form__choice">
            <input
              type="radio"
              name="outcome"
              value={value}
              checked={outcome === value}
              onChange={() => setOutcome(value)}
            />{' '}
            {label}
          </label>
        ))}
      </fieldset>
    </Modal>
  );
}
