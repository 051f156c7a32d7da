import type { TCalendarFeedLink } from '@medhire/contract/interviews';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, mockApi } from '../../../test/fixtures.ts';
import { CalendarFeedCard } from '../components/calendar-feed-card.tsx';
import { renderWithApp } from './render.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifySuccess: vi.fn(),
  notifyError: vi.fn(),
}));

const GET = 'GET /api/employer/interview/get-calendar-feed-link';
const RESET = 'POST /api/employer/interview/reset-calendar-feed-link';

const first: TCalendarFeedLink = {
  httpsUrl: 'https://medhire.example/api/calendar/old-token.ics',
  webcalUrl: 'webcal://medhire.example/api/calendar/old-token.ics',
  createdAt: '2026-11-01T10:00:00.000Z',
};
const second: TCalendarFeedLink = {
  httpsUrl: 'https://medhire.example/api/calendar/new-token.ics',
  webcalUrl: 'webcal://medhire.example/api/calendar/new-token.ics',
  createdAt: '2026-11-27T10:00:00.000Z',
};

describe('CalendarFeedCard', () => {
  beforeEach(() => {
    vi.mocked(notifySuccess).mockClear();
    vi.mocked(notifyError).mockClear();
  });

  it('shows both links, copies each, and adds to the calendar through webcal', async () => {
    mockApi({ [GET]: () => envelope(first) });
    const user = renderWithApp(<CalendarFeedCard />);
    expect(await screen.findByRole('heading', { name: 'Your interview calendar' })).toBeVisible();
    expect(await screen.findByLabelText('Calendar link')).toHaveValue(first.httpsUrl);
    expect(screen.getByLabelText('Webcal link')).toHaveValue(first.webcalUrl);
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', first.webcalUrl);

    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(screen.getByRole('button', { name: 'Copy calendar link' }));
    expect(writeText).toHaveBeenLastCalledWith(first.httpsUrl);
    await user.click(screen.getByRole('button', { name: 'Copy webcal link' }));
    expect(writeText).toHaveBeenLastCalledWith(first.webcalUrl);
    expect(notifySuccess).toHaveBeenCalledWith('Webcal link copied.');
  });

  it('says so when the browser refuses to copy', async () => {
    mockApi({ [GET]: () => envelope(first) });
    const user = renderWithApp(<CalendarFeedCard />);
    await screen.findByLabelText('Calendar link');
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy calendar link' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'The link could not be copied. Select it and copy it yourself.',
      ),
    );
  });

  it('resets the link only after a confirmation that the old one stops working', async () => {
    const { calls } = mockApi({ [GET]: () => envelope(first), [RESET]: () => envelope(second) });
    const user = renderWithApp(<CalendarFeedCard />);
    await screen.findByLabelText('Calendar link');

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    let dialog = screen.getByRole('dialog', { name: 'Reset your calendar link?' });
    expect(dialog).toHaveAccessibleDescription(/current link stops working/);
    await user.click(within(dialog).getByRole('button', { name: 'Keep the link' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    dialog = screen.getByRole('dialog', { name: 'Reset your calendar link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(screen.getByLabelText('Calendar link')).toHaveValue(second.httpsUrl));
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toHaveAttribute('href', second.webcalUrl);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(notifySuccess).toHaveBeenCalledWith(
      'Your calendar link is replaced. Subscribe again with the new one.',
    );
  });

  it('shows a failed reset and keeps the old link', async () => {
    mockApi({
      [GET]: () => envelope(first),
      [RESET]: () => failure('Too many requests. Try again in a minute.', 429, 'RATE_LIMITED'),
    });
    const user = renderWithApp(<CalendarFeedCard />);
    await screen.findByLabelText('Calendar link');
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset link' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith('Too many requests. Try again in a minute.'),
    );
    expect(screen.getByLabelText('Calendar link')).toHaveValue(first.httpsUrl);
  });

  it('shows loading, then an error with Try again', async () => {
    let shouldFail = true;
    mockApi({
      [GET]: () => (shouldFail ? failure('Something went wrong.', 500, 'INTERNAL') : envelope(first)),
    });
    const user = renderWithApp(<CalendarFeedCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading your calendar link');
    expect(await screen.findByText('Something went wrong.')).toBeVisible();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Calendar link')).toHaveValue(first.httpsUrl);
  });
});
