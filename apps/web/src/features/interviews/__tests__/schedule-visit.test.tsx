import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeApplicant } from '../../applicants/__tests__/applicant-fixtures.ts';
import { calendarEntries } from '../components/interviews-calendar-screen.tsx';
import { makeInterview, team } from './interview-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();

beforeEach(() => {
  vi.mocked(notifySuccess).mockClear();
});

function applicantApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/applicant/get-single-applicant/physician-1': () => envelope(makeApplicant()),
    'GET /api/employer/team/get-team': () => envelope(team),
    'GET /api/employer/interview/get-interviews': () => envelope({ interviews: [] }),
    ...overrides,
  });
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(
    await screen.findByRole('button', {
      name: 'Schedule interview with Dr. Jane Doe for Interventional Cardiologist',
    }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Schedule an interview with Dr. Jane Doe' });
  await within(dialog).findByRole('checkbox', { name: 'James Okafor' });
  return within(dialog);
}

async function fill(
  user: ReturnType<typeof renderApp>['user'],
  field: HTMLElement,
  value: string,
): Promise<void> {
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('scheduling a site visit', () => {
  it('offers the site visit only for on-site interviews, then sends the itinerary with travel notes', async () => {
    const scheduled = vi.fn();
    applicantApi({
      'POST /api/employer/interview/schedule-interview/application-1': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ type: 'onsite' }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);
    expect(dialog.queryByRole('radio', { name: /A site visit/ })).not.toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'On site' }));
    await user.click(dialog.getByRole('radio', { name: /A site visit/ }));
    // The visit's interviewers are chosen per session: the interview-wide ones and the duration go.
    expect(dialog.queryByRole('group', { name: 'Interviewers' })).not.toBeInTheDocument();
    expect(dialog.queryByRole('combobox', { name: 'Duration' })).not.toBeInTheDocument();
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Time zone' }), 'America/Chicago');
    await user.type(dialog.getByLabelText('Location', { exact: false }), 'Main campus');

    const list = within(dialog.getByRole('list', { name: 'Sessions of the visit' }));
    expect(list.getAllByRole('listitem')).toHaveLength(2);
    expect(list.getByRole('button', { name: 'Remove session 1' })).toBeDisabled();
    await user.click(dialog.getByRole('button', { name: 'Add a session' }));
    expect(list.getAllByRole('listitem')).toHaveLength(3);

    const plan = [
      ['Tour of the clinic', '2030-03-12', '09:00', '10:00', 'Lobby'],
      ['Interview with the partners', '2030-03-12', '10:30', '12:00', 'Room 2B'],
      ['Breakfast with the chief', '2030-03-13', '08:00', '09:00', ''],
    ] as const;
    for (const [index, [title, date, start, end, room]] of plan.entries()) {
      const number = index + 1;
      await fill(user, list.getByLabelText(`Title of session ${number}`), title);
      await fill(user, list.getByLabelText(`Date of session ${number}`), date);
      await fill(user, list.getByLabelText(`Start of session ${number}`), start);
      await fill(user, list.getByLabelText(`End of session ${number}`), end);
      await fill(
        user,
        list.getByLabelText(/Room of session/, { selector: `[name="sessions.${index}.room"]` }),
        room,
      );
    }
    const second = within(list.getByRole('group', { name: 'Interviewers of session 2' }));
    await user.click(second.getByRole('checkbox', { name: 'James Okafor' }));
    await user.type(dialog.getByLabelText(/Travel notes for the physician/), 'Hotel booked.');
    await user.click(dialog.getByRole('button', { name: 'Schedule the site visit' }));

    await waitFor(() => expect(scheduled).toHaveBeenCalled());
    expect(scheduled.mock.calls[0]?.[0]).toEqual({
      type: 'onsite',
      durationMinutes: 210,
      interviewerIds: ['user-1', 'user-2'],
      timeZone: 'America/Chicago',
      location: 'Main campus',
      travelNotes: 'Hotel booked.',
      timing: {
        mode: 'visit',
        sessions: [
          {
            title: 'Tour of the clinic',
            startsAt: '2030-03-12T14:00:00.000Z',
            endsAt: '2030-03-12T15:00:00.000Z',
            location: 'Lobby',
            interviewerIds: ['user-1'],
          },
          {
            title: 'Interview with the partners',
            startsAt: '2030-03-12T15:30:00.000Z',
            endsAt: '2030-03-12T17:00:00.000Z',
            location: 'Room 2B',
            interviewerIds: ['user-1', 'user-2'],
          },
          {
            title: 'Breakfast with the chief',
            startsAt: '2030-03-13T13:00:00.000Z',
            endsAt: '2030-03-13T14:00:00.000Z',
            interviewerIds: ['user-1'],
          },
        ],
      },
    });
  }, 60_000);

  it('says which session is wrong: unnamed, overlapping, without interviewers; and reorders with buttons', async () => {
    const scheduled = vi.fn();
    applicantApi({
      'POST /api/employer/interview/schedule-interview/application-1': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ type: 'onsite' }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: 'On site' }));
    await user.click(dialog.getByRole('radio', { name: /A site visit/ }));
    const list = within(dialog.getByRole('list', { name: 'Sessions of the visit' }));
    const submit = dialog.getByRole('button', { name: 'Schedule the site visit' });

    await user.click(submit);
    expect(await dialog.findByRole('alert')).toHaveTextContent('Session 1: name it.');

    await fill(user, list.getByLabelText('Title of session 1'), 'Tour');
    await fill(user, list.getByLabelText('Title of session 2'), 'Interview');
    for (const number of [1, 2]) {
      await fill(user, list.getByLabelText(`Date of session ${number}`), '2030-03-12');
      await fill(user, list.getByLabelText(`Start of session ${number}`), '09:00');
      await fill(user, list.getByLabelText(`End of session ${number}`), '10:00');
    }
    await user.click(submit);
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent(
        /Session 2: Sessions of a site visit cannot overlap/,
      ),
    );

    await fill(user, list.getByLabelText('Start of session 2'), '10:00');
    await fill(user, list.getByLabelText('End of session 2'), '11:00');
    await user.click(
      within(list.getByRole('group', { name: 'Interviewers of session 2' })).getByRole('checkbox', {
        name: 'Maria Delgado (you)',
      }),
    );
    await user.click(submit);
    await waitFor(() =>
      expect(dialog.getByRole('alert')).toHaveTextContent('Session 2: choose at least one interviewer.'),
    );
    expect(scheduled).not.toHaveBeenCalled();

    // Move the second session up: its title moves with it.
    await user.click(list.getByRole('button', { name: 'Move up session 2' }));
    expect(list.getByLabelText('Title of session 1')).toHaveValue('Interview');
    expect(list.getByRole('button', { name: 'Move up session 1' })).toBeDisabled();
  }, 60_000);

  it('edits the itinerary of a visit on reschedule, keeping the session ids', async () => {
    const visit = makeInterview({
      _id: 'visit-1',
      type: 'onsite',
      timeZone: 'America/Chicago',
      startsAt: '2030-03-12T14:00:00.000Z',
      endsAt: '2030-03-12T17:00:00.000Z',
      travelNotes: 'Hotel booked.',
      sessions: [
        {
          _id: 'session-a',
          position: 0,
          title: 'Tour',
          startsAt: '2030-03-12T14:00:00.000Z',
          endsAt: '2030-03-12T15:00:00.000Z',
          location: 'Lobby',
          interviewers: [{ userId: 'user-1', name: 'Maria Delgado', role: 'interviewer' }],
        },
        {
          _id: 'session-b',
          position: 1,
          title: 'Interview',
          startsAt: '2030-03-12T16:00:00.000Z',
          endsAt: '2030-03-12T17:00:00.000Z',
          location: null,
          interviewers: [{ userId: 'user-2', name: 'James Okafor', role: 'interviewer' }],
        },
      ],
    });
    const moved = vi.fn();
    applicantApi({
      'GET /api/employer/interview/get-interviews': () => envelope({ interviews: [visit] }),
      'PATCH /api/employer/interview/reschedule-interview/visit-1': ({ body }) => {
        moved(body);
        return envelope(visit);
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    await user.click(await screen.findByRole('button', { name: /Reschedule/ }));
    const dialog = within(await screen.findByRole('dialog', { name: /Reschedule the interview/ }));
    const list = within(await dialog.findByRole('list', { name: 'Sessions of the visit' }));
    expect(list.getByLabelText('Title of session 1')).toHaveValue('Tour');
    expect(list.getByLabelText('Start of session 2')).toHaveValue('11:00');
    await fill(user, list.getByLabelText('Start of session 2'), '13:00');
    await fill(user, list.getByLabelText('End of session 2'), '14:00');
    await fill(user, dialog.getByLabelText(/Travel notes/), 'Parking in lot C.');
    await user.click(dialog.getByRole('button', { name: 'Save the itinerary' }));
    await waitFor(() => expect(moved).toHaveBeenCalled());
    expect(moved.mock.calls[0]?.[0]).toMatchObject({
      timeZone: 'America/Chicago',
      travelNotes: 'Parking in lot C.',
      timing: {
        mode: 'visit',
        sessions: [
          { _id: 'session-a', startsAt: '2030-03-12T14:00:00.000Z', interviewerIds: ['user-1'] },
          { _id: 'session-b', startsAt: '2030-03-12T18:00:00.000Z', endsAt: '2030-03-12T19:00:00.000Z' },
        ],
      },
    });
  });
});

describe('the team calendar with a site visit', () => {
  const visit = makeInterview({
    _id: 'visit-1',
    type: 'onsite',
    sessions: [
      {
        _id: 'a',
        position: 0,
        title: 'Tour',
        startsAt: '2030-03-12T14:00:00.000Z',
        endsAt: '2030-03-12T15:00:00.000Z',
        location: 'Lobby',
        interviewers: [{ userId: 'user-1', name: 'Maria Delgado', role: 'interviewer' }],
      },
      {
        _id: 'b',
        position: 1,
        title: 'Interview',
        startsAt: '2030-03-13T16:00:00.000Z',
        endsAt: '2030-03-13T17:00:00.000Z',
        location: null,
        interviewers: [{ userId: 'user-2', name: 'James Okafor', role: 'interviewer' }],
      },
    ],
  });

  it('shows each session as its own block, and for one member only the sessions they sit in', () => {
    const other = makeInterview({ _id: 'other' });
    expect(calendarEntries([visit, other]).map((entry) => entry.key)).toEqual([
      'visit-1:a',
      'visit-1:b',
      'other',
    ]);
    expect(calendarEntries([visit], 'user-2').map((entry) => [entry.key, entry.startsAt])).toEqual([
      ['visit-1:b', '2030-03-13T16:00:00.000Z'],
    ]);
  });
});
