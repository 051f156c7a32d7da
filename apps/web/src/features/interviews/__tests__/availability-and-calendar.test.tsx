import type { TAvailability } from '@medhire/contract/interviews';
import { notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
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

const saved: TAvailability = {
  timeZone: 'America/Denver',
  weeklyHours: [
    { weekday: 1, start: '08:00', end: '12:00' },
    { weekday: 1, start: '13:00', end: '17:00' },
    { weekday: 3, start: '09:00', end: '15:00' },
  ],
  exceptions: ['2030-12-25'],
  bufferBeforeMinutes: 10,
  bufferAfterMinutes: 5,
};

describe('Settings → Availability', () => {
  it('shows the saved hours, adds a range and a day off, and saves them', async () => {
    const updated = vi.fn();
    mockApi({
      'GET /api/employer/interview/get-my-availability': () => envelope(saved),
      'PATCH /api/employer/interview/update-my-availability': ({ body }) => {
        updated(body);
        return envelope(body);
      },
    });
    const { user } = renderApp('/settings/availability', { session });
    expect(await screen.findByRole('heading', { name: 'Interview availability' })).toBeVisible();
    expect(await screen.findByRole('combobox', { name: 'Your time zone' })).toHaveValue('America/Denver');
    const monday = within(screen.getByRole('group', { name: 'Monday' }));
    expect(monday.getByLabelText('Monday from (range 2)')).toHaveValue('13:00');
    expect(within(screen.getByRole('group', { name: 'Tuesday' })).getByText('Not available')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    const friday = within(screen.getByRole('group', { name: 'Friday' }));
    const until = friday.getByLabelText('Friday until');
    await user.clear(until);
    await user.type(until, '12:30');
    await user.type(screen.getByLabelText('Day off'), '2030-11-28');
    await user.click(screen.getByRole('button', { name: 'Add day off' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Your time zone' }), 'America/Phoenix');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));

    await waitFor(() => expect(updated).toHaveBeenCalled());
    expect(updated.mock.calls[0]?.[0]).toEqual({
      timeZone: 'America/Phoenix',
      weeklyHours: [
        { weekday: 1, start: '08:00', end: '12:00' },
        { weekday: 1, start: '13:00', end: '17:00' },
        { weekday: 3, start: '09:00', end: '15:00' },
        { weekday: 5, start: '09:00', end: '12:30' },
      ],
      exceptions: ['2030-11-28', '2030-12-25'],
      bufferBeforeMinutes: 10,
      bufferAfterMinutes: 5,
    });
    expect(notifySuccess).toHaveBeenCalledWith('Your availability is saved.');
  });

  it('shows problems at the fields, its own and the server’s, and saves nothing wrong', async () => {
    const updated = vi.fn();
    mockApi({
      'GET /api/employer/interview/get-my-availability': () => envelope(saved),
      'PATCH /api/employer/interview/update-my-availability': ({ body }) => {
        updated(body);
        return new Response(
          JSON.stringify({
            success: false,
            error: {
              message: 'Choose a valid time zone, such as America/New_York.',
              code: 'VALIDATION_FAILED',
              details: { field: 'timeZone' },
            },
          }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      },
    });
    const { user } = renderApp('/settings/availability', { session });
    const monday = within(await screen.findByRole('group', { name: 'Monday' }));
    // Range 2 now starts inside range 1.
    const second = monday.getByLabelText('Monday from (range 2)');
    await user.clear(second);
    await user.type(second, '11:00');
    const wednesdayUntil = screen.getByLabelText('Wednesday until');
    await user.clear(wednesdayUntil);
    await user.type(wednesdayUntil, '08:00');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    expect(await screen.findByText('This overlaps 08:00–12:00 on Monday.')).toBeVisible();
    expect(screen.getByText('Each range must end after it starts.')).toBeVisible();
    expect(screen.getByLabelText('Wednesday until')).toHaveAttribute('aria-invalid', 'true');
    expect(updated).not.toHaveBeenCalled();

    await user.clear(second);
    await user.type(second, '13:00');
    await user.clear(wednesdayUntil);
    await user.type(wednesdayUntil, '15:00');
    await user.click(screen.getByRole('button', { name: 'Save availability' }));
    await waitFor(() => expect(updated).toHaveBeenCalled());
    // The server's refusal lands at the field it names.
    const zone = screen.getByRole('combobox', { name: 'Your time zone' });
    await waitFor(() => expect(zone).toHaveAttribute('aria-invalid', 'true'));
    expect(zone).toHaveAccessibleDescription(/Choose a valid time zone, such as America\/New_York\./);
    expect(notifySuccess).not.toHaveBeenCalled();
  });

  it('offers weekdays 9–5 to a member who has not set hours yet', async () => {
    mockApi({
      'GET /api/employer/interview/get-my-availability': () =>
        envelope({ ...saved, weeklyHours: [], exceptions: [], timeZone: 'America/New_York' }),
    });
    renderApp('/settings/availability', { session });
    expect(await screen.findByText(/You have not set your hours yet/)).toBeVisible();
    expect(screen.getByLabelText('Thursday from')).toHaveValue('09:00');
    expect(within(screen.getByRole('group', { name: 'Sunday' })).getByText('Not available')).toBeVisible();
  });
});

describe('the team calendar', () => {
  it("lists a week's interviews by day, opens a day, and filters by member", async () => {
    mockApi({
      'GET /api/employer/team/get-team': () => envelope(team),
      'GET /api/employer/interview/get-interviews': ({ url }) =>
        envelope({
          interviews: url.searchParams.get('memberId')
            ? []
            : [
                makeInterview({ startsAt: '2030-03-12T15:00:00.000Z', endsAt: '2030-03-12T16:00:00.000Z' }),
                makeInterview({
                  _id: 'interview-2',
                  physicianName: 'Dr. Omar Haddad',
                  status: 'proposed',
                  startsAt: null,
                  endsAt: null,
                  proposedSlots: [
                    {
                      _id: 'slot-1',
                      startsAt: '2030-03-13T15:00:00.000Z',
                      endsAt: '2030-03-13T16:00:00.000Z',
                    },
                  ],
                }),
              ],
        }),
    });
    // 2030-03-12 is a Tuesday: the week runs Monday 11 to Sunday 17.
    const { user, router } = renderApp('/interviews?date=2030-03-12', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Interviews' })).toBeVisible();
    const days = await screen.findByRole('list', { name: 'Days' });
    const items = within(days).getAllByRole('listitem', { hidden: false });
    const dayItems = items.filter((item) => item.parentElement === days);
    expect(dayItems).toHaveLength(7);
    const tuesday = within(dayItems[1] as HTMLElement);
    expect(tuesday.getByRole('article', { name: 'Dr. Jane Doe' })).toHaveTextContent(/Video call/);
    expect(within(dayItems[0] as HTMLElement).getByText('No interviews')).toBeVisible();
    // Waiting for the physician's pick: listed apart with the offered times.
    const waiting = screen.getByRole('region', { name: 'Waiting for the physician' });
    expect(waiting).toHaveTextContent('Dr. Omar Haddad');
    expect(waiting).toHaveTextContent('Times proposed');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Team member' }), 'user-2');
    await waitFor(() => expect(router.state.location.search).toContain('member=user-2'));
    // The answer for one member (the mock answers none with memberId) replaces the week's.
    expect(await screen.findAllByText('No interviews')).toHaveLength(7);

    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findAllByText('No interviews')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Day' })).toHaveAttribute('aria-pressed', 'true');
  });
});
