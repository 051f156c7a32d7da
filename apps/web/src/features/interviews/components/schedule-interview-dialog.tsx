import {
  INTERVIEW_TYPES,
  MAX_PROPOSED_SLOTS,
  MAX_VISIT_SESSIONS,
  MIN_PROPOSED_SLOTS,
  MIN_VISIT_SESSIONS,
  type TInterview,
  type TInterviewType,
  type TRescheduleInterviewBody,
  type TScheduleInterviewBody,
  ZRescheduleInterviewBody,
  ZScheduleInterviewBody,
} from '@medhire/contract/interviews';
import type { TTeamMember } from '@medhire/contract/team';
import { Alert } from '@medhire/ui/alert.tsx';
import { Button } from '@medhire/ui/button.tsx';
import { Select, TextArea, TextField } from '@medhire/ui/field.tsx';
import { Modal } from '@medhire/ui/modal.tsx';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { useEffect, useId, useMemo, useState } from 'react';
import {
  type FieldArrayWithId,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  useFieldArray,
  useForm,
} from 'react-hook-form';
import { useAppSelector } from '../../../app/hooks.ts';
import { describeError } from '../../../lib/http.ts';
import { interviewsApi } from '../api/interviews-api.ts';
import {
  addDays,
  browserTimeZone,
  formatInZone,
  localDateIn,
  timeZoneOptions,
  wallClockIn,
  zonedToInstant,
  zoneSelectOptions,
} from '../zoned-time.ts';
import './interviews.css';

export const TYPE_LABELS: Record<TInterviewType, string> = {
  video: 'Video call',
  phone: 'Phone call',
  onsite: 'On site',
};

const DURATIONS = [15, 30, 45, 60, 90, 120, 180, 240];

type TimingChoice = 'fixed' | 'proposed' | 'common-free-time' | 'visit';

/** One session of a site visit as the form holds it: local date and times in the chosen zone. */
export interface SessionFormValues {
  /** The id of a session the visit already has (kept on a reschedule). */
  sessionId: string;
  title: string;
  date: string;
  start: string;
  end: string;
  room: string;
  interviewerIds: string[];
}

export interface ScheduleFormValues {
  type: TInterviewType;
  durationMinutes: string;
  interviewerIds: string[];
  timeZone: string;
  timing: TimingChoice;
  fixedDate: string;
  fixedTime: string;
  slots: { date: string; time: string }[];
  suggestFrom: string;
  suggestDays: string;
  meetingUrl: string;
  location: string;
  notes: string;
  sessions: SessionFormValues[];
  travelNotes: string;
}

type Payload = TScheduleInterviewBody | TRescheduleInterviewBody;

function fieldError(message: string) {
  return { type: 'validate', message };
}

/** The contract's issue paths, read back onto the form's own fields. */
function formFieldOf(path: readonly PropertyKey[]): keyof ScheduleFormValues {
  const [first, second] = path;
  if (first === 'timing') {
    if (second === 'startsAt') return 'fixedTime';
    if (second === 'proposedSlots') return 'slots';
    if (second === 'sessions') return 'sessions';
    return 'suggestFrom';
  }
  return (typeof first === 'string' ? first : 'notes') as keyof ScheduleFormValues;
}

/** "Session 2: " before an issue of one session, so the message says which. */
function sessionPrefix(path: readonly PropertyKey[]): string {
  const index = path[0] === 'timing' && path[1] === 'sessions' ? path[2] : undefined;
  return typeof index === 'number' ? `Session ${index + 1}: ` : '';
}

function visitTiming(
  values: ScheduleFormValues,
  errors: Partial<Record<keyof ScheduleFormValues, string>>,
  now: Date,
) {
  const sessions = values.sessions.map((session, index) => {
    const startsAt = zonedToInstant(session.date, session.start, values.timeZone);
    const endsAt = zonedToInstant(session.date, session.end, values.timeZone);
    if (!session.title.trim()) errors.sessions ??= `Session ${index + 1}: name it.`;
    else if (!startsAt || !endsAt)
      errors.sessions ??= `Session ${index + 1}: choose a date, a start and an end.`;
    else if (Date.parse(endsAt) <= Date.parse(startsAt))
      errors.sessions ??= `Session ${index + 1}: end it after it starts.`;
    else if (Date.parse(startsAt) <= now.getTime())
      errors.sessions ??= `Session ${index + 1}: choose a time in the future.`;
    else if (session.interviewerIds.length === 0)
      errors.sessions ??= `Session ${index + 1}: choose at least one interviewer.`;
    return {
      ...(session.sessionId ? { _id: session.sessionId } : {}),
      title: session.title.trim(),
      startsAt: startsAt ?? '',
      endsAt: endsAt ?? '',
      ...(session.room.trim() ? { location: session.room.trim() } : {}),
      interviewerIds: session.interviewerIds,
    };
  });
  return { mode: 'visit', sessions };
}

/** The minutes of a visit's sessions, added up, within what the contract accepts for a duration. */
function visitMinutes(timing: unknown): number {
  const sessions = (timing as { sessions: { startsAt: string; endsAt: string }[] }).sessions;
  const total = sessions.reduce((sum, session) => {
    const minutes = (Date.parse(session.endsAt) - Date.parse(session.startsAt)) / 60_000;
    return Number.isFinite(minutes) && minutes > 0 ? sum + minutes : sum;
  }, 0);
  return Math.min(720, Math.max(5, Math.round(total)));
}

/**
 * The form's values as the API's body, checked by the contract (and for what only the browser
 * knows: blank or past times). The errors land on the fields the person filled.
 */
export function buildPayload(
  values: ScheduleFormValues,
  isReschedule: boolean,
  now = new Date(),
): { payload?: Payload; errors: Partial<Record<keyof ScheduleFormValues, string>> } {
  const errors: Partial<Record<keyof ScheduleFormValues, string>> = {};
  const { timeZone } = values;
  let timing: unknown;
  if (values.timing === 'fixed') {
    const startsAt = zonedToInstant(values.fixedDate, values.fixedTime, timeZone);
    if (!values.fixedDate) errors.fixedDate = 'Choose a date.';
    if (!values.fixedTime) errors.fixedTime = 'Choose a time.';
    else if (startsAt && Date.parse(startsAt) <= now.getTime())
      errors.fixedTime = 'Choose a time in the future.';
    timing = { mode: 'fixed', startsAt: startsAt ?? '' };
  } else if (values.timing === 'proposed') {
    const proposedSlots: string[] = [];
    values.slots.forEach((slot, index) => {
      const instant = zonedToInstant(slot.date, slot.time, timeZone);
      if (!instant) errors.slots ??= `Time ${index + 1}: choose a date and a time.`;
      else if (Date.parse(instant) <= now.getTime())
        errors.slots ??= `Time ${index + 1}: choose a time in the future.`;
      else proposedSlots.push(instant);
    });
    if (new Set(proposedSlots).size !== proposedSlots.length) errors.slots ??= 'Propose each time only once.';
    timing = { mode: 'proposed', proposedSlots };
  } else if (values.timing === 'visit') {
    timing = visitTiming(values, errors, now);
  } else {
    const from = zonedToInstant(values.suggestFrom, '00:00', timeZone);
    const days = Number(values.suggestDays);
    if (!from) errors.suggestFrom = 'Choose the first day to look from.';
    const to = from ? zonedToInstant(addDays(values.suggestFrom, days), '00:00', timeZone) : undefined;
    timing = { mode: 'common-free-time', from: from ?? '', to: to ?? '', slotCount: 5 };
  }
  const isVisit = values.timing === 'visit';
  const schema = isReschedule ? ZRescheduleInterviewBody : ZScheduleInterviewBody;
  const candidate = isReschedule
    ? { timing, timeZone, ...(isVisit ? { travelNotes: values.travelNotes.trim() } : {}) }
    : {
        type: values.type,
        // A visit's duration is its sessions' minutes (the server adds them up itself).
        durationMinutes: isVisit ? visitMinutes(timing) : Number(values.durationMinutes),
        // A visit's interviewers are those of its sessions.
        interviewerIds: isVisit
          ? [...new Set(values.sessions.flatMap((session) => session.interviewerIds))]
          : values.interviewerIds,
        ...(values.type === 'onsite' && values.travelNotes.trim()
          ? { travelNotes: values.travelNotes.trim() }
          : {}),
        timeZone,
        timing,
        ...(values.type === 'video' && values.meetingUrl.trim()
          ? { meetingUrl: values.meetingUrl.trim() }
          : {}),
        ...(values.type === 'onsite' && values.location.trim() ? { location: values.location.trim() } : {}),
        ...(values.notes.trim() ? { notes: values.notes.trim() } : {}),
      };
  const parsed = schema.safeParse(candidate);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(issue.path);
      errors[field] ??= `${sessionPrefix(issue.path)}${issue.message}`;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { errors };
  return { payload: parsed.data as Payload, errors };
}

function makeResolver(isReschedule: boolean): Resolver<ScheduleFormValues, unknown, Payload> {
  return async (values) => {
    const { payload, errors } = buildPayload(values, isReschedule);
    if (payload) return { values: payload, errors: {} };
    const formErrors: Record<string, ReturnType<typeof fieldError>> = {};
    for (const [field, message] of Object.entries(errors)) {
      if (message) formErrors[field] = fieldError(message);
    }
    return { values: {}, errors: formErrors as FieldErrors<ScheduleFormValues> };
  };
}

function today(timeZone: string): string {
  return localDateIn(new Date(), timeZone);
}

/** A new session: an hour after the last one ends (or 9:00 the next day), with its interviewers. */
function nextSession(
  previous: SessionFormValues | undefined,
  timeZone: string,
  userId?: string,
): SessionFormValues {
  const date = previous?.date || addDays(today(timeZone), 1);
  const [hours = 9, minutes = 0] = (previous?.end || '08:00').split(':').map(Number);
  const start = Math.min(hours * 60 + minutes + 60, 22 * 60);
  const clock = (total: number) =>
    `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
  return {
    sessionId: '',
    title: '',
    date,
    start: clock(start),
    end: clock(Math.min(start + 60, 23 * 60 + 59)),
    room: '',
    interviewerIds: previous?.interviewerIds ?? (userId ? [userId] : []),
  };
}

/** A visit's sessions as the form holds them, in the zone shown. */
function sessionsOf(interview: TInterview, timeZone: string): SessionFormValues[] {
  const clock = (iso: string) => {
    const { hour, minute } = wallClockIn(new Date(iso), timeZone);
    return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  };
  return interview.sessions.map((session) => ({
    sessionId: session._id,
    title: session.title,
    date: localDateIn(new Date(session.startsAt), timeZone),
    start: clock(session.startsAt),
    end: clock(session.endsAt),
    room: session.location ?? '',
    interviewerIds: session.interviewers.map((person) => person.userId),
  }));
}

function defaults(timeZone: string, userId: string | undefined, interview?: TInterview): ScheduleFormValues {
  const tomorrow = addDays(today(timeZone), 1);
  const first = nextSession(undefined, timeZone, userId);
  const isVisit = (interview?.sessions.length ?? 0) > 0;
  return {
    type: 'video',
    durationMinutes: '60',
    interviewerIds: userId ? [userId] : [],
    timeZone,
    timing: isVisit ? 'visit' : 'fixed',
    fixedDate: tomorrow,
    fixedTime: '10:00',
    slots: [
      { date: tomorrow, time: '10:00' },
      { date: tomorrow, time: '14:00' },
      { date: addDays(tomorrow, 1), time: '10:00' },
    ],
    suggestFrom: tomorrow,
    suggestDays: '14',
    meetingUrl: '',
    location: '',
    notes: '',
    sessions:
      interview && isVisit ? sessionsOf(interview, timeZone) : [first, nextSession(first, timeZone, userId)],
    travelNotes: interview?.travelNotes ?? '',
  };
}

export interface ScheduleInterviewDialogProps {
  isOpen: boolean;
  onClose: () => void;
  /** The application to schedule for (a new interview). */
  applicationId?: string;
  /** The interview to move instead (reschedule: only the time changes). */
  interview?: TInterview;
  physicianName: string;
  jobTitle: string;
  onDone: (interview: TInterview) => void;
}

/**
 * Scheduling an interview with an applicant, or moving one: how it is held, how long, with whom,
 * and when: a fixed time, 3–10 proposed times, or times suggested from the interviewers'
 * calendars. Times are entered in a named zone (the browser's by default).
 */
export function ScheduleInterviewDialog(props: ScheduleInterviewDialogProps) {
  const { isOpen, onClose, physicianName, jobTitle, interview } = props;
  const title = interview
    ? `Reschedule the interview with ${physicianName}`
    : `Schedule an interview with ${physicianName}`;
  return (
    <Modal isOpen={isOpen} onClose={onClose} size="lg" title={title} description={jobTitle}>
      {isOpen && <ScheduleForm {...props} />}
    </Modal>
  );
}

function ScheduleForm({
  applicationId,
  interview,
  onDone,
  onClose,
  physicianName,
}: ScheduleInterviewDialogProps) {
  const userId = useAppSelector((state) => state.auth.user?._id);
  const isReschedule = interview !== undefined;
  const zones = useMemo(timeZoneOptions, []);
  const [members, setMembers] = useState<TTeamMember[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const formId = useId();
  const resolver = useMemo(() => makeResolver(isReschedule), [isReschedule]);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormValues, unknown, Payload>({
    resolver,
    defaultValues: defaults(interview?.timeZone ?? browserTimeZone(), userId, interview),
  });
  const slots = useFieldArray({ control, name: 'slots' });
  const sessions = useFieldArray({ control, name: 'sessions' });
  const isVisitReschedule = (interview?.sessions.length ?? 0) > 0;
  const canBeVisit = isReschedule ? interview?.type === 'onsite' : true;

  useEffect(() => {
    if (isReschedule && !isVisitReschedule) return;
    const controller = new AbortController();
    interviewsApi
      .getTeam(controller.signal)
      .then((team) => setMembers(team.members))
      .catch(() => setMembers([]));
    return () => controller.abort();
  }, [isReschedule, isVisitReschedule]);

  const type = watch('type');
  const timing = watch('timing');
  const timeZone = watch('timeZone');
  const watchedSlots = watch('slots');
  const fixedDate = watch('fixedDate');
  const fixedTime = watch('fixedTime');
  const zoneHint = (date: string, time: string) => {
    const instant = zonedToInstant(date, time, timeZone);
    return instant ? `${formatInZone(instant, timeZone)}` : undefined;
  };

  const onSubmit = handleSubmit(async (payload) => {
    setFailure(null);
    try {
      const saved = interview
        ? await interviewsApi.reschedule(interview._id, payload as TRescheduleInterviewBody)
        : await interviewsApi.schedule(applicationId ?? '', payload as TScheduleInterviewBody);
      notifySuccess(
        saved.status === 'scheduled'
          ? `The interview with ${physicianName} is ${isReschedule ? 'moved' : 'scheduled'}. Everyone gets a calendar invite.`
          : `The times are sent to ${physicianName} to choose from.`,
      );
      onDone(saved);
      onClose();
    } catch (error) {
      setFailure(describeError(error));
    }
  });

  const slotsError = (errors.slots as { message?: string } | undefined)?.message;
  const sessionsError = (errors.sessions as { message?: string } | undefined)?.message;
  const isVisit = timing === 'visit' && (isReschedule ? canBeVisit : type === 'onsite');
  const watchedSessions = watch('sessions');

  return (
    <form
      id={formId}
      className="schedule-form"
      onSubmit={onSubmit}
      noValidate
      aria-label={isReschedule ? 'Reschedule' : 'Schedule'}
    >
      {failure && (
        <Alert
          variant="danger"
          title={isReschedule ? 'The interview was not moved' : 'The interview was not scheduled'}
        >
          {failure}
        </Alert>
      )}
      {!isReschedule && (
        <>
          <fieldset className="schedule-form__group">
            <legend>How</legend>
            <div className="schedule-form__choices">
              {INTERVIEW_TYPES.map((value) => (
                <label key={value} className="schedule-form__choice">
                  <input
                    type="radio"
                    value={value}
                    {...register('type', {
                      onChange: () => {
                        if (value !== 'onsite' && timing === 'visit') setValue('timing', 'fixed');
                      },
                    })}
                  />{' '}
                  {TYPE_LABELS[value]}
                </label>
              ))}
            </div>
            {type === 'video' && (
              <TextField
                label="Meeting link"
                type="url"
                inputMode="url"
                placeholder="https://"
                isOptional
                error={errors.meetingUrl?.message}
                {...register('meetingUrl')}
              />
            )}
            {type === 'onsite' && (
              <TextField
                label="Location"
                isOptional
                error={errors.location?.message}
                {...register('location')}
              />
            )}
            {!isVisit && (
              <Select
                label="Duration"
                options={DURATIONS.map((minutes) => ({
                  value: String(minutes),
                  label:
                    minutes < 60 ? `${minutes} minutes` : `${minutes / 60} hour${minutes === 60 ? '' : 's'}`,
                }))}
                error={errors.durationMinutes?.message}
                {...register('durationMinutes')}
              />
            )}
          </fieldset>
          {!isVisit && (
            <fieldset
              className="schedule-form__group"
              aria-describedby={errors.interviewerIds ? `${formId}-interviewers-error` : undefined}
            >
              <legend>Interviewers</legend>
              {members.length === 0 && <p className="schedule-form__hint">Loading your team…</p>}
              <div className="schedule-form__members">
                {members.map((member) => (
                  <label key={member._id} className="schedule-form__choice">
                    <input type="checkbox" value={member._id} {...register('interviewerIds')} />{' '}
                    {member.fullName ?? member.email}
                    {member._id === userId ? ' (you)' : ''}
                  </label>
                ))}
              </div>
              {errors.interviewerIds?.message && (
                <p className="field__error" id={`${formId}-interviewers-error`}>
                  {errors.interviewerIds.message}
                </p>
              )}
            </fieldset>
          )}
        </>
      )}
      <fieldset className="schedule-form__group">
        <legend>When</legend>
        <Select
          label="Time zone"
          hint="The times below are in this zone. Everyone sees them in their own."
          options={zoneSelectOptions(zones, timeZone)}
          error={errors.timeZone?.message}
          {...register('timeZone')}
          value={timeZone}
        />
        {!isVisitReschedule && (
          <div className="schedule-form__choices" role="radiogroup" aria-label="How the time is chosen">
            <label className="schedule-form__choice">
              <input type="radio" value="fixed" {...register('timing')} /> A fixed time
            </label>
            <label className="schedule-form__choice">
              <input type="radio" value="proposed" {...register('timing')} /> Propose {MIN_PROPOSED_SLOTS}–
              {MAX_PROPOSED_SLOTS} times for {physicianName} to pick
            </label>
            <label className="schedule-form__choice">
              <input type="radio" value="common-free-time" {...register('timing')} /> Suggest times from the
              interviewers' calendars
            </label>
            {canBeVisit && (isReschedule || type === 'onsite') && (
              <label className="schedule-form__choice">
                <input type="radio" value="visit" {...register('timing')} /> A site visit:{' '}
                {MIN_VISIT_SESSIONS}–{MAX_VISIT_SESSIONS} sessions over one or two days
              </label>
            )}
          </div>
        )}
        {isVisit && (
          <VisitSessions
            formId={formId}
            fields={sessions.fields}
            values={watchedSessions}
            members={members}
            userId={userId}
            error={sessionsError}
            register={register}
            zoneHint={zoneHint}
            onAdd={() => sessions.append(nextSession(watchedSessions.at(-1), timeZone, userId))}
            onRemove={(index) => sessions.remove(index)}
            onMove={(from, to) => sessions.move(from, to)}
          />
        )}
        {isVisit && (
          <TextArea
            label="Travel notes for the physician"
            hint="Hotel, flights, parking: sent with the itinerary."
            isOptional
            rows={2}
            error={errors.travelNotes?.message}
            {...register('travelNotes')}
          />
        )}
        {timing === 'fixed' && (
          <div className="schedule-form__row">
            <TextField
              label="Date"
              type="date"
              error={errors.fixedDate?.message}
              {...register('fixedDate')}
            />
            <TextField
              label="Time"
              type="time"
              hint={zoneHint(fixedDate, fixedTime)}
              error={errors.fixedTime?.message}
              {...register('fixedTime')}
            />
          </div>
        )}
        {timing === 'proposed' && (
          <div className="schedule-form__slots">
            <ol className="schedule-form__slot-list" aria-label="Proposed times">
              {slots.fields.map((field, index) => (
                <li key={field.id} className="schedule-form__row">
                  <TextField
                    label={`Date of time ${index + 1}`}
                    type="date"
                    {...register(`slots.${index}.date`)}
                  />
                  <TextField
                    label={`Time ${index + 1}`}
                    type="time"
                    hint={zoneHint(watchedSlots[index]?.date ?? '', watchedSlots[index]?.time ?? '')}
                    {...register(`slots.${index}.time`)}
                  />
                  <Button
                    variant="ghost"
                    size="sm"
                    className="schedule-form__remove"
                    disabled={slots.fields.length <= MIN_PROPOSED_SLOTS}
                    onClick={() => slots.remove(index)}
                    aria-label={`Remove time ${index + 1}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ol>
            {slotsError && (
              <p className="field__error" role="alert">
                {slotsError}
              </p>
            )}
            <Button
              variant="secondary"
              size="sm"
              disabled={slots.fields.length >= MAX_PROPOSED_SLOTS}
              onClick={() => {
                const last = watchedSlots.at(-1);
                slots.append({
                  date: last ? addDays(last.date || today(timeZone), 1) : today(timeZone),
                  time: last?.time ?? '10:00',
                });
              }}
            >
              Add a time
            </Button>
          </div>
        )}
        {timing === 'common-free-time' && (
          <div className="schedule-form__row">
            <TextField
              label="Look from"
              type="date"
              hint="Up to five times the interviewers are all free, within their working hours."
              error={errors.suggestFrom?.message}
              {...register('suggestFrom')}
            />
            <Select
              label="Over the next"
              options={[7, 14, 21, 28].map((days) => ({ value: String(days), label: `${days} days` }))}
              {...register('suggestDays')}
            />
          </div>
        )}
      </fieldset>
      {!isReschedule && (
        <TextArea
          label="Notes for the team"
          isOptional
          rows={2}
          error={errors.notes?.message}
          {...register('notes')}
        />
      )}
      <div className="schedule-form__actions">
        <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isSubmitting}>
          {isVisit
            ? isReschedule
              ? 'Save the itinerary'
              : 'Schedule the site visit'
            : timing === 'fixed'
              ? isReschedule
                ? 'Move the interview'
                : 'Schedule the interview'
              : timing === 'proposed'
                ? 'Send the times'
                : 'Suggest and send times'}
        </Button>
      </div>
    </form>
  );
}

interface VisitSessionsProps {
  formId: string;
  fields: FieldArrayWithId<ScheduleFormValues, 'sessions', 'id'>[];
  values: SessionFormValues[];
  members: TTeamMember[];
  userId: string | undefined;
  error: string | undefined;
  register: UseFormRegister<ScheduleFormValues>;
  zoneHint: (date: string, time: string) => string | undefined;
  onAdd: () => void;
  onRemove: (index: number) => void;
  onMove: (from: number, to: number) => void;
}

/**
 * A site visit's itinerary: each session's title, date, start and end (in the chosen zone), room
 * and interviewers; sessions are added, removed and moved up or down with buttons.
 */
function VisitSessions({
  formId,
  fields,
  values,
  members,
  userId,
  error,
  register,
  zoneHint,
  onAdd,
  onRemove,
  onMove,
}: VisitSessionsProps) {
  const errorId = `${formId}-sessions-error`;
  return (
    <div className="schedule-form__slots">
      <ol className="schedule-form__slot-list" aria-label="Sessions of the visit">
        {fields.map((field, index) => {
          const number = index + 1;
          const value = values[index];
          return (
            <li key={field.id} className="schedule-form__session">
              <fieldset
                className="schedule-form__session-fields"
                aria-describedby={error ? errorId : undefined}
              >
                <legend>Session {number}</legend>
                <div className="schedule-form__row">
                  <TextField
                    label={`Title of session ${number}`}
                    placeholder="Tour of the clinic"
                    maxLength={200}
                    {...register(`sessions.${index}.title`)}
                  />
                  <TextField
                    label={`Room of session ${number}`}
                    isOptional
                    maxLength={500}
                    {...register(`sessions.${index}.room`)}
                  />
                </div>
                <div className="schedule-form__row">
                  <TextField
                    label={`Date of session ${number}`}
                    type="date"
                    {...register(`sessions.${index}.date`)}
                  />
                  <TextField
                    label={`Start of session ${number}`}
                    type="time"
                    hint={zoneHint(value?.date ?? '', value?.start ?? '')}
                    {...register(`sessions.${index}.start`)}
                  />
                  <TextField
                    label={`End of session ${number}`}
                    type="time"
                    {...register(`sessions.${index}.end`)}
                  />
                </div>
                <fieldset className="schedule-form__session-people">
                  <legend>Interviewers of session {number}</legend>
                  {members.length === 0 && <p className="schedule-form__hint">Loading your team…</p>}
                  <div className="schedule-form__members">
                    {members.map((member) => (
                      <label key={member._id} className="schedule-form__choice">
                        <input
                          type="checkbox"
                          value={member._id}
                          {...register(`sessions.${index}.interviewerIds`)}
                        />{' '}
                        {member.fullName ?? member.email}
                        {member._id === userId ? ' (you)' : ''}
                      </label>
                    ))}
                  </div>
                </fieldset>
                <div className="schedule-form__session-actions">
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === 0}
                    onClick={() => onMove(index, index - 1)}
                    aria-label={`Move up session ${number}`}
                  >
                    Move up
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={index === fields.length - 1}
                    onClick={() => onMove(index, index + 1)}
                    aria-label={`Move down session ${number}`}
                  >
                    Move down
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={fields.length <= MIN_VISIT_SESSIONS}
                    onClick={() => onRemove(index)}
                    aria-label={`Remove session ${number}`}
                  >
                    Remove
                  </Button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {error && (
        <p className="field__error" role="alert" id={errorId}>
          {error}
        </p>
      )}
      <Button variant="secondary" size="sm" disabled={fields.length >= MAX_VISIT_SESSIONS} onClick={onAdd}>
        Add a session
      </Button>
    </div>
  );
}
