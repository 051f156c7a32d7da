import type { TInterview } from '@medhire/contract/interviews';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeApplicant } from '../../applicants/__tests__/applicant-fixtures.ts';
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
const janeDoe = makeApplicant();

function applicantApi(interviews: TInterview[], overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/applicant/get-single-applicant/physician-1': () => envelope(janeDoe),
    'GET /api/employer/team/get-team': () => envelope(team),
    'GET /api/employer/interview/get-interviews': () => envelope({ interviews }),
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

describe('scheduling an interview from the applicant page', () => {
  it('schedules a phone interview at a fixed time in the chosen zone with two interviewers', async () => {
    const scheduled = vi.fn();
    const { calls } = applicantApi([], {
      'POST /api/employer/interview/schedule-interview/application-1': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ type: 'phone', meetingUrl: null }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);

    // The signed-in member interviews by default.
    expect(dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' })).toBeChecked();
    await user.click(dialog.getByRole('radio', { name: 'Phone call' }));
    await user.click(dialog.getByRole('checkbox', { name: 'James Okafor' }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Duration' }), '45');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Time zone' }), 'America/Chicago');
    const date = dialog.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-03-12');
    const time = dialog.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '09:30');
    // The time is named in its zone before it is sent.
    expect(dialog.getByText(/9:30.*CDT/)).toBeVisible();
    await user.click(dialog.getByRole('button', { name: 'Schedule the interview' }));

    await waitFor(() => expect(scheduled).toHaveBeenCalled());
    expect(scheduled.mock.calls[0]?.[0]).toEqual({
      type: 'phone',
      durationMinutes: 45,
      interviewerIds: ['user-1', 'user-2'],
      timeZone: 'America/Chicago',
      timing: { mode: 'fixed', startsAt: '2030-03-12T14:30:00.000Z' },
    });
    expect(notifySuccess).toHaveBeenCalledWith(
      'The interview with Dr. Jane Doe is scheduled. Everyone gets a calendar invite.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The applicant is loaded again (scheduling moved them to Interview), and so are the interviews.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === '/api/employer/applicant/get-single-applicant/physician-1'),
      ).toHaveLength(2),
    );
  });

  it('proposes times, with the rules of the contract at the fields', async () => {
    const scheduled = vi.fn();
    applicantApi([], {
      'POST /api/employer/interview/schedule-interview/application-1': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ status: 'proposed', startsAt: null, endsAt: null }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('checkbox', { name: 'Maria Delgado (you)' }));
    await user.click(dialog.getByRole('radio', { name: /Propose 3–10 times/ }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Time zone' }), 'America/New_York');
    const list = within(dialog.getByRole('list', { name: 'Proposed times' }));
    expect(list.getAllByRole('listitem')).toHaveLength(3);
    // Fewer than three cannot be removed.
    expect(list.getByRole('button', { name: 'Remove time 1' })).toBeDisabled();
    await user.clear(list.getByLabelText('Time 2'));
    await user.click(dialog.getByRole('button', { name: 'Send the times' }));

    expect(await dialog.findByText('Choose at least one interviewer.')).toBeVisible();
    expect(dialog.getByText('Time 2: choose a date and a time.')).toBeVisible();
    expect(scheduled).not.toHaveBeenCalled();

    await user.click(dialog.getByRole('checkbox', { name: 'James Okafor' }));
    await user.type(list.getByLabelText('Time 2'), '15:00');
    await user.click(dialog.getByRole('button', { name: 'Add a time' }));
    expect(list.getAllByRole('listitem')).toHaveLength(4);
    for (const [index, value] of ['2030-03-12', '2030-03-12', '2030-03-13', '2030-03-14'].entries()) {
      const date = list.getByLabelText(`Date of time ${index + 1}`);
      await user.clear(date);
      await user.type(date, value);
    }
    await user.click(dialog.getByRole('button', { name: 'Send the times' }));
    await waitFor(() => expect(scheduled).toHaveBeenCalled());
    const body = scheduled.mock.calls[0]?.[0] as { interviewerIds: string[]; timing: unknown };
    expect(body.interviewerIds).toEqual(['user-2']);
    expect(body.timing).toEqual({
      mode: 'proposed',
      proposedSlots: [
        '2030-03-12T14:00:00.000Z',
        '2030-03-12T19:00:00.000Z',
        '2030-03-13T14:00:00.000Z',
        '2030-03-14T14:00:00.000Z',
      ],
    });
    expect(notifySuccess).toHaveBeenCalledWith('The times are sent to Dr. Jane Doe to choose from.');
  });

  it("asks the server for times from the interviewers' calendars", async () => {
    const scheduled = vi.fn();
    applicantApi([], {
      'POST /api/employer/interview/schedule-interview/application-1': ({ body }) => {
        scheduled(body);
        return envelope(makeInterview({ status: 'proposed', startsAt: null, endsAt: null }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);
    await user.click(dialog.getByRole('radio', { name: "Suggest times from the interviewers' calendars" }));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Time zone' }), 'America/Denver');
    const from = dialog.getByLabelText('Look from');
    await user.clear(from);
    await user.type(from, '2030-03-11');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Over the next' }), '7');
    await user.click(dialog.getByRole('button', { name: 'Suggest and send times' }));
    await waitFor(() => expect(scheduled).toHaveBeenCalled());
    expect(scheduled.mock.calls[0]?.[0]).toMatchObject({
      timing: {
        mode: 'common-free-time',
        from: '2030-03-11T06:00:00.000Z',
        to: '2030-03-18T06:00:00.000Z',
        slotCount: 5,
      },
    });
  });

  it("shows the server's message when the time clashes, and keeps the dialog open", async () => {
    applicantApi([], {
      'POST /api/employer/interview/schedule-interview/application-1': () =>
        failure('James Okafor already has an interview at that time.', 409, 'CONFLICT'),
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const dialog = await openDialog(user);
    const date = dialog.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-03-12');
    await user.click(dialog.getByRole('button', { name: 'Schedule the interview' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('James Okafor already has an interview at that time.');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(notifySuccess).not.toHaveBeenCalled();
  });
});

describe("the applicant's interviews", () => {
  it('shows each interview with its type, time in the zone named, status and interviewers', async () => {
    applicantApi([
      makeInterview(),
      makeInterview({
        _id: 'interview-2',
        status: 'cancelled',
        type: 'onsite',
        location: 'Lakeside Clinic, 3rd floor',
        cancelReason: 'The position was filled.',
      }),
      // Another applicant's interview in the same period is not theirs to show.
      makeInterview({ _id: 'interview-3', applicationId: 'application-9', physicianName: 'Dr. Ann Lee' }),
    ]);
    renderApp('/applicants/physician-1', { session });
    const section = await screen.findByRole('region', { name: 'Interviews for Interventional Cardiologist' });
    const items = within(within(section).getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Video call')).toBeVisible();
    expect(first.getByText('Scheduled')).toBeVisible();
    expect(items[0]).toHaveTextContent('With Maria Delgado');
    // The time carries its zone's name (the viewer's own zone).
    expect(first.getByText(/\d{1,2}:\d{2}.*[A-Z]{2,5}|GMT|UTC/)).toBeVisible();
    expect(first.getByRole('button', { name: 'Reschedule the video call with Dr. Jane Doe' })).toBeVisible();
    // A cancelled interview is final: its reason shows and nothing can be done.
    expect(items[1]).toHaveTextContent('Reason: The position was filled.');
    expect(within(items[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels an interview with a reason', async () => {
    const cancelled = vi.fn();
    applicantApi([makeInterview()], {
      'PATCH /api/employer/interview/cancel-interview/interview-1': ({ body }) => {
        cancelled(body);
        return envelope(makeInterview({ status: 'cancelled', cancelReason: 'Filled' }));
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    await user.click(
      await screen.findByRole('button', { name: 'Cancel interview: the video call with Dr. Jane Doe' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel this interview?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel interview' }));
    expect(await dialog.findByText('Give a reason for cancelling.')).toBeVisible();
    expect(cancelled).not.toHaveBeenCalled();
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Filled');
    await user.click(dialog.getByRole('button', { name: 'Cancel interview' }));
    await waitFor(() => expect(cancelled).toHaveBeenCalledWith({ reason: 'Filled' }));
    expect(await screen.findByText('Cancelled')).toBeVisible();
  });

  it('moves an interview to a new time', async () => {
    const moved = vi.fn();
    applicantApi([makeInterview()], {
      'PATCH /api/employer/interview/reschedule-interview/interview-1': ({ body }) => {
        moved(body);
        return envelope(
          makeInterview({ startsAt: '2030-03-13T15:00:00.000Z', endsAt: '2030-03-13T16:00:00.000Z' }),
        );
      },
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    await user.click(
      await screen.findByRole('button', { name: 'Reschedule the video call with Dr. Jane Doe' }),
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Reschedule the interview with Dr. Jane Doe' }),
    );
    // The zone it was set in is kept.
    expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveValue('America/Chicago');
    const date = dialog.getByLabelText('Date');
    await user.clear(date);
    await user.type(date, '2030-03-13');
    await user.click(dialog.getByRole('button', { name: 'Move the interview' }));
    await waitFor(() =>
      expect(moved).toHaveBeenCalledWith({
        timeZone: 'America/Chicago',
        timing: { mode: 'fixed', startsAt: '2030-03-13T15:00:00.000Z' },
      }),
    );
  });

  it('records the outcome of an interview that has started', async () => {
    const recorded = vi.fn();
    applicantApi(
      [makeInterview({ startsAt: '2026-01-12T15:00:00.000Z', endsAt: '2026-01-12T16:00:00.000Z' })],
      {
        'PATCH /api/employer/interview/record-outcome/interview-1': ({ body }) => {
          recorded(body);
          return envelope(makeInterview({ status: 'no_show', noShowParty: 'physician' }));
        },
      },
    );
    const { user } = renderApp('/applicants/physician-1', { session });
    await user.click(await screen.findByRole('button', { name: 'Record outcome' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'How did the interview go?' }));
    await user.click(dialog.getByRole('radio', { name: 'The physician did not come' }));
    await user.click(dialog.getByRole('button', { name: 'Record outcome' }));
    await waitFor(() =>
      expect(recorded).toHaveBeenCalledWith({ outcome: 'no_show', noShowParty: 'physician' }),
    );
    expect(await screen.findByText('No-show')).toBeVisible();
  });
});
