import { INTERVIEW_MESSAGES, type TPhysicianInterview } from '@medhire/contract/interviews';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { failure, ok } from '../../../test/fixtures.ts';
import { mockApi, renderApp } from '../../../test/render-app.tsx';

const LIST = 'GET /api/employee/interview/get-my-interviews';

const SLOTS = [
  // 9:00 Central on the Monday before the change back to standard time (CDT, UTC−5)…
  { _id: 'slot-1', startsAt: '2026-10-26T14:00:00.000Z', endsAt: '2026-10-26T14:45:00.000Z' },
  // …and 9:00 Central after it (CST, UTC−6): each named with its own abbreviation.
  { _id: 'slot-2', startsAt: '2026-12-01T15:00:00.000Z', endsAt: '2026-12-01T15:45:00.000Z' },
  { _id: 'slot-3', startsAt: '2026-12-02T21:30:00.000Z', endsAt: '2026-12-02T22:15:00.000Z' },
];

function interview(overrides: Partial<TPhysicianInterview> = {}): TPhysicianInterview {
  return {
    _id: 'interview-1',
    organizationName: 'Lakeside Health',
    jobTitle: 'Family Physician',
    type: 'video',
    status: 'proposed',
    durationMinutes: 45,
    startsAt: null,
    endsAt: null,
    timeZone: 'America/New_York',
    meetingUrl: 'https://meet.example.com/abc',
    location: null,
    travelNotes: null,
    cancelReason: null,
    proposedSlots: SLOTS,
    interviewers: [{ name: 'Dr. Ana Ruiz' }],
    sessions: [],
    ...overrides,
  };
}

const booked = interview({
  status: 'scheduled',
  startsAt: SLOTS[1]?.startsAt ?? null,
  endsAt: SLOTS[1]?.endsAt ?? null,
  proposedSlots: [],
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-10-20T12:00:00.000Z') });
  // The device is set to Chicago: every time on screen is shown there, with the zone named.
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...resolvedOptions.call(this), timeZone: 'America/Chicago' };
  });
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the interviews screen', () => {
  it('shows a site visit’s itinerary by day in the device’s zone, with rooms and travel notes, and lets the physician decline', async () => {
    const visit = interview({
      type: 'onsite',
      status: 'scheduled',
      timeZone: 'America/Phoenix',
      // 9:00 Chicago (CDT) on Oct 27 to 9:00 on Oct 28.
      startsAt: '2026-10-27T14:00:00.000Z',
      endsAt: '2026-10-28T14:00:00.000Z',
      location: 'Desert Clinic, 1 Main St, Phoenix',
      travelNotes: 'Two nights at the Hyatt, booked.',
      proposedSlots: [],
      sessions: [
        {
          _id: 'session-1',
          title: 'Tour of the clinic',
          startsAt: '2026-10-27T14:00:00.000Z',
          endsAt: '2026-10-27T15:00:00.000Z',
          location: 'Front lobby',
          interviewers: [{ name: 'Rita Recruiter' }],
        },
        {
          _id: 'session-2',
          title: 'Interview with the director',
          startsAt: '2026-10-27T15:30:00.000Z',
          endsAt: '2026-10-27T17:00:00.000Z',
          location: 'Room 2B',
          interviewers: [{ name: 'Ana Ruiz' }, { name: 'Rita Recruiter' }],
        },
        {
          _id: 'session-3',
          title: 'Breakfast and next steps',
          startsAt: '2026-10-28T13:00:00.000Z',
          endsAt: '2026-10-28T14:00:00.000Z',
          location: null,
          interviewers: [{ name: 'Ana Ruiz' }],
        },
      ],
    });
    mockApi({ [LIST]: () => ok({ interviews: [visit] }) });
    renderApp('/interviews');

    const itinerary = await screen.findByRole('region', { name: 'Itinerary' });
    expect(screen.getByText('Site visit, 3 sessions')).toBeInTheDocument();
    const days = within(itinerary).getAllByRole('heading');
    expect(days.map((day) => day.textContent)).toEqual([
      'Itinerary',
      'Tuesday, October 27, 2026',
      'Wednesday, October 28, 2026',
    ]);
    const sessions = within(itinerary).getAllByRole('listitem');
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toHaveTextContent(/9:00\s*–\s*10:00\sAM CDT/);
    expect(sessions[0]).toHaveTextContent('Tour of the clinic');
    expect(sessions[0]).toHaveTextContent('Front lobby');
    expect(sessions[1]).toHaveTextContent('With Ana Ruiz, Rita Recruiter');
    expect(sessions[2]).toHaveTextContent(/8:00\s*–\s*9:00\sAM CDT/);
    expect(screen.getByText(/Times are shown in your time zone: .*\(America\/Chicago\)/)).toBeInTheDocument();
    expect(screen.getByText('Two nights at the Hyatt, booked.')).toBeInTheDocument();
    // A visit has a fixed itinerary: nothing to pick, but it can be declined.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for other times' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Decline/ })).toBeInTheDocument();
  });

  it('lists upcoming and past interviews with the times in the device’s zone, named', async () => {
    mockApi({
      [LIST]: () =>
        ok({
          interviews: [
            interview(),
            interview({
              _id: 'interview-2',
              jobTitle: 'Hospitalist',
              organizationName: 'Mercy Valley',
              type: 'onsite',
              status: 'cancelled',
              location: '12 Main St, Springfield',
              cancelReason: 'The position was filled.',
              startsAt: '2026-10-10T15:00:00.000Z',
              endsAt: '2026-10-10T16:00:00.000Z',
              proposedSlots: [],
            }),
          ],
        }),
    });
    renderApp('/interviews');

    const upcoming = await screen.findByRole('region', { name: /Upcoming \(1\)/ });
    expect(within(upcoming).getByRole('heading', { name: 'Family Physician' })).toBeInTheDocument();
    expect(within(upcoming).getByText('Pick a time')).toBeInTheDocument();
    expect(within(upcoming).getByText('Video call, 45 minutes')).toBeInTheDocument();
    const times = within(upcoming).getAllByRole('radio');
    expect(times).toHaveLength(3);
    expect(within(upcoming).getByLabelText(/Mon, Oct 26, 2026, 9:00\s*–\s*9:45\sAM CDT/)).toBeInTheDocument();
    expect(within(upcoming).getByLabelText(/Tue, Dec 1, 2026, 9:00\s*–\s*9:45\sAM CST/)).toBeInTheDocument();
    expect(within(upcoming).getByLabelText(/Wed, Dec 2, 2026, 3:30\s*–\s*4:15\sPM CST/)).toBeInTheDocument();
    expect(screen.getByText(/Times are shown in your time zone: .*\(America\/Chicago\)/)).toBeInTheDocument();

    const past = screen.getByRole('region', { name: 'Past and called off' });
    expect(within(past).getByText('Called off by the employer')).toBeInTheDocument();
    expect(within(past).getByText('Reason: The position was filled.')).toBeInTheDocument();
    expect(within(past).getByText('12 Main St, Springfield')).toBeInTheDocument();
    expect(within(past).getByText(/Sat, Oct 10, 2026, 10:00\s*–\s*11:00\sAM CDT/)).toBeInTheDocument();
    // A past interview takes no answers.
    expect(within(past).queryByRole('button')).not.toBeInTheDocument();
  });

  it('books the chosen time', async () => {
    let current = interview();
    const calls = mockApi({
      [LIST]: () => ok({ interviews: [current] }),
      'POST /api/employee/interview/pick-slot/interview-1': () => {
        current = booked;
        return ok(current);
      },
    });
    renderApp('/interviews');

    const confirm = await screen.findByRole('button', { name: 'Confirm this time' });
    expect(confirm).toBeDisabled();
    await userEvent.click(screen.getByLabelText(/Tue, Dec 1, 2026/));
    await userEvent.click(confirm);

    expect(await screen.findByText(/The interview is booked/)).toBeInTheDocument();
    expect(await screen.findByText('Booked')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ slotId: 'slot-2' });
    expect(screen.getByText(/Tue, Dec 1, 2026, 9:00\s*–\s*9:45\sAM CST/)).toBeInTheDocument();
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the time was just taken, and refreshes the times', async () => {
    let current = interview();
    const taken = 'That time was just taken. Choose another.';
    const calls = mockApi({
      [LIST]: () => ok({ interviews: [current] }),
      'POST /api/employee/interview/pick-slot/interview-1': () => {
        current = interview({ proposedSlots: SLOTS.filter((slot) => slot._id !== 'slot-2') });
        return failure(409, taken, 'CONFLICT');
      },
    });
    renderApp('/interviews');

    await userEvent.click(await screen.findByLabelText(/Tue, Dec 1, 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm this time' }));

    expect(await screen.findByText(taken)).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.getAllByRole('radio')).toHaveLength(2));
    expect(screen.queryByLabelText(/Tue, Dec 1, 2026/)).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('get-my-interviews'))).toHaveLength(2);
    expect(screen.getByText('Pick a time')).toBeInTheDocument();
  });

  it('asks for other times with a message, and needs one', async () => {
    let current = interview();
    const calls = mockApi({
      [LIST]: () => ok({ interviews: [current] }),
      'POST /api/employee/interview/request-other-times/interview-1': () => {
        current = interview({ status: 'other_times_requested' });
        return ok(current);
      },
    });
    renderApp('/interviews');

    await userEvent.click(await screen.findByRole('button', { name: 'Ask for other times' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Say which times would suit you.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByLabelText(/Which times would suit you/), 'Thursday afternoons');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByText('The team is asked for other times.')).toBeInTheDocument();
    expect(await screen.findByText('You asked for other times')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ message: 'Thursday afternoons' });
  });

  it('declines only after a confirmation', async () => {
    let current = interview();
    const calls = mockApi({
      [LIST]: () => ok({ interviews: [current] }),
      'POST /api/employee/interview/decline-interview/interview-1': () => {
        current = interview({ status: 'declined' });
        return ok(current);
      },
      'GET /api/employee/job/get-applications': () =>
        ok({ applications: [], total: 0, pageNumber: 1, pageSize: 20 }),
    });
    renderApp('/interviews');

    await userEvent.click(await screen.findByRole('button', { name: /Decline/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline this interview?' });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText(/A note for the team/), 'I took another post.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Decline interview' }));

    expect(await screen.findByText('You declined')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ message: 'I took another post.' });
    expect(screen.getByRole('region', { name: 'Past and called off' })).toBeInTheDocument();
  });
});

describe('the e-mailed interview link', () => {
  it('works without a session and answers through the link', async () => {
    let current = interview({ type: 'phone', meetingUrl: null });
    const calls = mockApi({
      'GET /api/employee/interview/public/signed.token': () => ok(current),
      'POST /api/employee/interview/public/signed.token/pick-slot': () => {
        current = { ...booked, type: 'phone', meetingUrl: null };
        return ok(current);
      },
    });
    const { router } = renderApp('/interview/signed.token', { isSignedIn: false });

    expect(await screen.findByRole('heading', { level: 1, name: 'Your interview' })).toBeInTheDocument();
    expect(await screen.findByText(/Lakeside Health invites you/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/interview/signed.token');
    expect(screen.getByText('Phone call, 45 minutes')).toBeInTheDocument();
    expect(screen.getByLabelText(/Mon, Oct 26, 2026, 9:00\s*–\s*9:45\sAM CDT/)).toBeInTheDocument();

    await userEvent.click(screen.getByLabelText(/Wed, Dec 2, 2026/));
    await userEvent.click(screen.getByRole('button', { name: 'Confirm this time' }));
    expect(await screen.findByText('Booked')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: '/api/employee/interview/public/signed.token/pick-slot',
      body: { slotId: 'slot-3' },
    });
    expect(calls.every((call) => !call.path.includes('get-my-interviews'))).toBe(true);
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('says when the link is not valid', async () => {
    mockApi({
      'GET /api/employee/interview/public/old': () =>
        failure(404, INTERVIEW_MESSAGES.invalidLink, 'NOT_FOUND'),
    });
    renderApp('/interview/old', { isSignedIn: false });

    expect(await screen.findByText(INTERVIEW_MESSAGES.invalidLink)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
