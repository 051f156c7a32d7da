import { MAX_BUFFER_MINUTES, type TAvailability, ZAvailability } from '@medhire/contract/interviews';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Card } from '@medhire/ui/card.tsx';
import { Select, TextField } from '@medhire/ui/field.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useMemo, useState } from 'react';
import { describeError, HttpError } from '../../../lib/http.ts';
import { interviewsApi } from '../api/interviews-api.ts';
import { browserTimeZone, timeZoneOptions, zoneSelectOptions } from '../zoned-time.ts';
import './interviews.css';

export const WEEKDAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

interface Range {
  key: number;
  start: string;
  end: string;
}

interface FormState {
  timeZone: string;
  /** Ranges per ISO weekday 1–7 (index 0 = Monday). */
  days: Range[][];
  exceptions: string[];
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
}

type Problems = Record<string, string>;

let nextKey = 1;
const range = (start: string, end: string): Range => ({ key: nextKey++, start, end });

function toForm(availability: TAvailability): FormState {
  const days: Range[][] = WEEKDAYS.map(() => []);
  for (const hours of availability.weeklyHours) days[hours.weekday - 1]?.push(range(hours.start, hours.end));
  return {
    timeZone: availability.timeZone,
    days,
    exceptions: [...availability.exceptions],
    bufferBeforeMinutes: String(availability.bufferBeforeMinutes),
    bufferAfterMinutes: String(availability.bufferAfterMinutes),
  };
}

function emptyForm(): FormState {
  return {
    timeZone: browserTimeZone(),
    days: WEEKDAYS.map((_, index) => (index < 5 ? [range('09:00', '17:00')] : [])),
    exceptions: [],
    bufferBeforeMinutes: '0',
    bufferAfterMinutes: '0',
  };
}

/** Where a problem of the payload (`weeklyHours.3.end`) shows on the form (`day-2-range-1-end`). */
function locate(form: FormState, path: readonly PropertyKey[]): string {
  const [first, index, field] = path;
  if (first === 'weeklyHours' && typeof index === 'number') {
    let seen = 0;
    for (const [day, ranges] of form.days.entries()) {
      if (index < seen + ranges.length) return `day-${day}-range-${index - seen}-${String(field ?? 'end')}`;
      seen += ranges.length;
    }
  }
  if (first === 'exceptions') return 'exceptions';
  return String(first ?? 'form');
}

function toPayload(form: FormState) {
  return {
    timeZone: form.timeZone,
    weeklyHours: form.days.flatMap((ranges, day) =>
      ranges.map((entry) => ({ weekday: day + 1, start: entry.start, end: entry.end })),
    ),
    exceptions: form.exceptions.filter(Boolean),
    bufferBeforeMinutes: Number(form.bufferBeforeMinutes),
    bufferAfterMinutes: Number(form.bufferAfterMinutes),
  };
}

/** Overlapping ranges of one day, which the server refuses too, named at the later range. */
function overlapProblems(form: FormState): Problems {
  const problems: Problems = {};
  form.days.forEach((ranges, day) => {
    const sorted = ranges
      .map((entry, index) => ({ ...entry, index }))
      .sort((a, b) => a.start.localeCompare(b.start));
    for (let position = 1; position < sorted.length; position++) {
      const previous = sorted[position - 1];
      const current = sorted[position];
      if (previous && current && current.start < previous.end) {
        problems[`day-${day}-range-${current.index}-start`] =
          `This overlaps ${previous.start}–${previous.end} on ${WEEKDAYS[day]}.`;
      }
    }
  });
  return problems;
}

/** The server's answer to a refused save, spread over the fields it is about. */
function serverProblems(form: FormState, error: unknown): Problems {
  const problems: Problems = {};
  if (!(error instanceof HttpError)) return { form: describeError(error) };
  const details = error.details as
    | { field?: string; message?: string }[]
    | { field?: string; problems?: string[] }
    | undefined;
  if (Array.isArray(details)) {
    for (const issue of details) {
      if (issue.field && issue.message) {
        const path = issue.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
        problems[locate(form, path)] ??= issue.message;
      }
    }
  } else if (details?.field) {
    problems[details.field] = error.message;
  } else if (details?.problems && details.problems.length > 0) {
    problems.form = details.problems.join(' ');
  }
  if (Object.keys(problems).length === 0) problems.form = error.message;
  return problems;
}

/**
 * Settings → Availability: the member's interview hours per weekday (several ranges a day), in
 * their own IANA zone, days off, and buffers kept free around each interview. Suggested
 * interview times come only from these hours.
 */
export function AvailabilityScreen() {
  const zones = useMemo(timeZoneOptions, []);
  const [form, setForm] = useState<FormState | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const [isSaving, setIsSaving] = useState(false);
  const [newDayOff, setNewDayOff] = useState('');
  const [isPrefilled, setIsPrefilled] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    interviewsApi
      .getMyAvailability(controller.signal)
      .then((availability) => {
        const isUnset = availability.weeklyHours.length === 0;
        setIsPrefilled(isUnset);
        setForm(isUnset ? { ...toForm(availability), ...withDefaults() } : toForm(availability));
      })
      .catch((error) => {
        if (controller.signal.aborted) return;
        if (error instanceof HttpError && error.status === 404) setForm(emptyForm());
        else setLoadError(describeError(error));
      });
    return () => controller.abort();
  }, []);

  if (loadError)
    return (
      <Alert variant="danger" title="We couldn't load your availability">
        {loadError}
      </Alert>
    );
  if (!form) return <Spinner label="Loading your availability" />;

  const update = (change: (current: FormState) => FormState) =>
    setForm((current) => (current ? change(current) : current));
  const setRange = (day: number, index: number, field: 'start' | 'end', value: string) =>
    update((current) => ({
      ...current,
      days: current.days.map((ranges, at) =>
        at === day
          ? ranges.map((entry, position) => (position === index ? { ...entry, [field]: value } : entry))
          : ranges,
      ),
    }));

  const save = async () => {
    const payload = toPayload(form);
    const parsed = ZAvailability.safeParse(payload);
    const found: Problems = { ...overlapProblems(form) };
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[locate(form, issue.path)] ??= issue.message;
    }
    setProblems(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setIsSaving(true);
    try {
      setForm(toForm(await interviewsApi.updateMyAvailability(parsed.data)));
      setIsPrefilled(false);
      notifySuccess('Your availability is saved.');
    } catch (error) {
      setProblems(serverProblems(form, error));
    } finally {
      setIsSaving(false);
    }
  };

  const problemCount = Object.keys(problems).length;
  return (
    <form
      className="availability"
      aria-label="Interview availability"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {problemCount > 0 && (
        <Alert variant="danger" title="Your availability was not saved">
          {problems.form ?? 'Check the fields marked below.'}
        </Alert>
      )}
      {isPrefilled && (
        <Alert variant="info">
          You have not set your hours yet. Weekdays 9:00–17:00 in your browser's time zone are filled in:
          change them if needed and save.
        </Alert>
      )}
      <Card title="Time zone">
        <Select
          label="Your time zone"
          hint="Your working hours are in this zone, daylight saving included."
          options={zoneSelectOptions(zones, form.timeZone)}
          value={form.timeZone}
          error={problems.timeZone}
          onChange={(event) => update((current) => ({ ...current, timeZone: event.target.value }))}
        />
      </Card>
      <Card
        title="Working hours"
        description="When you can interview on each day of the week. Leave a day empty to keep it free."
      >
        <div className="availability__days">
          {WEEKDAYS.map((weekday, day) => {
            const ranges = form.days[day] ?? [];
            return (
              <fieldset key={weekday} className="availability__day">
                <legend>{weekday}</legend>
                {ranges.length === 0 && <p className="schedule-form__hint">Not available</p>}
                {ranges.map((entry, index) => (
                  <div key={entry.key} className="availability__range">
                    <TextField
                      label={`${weekday} from${ranges.length > 1 ? ` (range ${index + 1})` : ''}`}
                      type="time"
                      value={entry.start}
                      error={problems[`day-${day}-range-${index}-start`]}
                      onChange={(event) => setRange(day, index, 'start', event.target.value)}
                    />
                    <TextField
                      label={`${weekday} until${ranges.length > 1 ? ` (range ${index + 1})` : ''}`}
                      type="time"
                      value={entry.end}
                      error={problems[`day-${day}-range-${index}-end`]}
                      onChange={(event) => setRange(day, index, 'end', event.target.value)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      className="availability__remove"
                      aria-label={`Remove ${weekday} ${entry.start}–${entry.end}`}
                      onClick={() =>
                        update((current) => ({
                          ...current,
                          days: current.days.map((list, at) =>
                            at === day ? list.filter((_, i) => i !== index) : list,
                          ),
                        }))
                      }
                    >
                      Remove
                    </Button>
                  </div>
                ))}
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={`Add hours on ${weekday}`}
                  onClick={() =>
                    update((current) => ({
                      ...current,
                      days: current.days.map((list, at) => {
                        if (at !== day) return list;
                        const last = list.at(-1);
                        return [
                          ...list,
                          last && last.end < '22:00'
                            ? range(last.end, addHours(last.end, 1))
                            : range('09:00', '17:00'),
                        ];
                      }),
                    }))
                  }
                >
                  Add hours
                </Button>
              </fieldset>
            );
          })}
        </div>
      </Card>
      <Card title="Days off" description="Dates you cannot interview, such as holidays or leave.">
        {form.exceptions.length > 0 ? (
          <ul className="availability__days-off">
            {form.exceptions.map((date) => (
              <li key={date}>
                <time dateTime={date}>{formatLocalDate(date)}</time>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove the day off ${formatLocalDate(date)}`}
                  onClick={() =>
                    update((current) => ({
                      ...current,
                      exceptions: current.exceptions.filter((d) => d !== date),
                    }))
                  }
                >
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="schedule-form__hint">No days off.</p>
        )}
        <div className="availability__add-day">
          <TextField
            label="Day off"
            type="date"
            value={newDayOff}
            error={problems.exceptions}
            onChange={(event) => setNewDayOff(event.target.value)}
          />
          <Button
            variant="secondary"
            disabled={!newDayOff}
            onClick={() => {
              update((current) => ({
                ...current,
                exceptions: [...new Set([...current.exceptions, newDayOff])].sort(),
              }));
              setNewDayOff('');
            }}
          >
            Add day off
          </Button>
        </div>
      </Card>
      <Card title="Buffers" description="Time kept free before and after each interview.">
        <div className="schedule-form__row">
          {(['bufferBeforeMinutes', 'bufferAfterMinutes'] as const).map((field) => (
            <TextField
              key={field}
              label={field === 'bufferBeforeMinutes' ? 'Minutes before' : 'Minutes after'}
              type="number"
              inputMode="numeric"
              min={0}
              max={MAX_BUFFER_MINUTES}
              step={5}
              value={form[field]}
              error={problems[field]}
              onChange={(event) => update((current) => ({ ...current, [field]: event.target.value }))}
            />
          ))}
        </div>
      </Card>
      <div className="schedule-form__actions">
        <Button type="submit" isLoading={isSaving}>
          Save availability
        </Button>
      </div>
    </form>
  );
}

/** A member who never set hours starts from weekdays 9–5 in the browser's zone. */
function withDefaults(): Partial<FormState> {
  const { days, timeZone } = emptyForm();
  return { days, timeZone };
}

function addHours(clock: string, hours: number): string {
  const [hour = 0, minute = 0] = clock.split(':').map(Number);
  return `${String(Math.min(23, hour + hours)).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

function formatLocalDate(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'full', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}
