import type { TInterview, TInterviewSession } from '@medhire/contract/interviews';
import type { TTeamMember } from '@medhire/contract/team';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Select } from '@medhire/ui/field.tsx';
import { PageHeader } from '@medhire/ui/page-header.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { describeError } from '../../../lib/http.ts';
import { interviewsApi } from '../api/interviews-api.ts';
import {
  addDays,
  browserTimeZone,
  formatTimeRange,
  isoWeekday,
  localDateIn,
  zonedToInstant,
} from '../zoned-time.ts';
import { InterviewStatusBadge, InterviewWhen } from './application-interviews.tsx';
import { TYPE_LABELS } from './schedule-interview-dialog.tsx';
import './interviews-calendar.css';

type View = 'week' | 'day';

function dayHeading(date: string, timeZone: string, style: 'long' | 'short' = 'long'): string {
  const instant = zonedToInstant(date, '12:00', timeZone) ?? `${date}T12:00:00Z`;
  return new Intl.DateTimeFormat(undefined, {
    weekday: style,
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
    timeZone,
  }).format(new Date(instant));
}

function zoneName(timeZone: string): string {
  const part = new Intl.DateTimeFormat(undefined, { timeZone, timeZoneName: 'short' })
    .formatToParts(new Date())
    .find((entry) => entry.type === 'timeZoneName');
  return part ? `${timeZone.replaceAll('_', ' ')} (${part.value})` : timeZone;
}

/**
 * /interviews: the team calendar. A week (Monday to Sunday) or a day of interviews in the
 * viewer's time zone, everyone's or one member's, each day a list of interviews in time order
 * (a list per day on a phone). Interviews still waiting for the physician's pick are listed apart.
 */
export function InterviewsCalendarScreen() {
  const timeZone = useMemo(browserTimeZone, []);
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'day' ? 'day' : 'week';
  const today = localDateIn(new Date(), timeZone);
  const anchor = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '')
    ? (params.get('date') as string)
    : today;
  const memberId = params.get('member') ?? '';
  const first = view === 'week' ? addDays(anchor, 1 - isoWeekday(anchor)) : anchor;
  const days = view === 'week' ? Array.from({ length: 7 }, (_, index) => addDays(first, index)) : [first];
  const last = days.at(-1) ?? first;

  const [members, setMembers] = useState<TTeamMember[]>([]);
  const [interviews, setInterviews] = useState<TInterview[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    interviewsApi
      .getTeam(controller.signal)
      .then((team) => setMembers(team.members))
      .catch(() => setMembers([]));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const from = zonedToInstant(first, '00:00', timeZone);
    const to = zonedToInstant(addDays(last, 1), '00:00', timeZone);
    if (!from || !to) return;
    setInterviews(null);
    setLoadError(null);
    interviewsApi
      .list({ from, to, ...(memberId ? { memberId } : {}) }, controller.signal)
      .then((list) => setInterviews(list.interviews))
      .catch((error) => {
        if (!controller.signal.aborted) setLoadError(describeError(error));
      });
    return () => controller.abort();
  }, [first, last, memberId, timeZone]);

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next, { replace: true });
  };
  const step = view === 'week' ? 7 : 1;

  const timed = calendarEntries(interviews ?? [], memberId).sort((a, b) =>
    a.startsAt.localeCompare(b.startsAt),
  );
  const waiting = (interviews ?? []).filter((entry) => !entry.startsAt);
  const period =
    view === 'week'
      ? `${dayHeading(first, timeZone, 'short')} – ${dayHeading(last, timeZone, 'short')}`
      : dayHeading(first, timeZone);

  return (
    <div className="interviews-calendar">
      <title>Interviews · MedHire</title>
      <PageHeader
        title="Interviews"
        description={`The team's interviews. Times are in your time zone, ${zoneName(timeZone)}.`}
      />
      <div className="interviews-calendar__toolbar">
        <div className="interviews-calendar__nav">
          <Button
            variant="secondary"
            size="sm"
            aria-label={view === 'week' ? 'Previous week' : 'Previous day'}
            onClick={() => go({ date: addDays(anchor, -step) })}
          >
            ‹ Previous
          </Button>
          <Button variant="secondary" size="sm" onClick={() => go({ date: null })}>
            Today
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-label={view === 'week' ? 'Next week' : 'Next day'}
            onClick={() => go({ date: addDays(anchor, step) })}
          >
            Next ›
          </Button>
        </div>
        <div className="interviews-calendar__views">
          {(['week', 'day'] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={view === option ? 'primary' : 'secondary'}
              aria-pressed={view === option}
              onClick={() => go({ view: option === 'week' ? null : option })}
            >
              {option === 'week' ? 'Week' : 'Day'}
            </Button>
          ))}
        </div>
        <Select
          className="interviews-calendar__member"
          label="Team member"
          options={[
            { value: '', label: 'Everyone' },
            ...members.map((member) => ({ value: member._id, label: member.fullName ?? member.email })),
          ]}
          value={memberId}
          onChange={(event) => go({ member: event.target.value || null })}
        />
      </div>
      <h2 className="interviews-calendar__period" aria-live="polite">
        {period}
      </h2>
      {loadError && <Alert variant="danger">{loadError}</Alert>}
      {!interviews && !loadError && <Spinner label="Loading interviews" />}
      {interviews && (
        <>
          <ol className={`interviews-calendar__days interviews-calendar__days--${view}`} aria-label="Days">
            {days.map((day) => {
              const onDay = timed.filter((entry) => localDateIn(new Date(entry.startsAt), timeZone) === day);
              return (
                <li key={day} className={`calendar-day${day === today ? ' calendar-day--today' : ''}`}>
                  <h3 className="calendar-day__heading">
                    {view === 'week' ? (
                      <button
                        type="button"
                        className="calendar-day__open"
                        onClick={() => go({ view: 'day', date: day })}
                      >
                        {dayHeading(day, timeZone, 'short')}
                        <span className="visually-hidden">: open the day</span>
                      </button>
                    ) : (
                      dayHeading(day, timeZone)
                    )}
                    {day === today && <span className="calendar-day__today"> · Today</span>}
                  </h3>
                  {onDay.length === 0 ? (
                    <p className="calendar-day__empty">No interviews</p>
                  ) : (
                    <ul className="calendar-day__list">
                      {onDay.map((entry) => (
                        <li key={entry.key}>
                          <CalendarBlock entry={entry} timeZone={timeZone} />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ol>
          {waiting.length > 0 && (
            <section className="interviews-calendar__waiting" aria-labelledby="waiting-heading">
              <h2 id="waiting-heading">Waiting for the physician</h2>
              <ul className="calendar-day__list">
                {waiting.map((entry) => (
                  <li key={entry._id} className="calendar-block calendar-block--waiting">
                    <Link
                      to={`/applicants/${encodeURIComponent(entry.physicianId)}`}
                      className="calendar-block__who"
                    >
                      {entry.physicianName}
                    </Link>
                    <span className="calendar-block__meta">
                      {entry.jobTitle} · {TYPE_LABELS[entry.type]}
                    </span>
                    <span className="calendar-block__meta">
                      <InterviewWhen interview={entry} timeZone={timeZone} />
                    </span>
                    <InterviewStatusBadge status={entry.status} />
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

/** One block of the calendar: an interview, or one session of a site visit. */
interface CalendarEntry {
  key: string;
  interview: TInterview;
  startsAt: string;
  endsAt: string;
  session?: TInterviewSession;
}

/**
 * The calendar's blocks: each interview with a time, except a site visit, which shows as its
 * sessions (for one member, only the sessions they sit in).
 */
export function calendarEntries(interviews: readonly TInterview[], memberId = ''): CalendarEntry[] {
  return interviews.flatMap((interview): CalendarEntry[] => {
    if (!interview.startsAt || !interview.endsAt) return [];
    if (interview.sessions.length === 0) {
      return [{ key: interview._id, interview, startsAt: interview.startsAt, endsAt: interview.endsAt }];
    }
    return interview.sessions
      .filter((session) => !memberId || session.interviewers.some((person) => person.userId === memberId))
      .map((session) => ({
        key: `${interview._id}:${session._id}`,
        interview,
        startsAt: session.startsAt,
        endsAt: session.endsAt,
        session,
      }));
  });
}

function CalendarBlock({ entry, timeZone }: { entry: CalendarEntry; timeZone: string }) {
  const { interview, session } = entry;
  const interviewers = session ? session.interviewers : interview.interviewers;
  return (
    <article
      className={`calendar-block calendar-block--${interview.status}`}
      aria-label={session ? `${interview.physicianName}: ${session.title}` : interview.physicianName}
    >
      <p className="calendar-block__time">
        <time dateTime={entry.startsAt}>{formatTimeRange(entry.startsAt, entry.endsAt, timeZone)}</time>
      </p>
      <Link to={`/applicants/${encodeURIComponent(interview.physicianId)}`} className="calendar-block__who">
        {interview.physicianName}
      </Link>
      <p className="calendar-block__meta">
        {interview.jobTitle} · {session ? `Site visit: ${session.title}` : TYPE_LABELS[interview.type]}
        {session?.location ? ` · ${session.location}` : ''}
      </p>
      <p className="calendar-block__meta">With {interviewers.map((person) => person.name).join(', ')}</p>
      {interview.status !== 'scheduled' && <InterviewStatusBadge status={interview.status} />}
    </article>
  );
}
