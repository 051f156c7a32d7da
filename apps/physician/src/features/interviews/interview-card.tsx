import type { TPhysicianInterview } from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Badge } from '@medhire/ui/badge.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { cardClasses } from '@medhire/ui/card.tsx';
import { TextArea } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  formatClockRange,
  formatTimeRange,
  isUpcoming,
  STATUS_LABELS,
  sessionsByDay,
  TYPE_LABELS,
  zoneLongName,
} from './interview-format.ts';
import {
  type InterviewTarget,
  useDeclineInterviewMutation,
  usePickInterviewSlotMutation,
  useRequestOtherInterviewTimesMutation,
} from './interviews-api.ts';

interface InterviewCardProps {
  interview: TPhysicianInterview;
  /** Whom the answers go through: the session, or the e-mailed link's token. */
  target: InterviewTarget;
  /** The zone times are shown in: the device's. */
  timeZone: string;
  as?: 'li' | 'article';
  /** h3 under a list's section heading; h2 when the card is the page's only content. */
  headingLevel?: 2 | 3;
}

/** Which zone the times are in, said once above them. */
export function ZoneNote({ timeZone }: { timeZone: string }) {
  return (
    <p className="interviews__zone">
      Times are shown in your time zone: {zoneLongName(timeZone)} ({timeZone}).
    </p>
  );
}

/** Where and how it happens: the video link, the phone, or the place and travel notes. */
function WhereDetails({ interview }: { interview: TPhysicianInterview }) {
  const isOpen = interview.status === 'scheduled' || interview.status === 'proposed';
  if (interview.type === 'video') {
    return interview.meetingUrl && isOpen ? (
      <a href={interview.meetingUrl} target="_blank" rel="noreferrer">
        Join the video call
      </a>
    ) : null;
  }
  if (interview.type === 'phone') return <span>The team will phone you at the time set.</span>;
  return (
    <>
      {interview.location && (
        <span>
          <span className="visually-hidden">Location: </span>
          {interview.location}
        </span>
      )}
      {interview.travelNotes && (
        <p className="interview-card__notes">
          <span className="visually-hidden">Travel notes: </span>
          {interview.travelNotes}
        </p>
      )}
    </>
  );
}

/**
 * A site visit's itinerary: a heading per day (in the viewer's zone), then each session's times
 * with the zone named, title, room and interviewers. The travel notes follow in WhereDetails.
 */
function Itinerary({
  interview,
  timeZone,
  headingLevel,
}: {
  interview: TPhysicianInterview;
  timeZone: string;
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h3' : 'h4';
  const DayHeading = headingLevel === 2 ? 'h4' : 'h5';
  const headingId = useId();
  return (
    <section className="interview-card__itinerary" aria-labelledby={headingId}>
      <Heading id={headingId} className="interview-card__itinerary-title">
        Itinerary
      </Heading>
      {sessionsByDay(interview.sessions, timeZone).map((group) => (
        <div key={group.day} className="interview-card__day">
          <DayHeading className="interview-card__day-title">{group.day}</DayHeading>
          <ol className="interview-card__sessions">
            {group.sessions.map((session) => (
              <li key={session._id} className="interview-card__session">
                <span className="interview-card__session-time">
                  {formatClockRange(session.startsAt, session.endsAt, timeZone)}
                </span>
                <span className="interview-card__session-title">{session.title}</span>
                {session.location && (
                  <span className="interview-card__meta">
                    <span className="visually-hidden">Room: </span>
                    {session.location}
                  </span>
                )}
                {session.interviewers.length > 0 && (
                  <span className="interview-card__meta">
                    With {session.interviewers.map((person) => person.name).join(', ')}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

/** The offered times as a radio group, confirmed with one button. */
function PickTime({
  interview,
  target,
  timeZone,
  onAnswered,
}: Omit<InterviewCardProps, 'as' | 'headingLevel'> & { onAnswered: (text: string) => void }) {
  const [slotId, setSlotId] = useState<string | null>(null);
  const [pick, { isLoading, error, reset }] = usePickInterviewSlotMutation();
  const legendId = useId();
  const errorId = useId();

  // A refused pick refreshes the offered times: a choice that is gone is no longer selected.
  useEffect(() => {
    if (slotId && !interview.proposedSlots.some((slot) => slot._id === slotId)) setSlotId(null);
  }, [interview.proposedSlots, slotId]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!slotId) return;
    const result = await pick({ target, slotId });
    if (!('error' in result)) onAnswered('The interview is booked. A calendar invite is on its way.');
  };

  return (
    <form className="interview-card__pick" onSubmit={(event) => void onSubmit(event)}>
      <fieldset className="interview-card__slots" aria-describedby={error ? errorId : undefined}>
        <legend id={legendId}>Choose one of the offered times</legend>
        {interview.proposedSlots.map((slot) => (
          <label key={slot._id} className="interview-card__slot">
            <input
              type="radio"
              name={`slot-${interview._id}`}
              value={slot._id}
              checked={slotId === slot._id}
              onChange={() => {
                setSlotId(slot._id);
                reset();
              }}
            />
            <span>{formatTimeRange(slot.startsAt, slot.endsAt, timeZone)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <div id={errorId}>
          <Alert variant="danger">{error.message}</Alert>
        </div>
      )}
      <div>
        <Button type="submit" isLoading={isLoading} disabled={!slotId}>
          Confirm this time
        </Button>
      </div>
    </form>
  );
}

function AskOtherTimes({
  target,
  onAnswered,
  jobTitle,
}: {
  target: InterviewTarget;
  jobTitle: string;
  onAnswered: (text: string) => void;
}) {
  const [isOpen, setIsOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [ask, { isLoading, error }] = useRequestOtherInterviewTimesMutation();

  if (!isOpen) {
    return (
      <Button variant="secondary" onClick={() => setIsOpen(true)}>
        Ask for other times
      </Button>
    );
  }

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setFieldError('Say which times would suit you.');
      return;
    }
    const result = await ask({ target, message: message.trim() });
    if (!('error' in result)) {
      setIsOpen(false);
      onAnswered('The team is asked for other times.');
    }
  };

  return (
    <form className="interview-card__ask" onSubmit={(event) => void onSubmit(event)} noValidate>
      <TextArea
        label={`Which times would suit you for ${jobTitle}?`}
        hint="For example: weekday mornings next week, or after 4 pm."
        value={message}
        maxLength={2000}
        rows={3}
        error={fieldError}
        onChange={(event) => {
          setMessage(event.currentTarget.value);
          setFieldError(undefined);
        }}
      />
      {error && <Alert variant="danger">{error.message}</Alert>}
      <div className="interview-card__actions">
        <Button type="submit" isLoading={isLoading}>
          Send
        </Button>
        <Button variant="ghost" onClick={() => setIsOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function DeclineInterview({
  interview,
  target,
  onAnswered,
}: {
  interview: TPhysicianInterview;
  target: InterviewTarget;
  onAnswered: (text: string) => void;
}) {
  const [isConfirming, setIsConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const [decline, { isLoading, error }] = useDeclineInterviewMutation();

  const onDecline = async () => {
    const result = await decline({ target, message: message.trim() || undefined });
    if (!('error' in result)) {
      setIsConfirming(false);
      onAnswered('You declined the interview.');
    }
  };

  return (
    <>
      <Button variant="ghost" onClick={() => setIsConfirming(true)}>
        Decline <span className="visually-hidden">the interview for {interview.jobTitle}</span>
      </Button>
      <Modal
        isOpen={isConfirming}
        onClose={() => setIsConfirming(false)}
        title="Decline this interview?"
        description={`${interview.organizationName} will see that you declined the interview for ${interview.jobTitle}.`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              Keep it
            </Button>
            <Button variant="danger" isLoading={isLoading} onClick={() => void onDecline()}>
              Decline interview
            </Button>
          </>
        }
      >
        <TextArea
          label="A note for the team"
          isOptional
          value={message}
          maxLength={2000}
          rows={3}
          onChange={(event) => setMessage(event.currentTarget.value)}
        />
        {error && <Alert variant="danger">{error.message}</Alert>}
      </Modal>
    </>
  );
}

/** One interview: what, with whom, when (in the device's zone, named) and the answers it still takes. */
export function InterviewCard({
  interview,
  target,
  timeZone,
  as: Tag = 'li',
  headingLevel = 3,
}: InterviewCardProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [answered, setAnswered] = useState<string | null>(null);
  const headingId = useId();
  const status = STATUS_LABELS[interview.status];
  const canAnswer = isUpcoming(interview);
  const interviewers = interview.interviewers.map((person) => person.name).join(', ');
  const isVisit = interview.sessions.length > 0;

  return (
    <Tag
      className={`${cardClasses({ padding: 'sm' })} interview-card interview-card--${interview.status}`}
      aria-labelledby={headingId}
    >
      <div className="interview-card__head">
        <Heading id={headingId} className="interview-card__title">
          {interview.jobTitle}
        </Heading>
        <Badge variant={status.variant}>
          <span className="visually-hidden">Status: </span>
          {status.label}
        </Badge>
      </div>
      <span className="interview-card__meta">{interview.organizationName}</span>
      <dl className="interview-card__facts">
        <div>
          <dt>How</dt>
          <dd>
            {isVisit
              ? `Site visit, ${interview.sessions.length} sessions`
              : `${TYPE_LABELS[interview.type]}, ${interview.durationMinutes} minutes`}
          </dd>
        </div>
        {interview.startsAt && (
          <div>
            <dt>When</dt>
            <dd>{formatTimeRange(interview.startsAt, interview.endsAt, timeZone)}</dd>
          </div>
        )}
        {interviewers && (
          <div>
            <dt>With</dt>
            <dd>{interviewers}</dd>
          </div>
        )}
      </dl>
      {isVisit && <Itinerary interview={interview} timeZone={timeZone} headingLevel={headingLevel} />}
      <div className="interview-card__where">
        <WhereDetails interview={interview} />
      </div>
      {interview.status === 'cancelled' && interview.cancelReason && (
        <p className="interview-card__notes">Reason: {interview.cancelReason}</p>
      )}
      {interview.status === 'other_times_requested' && (
        <p className="interview-card__meta">The team will offer new times.</p>
      )}
      {answered && (
        <div role="status">
          <Alert variant="success">{answered}</Alert>
        </div>
      )}
      {canAnswer && !isVisit && interview.status === 'proposed' && interview.proposedSlots.length > 0 && (
        <PickTime interview={interview} target={target} timeZone={timeZone} onAnswered={setAnswered} />
      )}
      {canAnswer && (
        <div className="interview-card__actions">
          {interview.status === 'proposed' && (
            <AskOtherTimes target={target} jobTitle={interview.jobTitle} onAnswered={setAnswered} />
          )}
          <DeclineInterview interview={interview} target={target} onAnswered={setAnswered} />
        </div>
      )}
    </Tag>
  );
}
