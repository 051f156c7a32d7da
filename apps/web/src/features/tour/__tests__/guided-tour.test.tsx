import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userUpdated } from '../../../features/auth/auth-slice.ts';
import { tourFlag } from '../../../lib/storage.ts';
import { envelope, makeSession, makeUser, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { placePopover } from '../guided-tour.tsx';
import { TOUR_START_DELAY_MS } from '../tour-launcher.tsx';

beforeEach(() => {
  // happy-dom lays nothing out; give every element a box so the tour's anchors count as shown.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(40, 120, 160, 40));
});

/** The organisation's jobs as the tour reads them: `total` jobs (a page of one is asked for). */
function jobsTotal(total: number) {
  return mockApi({
    'GET /api/employer/job/get-all-jobs/user-1': ({ url }) => {
      expect(url.searchParams.get('pageSize')).toBe('1');
      return envelope({ jobs: [], total, pageNumber: 1, pageSize: 1 });
    },
    'GET /api/employer/dashboard/get-summary/user-1': () => new Response('{}', { status: 500 }),
  });
}

async function openHome() {
  const app = renderApp('/home', { session: makeSession() });
  await screen.findByRole('heading', { name: 'Home', level: 1 });
  return app;
}

describe('the guided tour', () => {
  it('starts 2 s after arriving, walks the stops and remembers that it was finished', async () => {
    jobsTotal(0);
    const { user } = await openHome();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const first = await screen.findByRole('dialog', { name: 'Post your first job' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(first).toHaveTextContent('1 of 5');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Review applicants' })).toHaveTextContent('2 of 5');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('dialog', { name: 'Post your first job' })).toBeInTheDocument();

    for (let stop = 0; stop < 4; stop += 1) await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Your account' })).toHaveTextContent('5 of 5');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(tourFlag.isCompleted()).toBe(true);
  }, 15_000);

  it('does not offer "Post your first job" to an organisation that has jobs', async () => {
    const { calls } = jobsTotal(3);
    await openHome();
    const first = await screen.findByRole('dialog', { name: 'Review applicants' });
    expect(first).toHaveTextContent('1 of 4');
    expect(calls.some((call) => call.path === '/api/employer/job/get-all-jobs/user-1')).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Post your first job' })).not.toBeInTheDocument();
  }, 15_000);

  it('can be skipped with Escape, and then stays away', async () => {
    await openHome();
    const dialog = await screen.findByRole('dialog', { name: 'Post your first job' });
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('medhire.tourCompleted')).toBe('true');
  });

  it('does not start for someone who finished it', async () => {
    tourFlag.markCompleted();
    await openHome();
    await new Promise((resolve) => setTimeout(resolve, TOUR_START_DELAY_MS + 500));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  }, 15_000);

  it('is re-initialised 2 s after a user sync', async () => {
    const { store } = await openHome();
    await new Promise((resolve) => setTimeout(resolve, TOUR_START_DELAY_MS - 600));
    // A sync replaces the user: the 2-second wait starts again from here.
    const syncedAt = Date.now();
    act(() => {
      store.dispatch(userUpdated(makeUser({ currentProfileStep: 4 })));
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('dialog', { name: 'Post your first job' })).toBeInTheDocument();
    expect(Date.now() - syncedAt).toBeGreaterThanOrEqual(TOUR_START_DELAY_MS - 50);
  }, 15_000);
});

describe('placing the tour popover', () => {
  const viewport = { width: 1280, height: 800 };

  it('sits beside a sidebar item', () => {
    expect(placePopover({ top: 200, left: 16, width: 200, height: 40 }, viewport)).toMatchObject({
      left: 228,
      width: 320,
    });
  });

  it('sits below a top-bar control and stays inside the window', () => {
    const style = placePopover({ top: 12, left: 1180, width: 90, height: 40 }, viewport);
    expect(style).toMatchObject({ top: 64, width: 320 });
    expect(Number(style.left) + 320).toBeLessThanOrEqual(1280 - 12);
  });

  it('stays on screen when the page scrolls the anchor out of view, above or below', () => {
    const above = placePopover({ top: -400, left: 600, width: 120, height: 40 }, viewport);
    expect(above).toMatchObject({ top: 12 });
    const below = placePopover({ top: 1400, left: 600, width: 120, height: 40 }, viewport);
    expect(below).toMatchObject({ bottom: 12 });
    const justBelow = placePopover({ top: 790, left: 600, width: 120, height: 40 }, viewport);
    // Its whole estimated height fits between the window's top and bottom margins.
    expect(Number(justBelow.bottom)).toBeLessThanOrEqual(800 - 200 - 12);
    const scrolledSidebar = placePopover({ top: -200, left: 16, width: 200, height: 40 }, viewport);
    expect(scrolledSidebar).toMatchObject({ top: 12, left: 228 });
  });

  it('goes above an anchor near the bottom, and fits a phone', () => {
    const style = placePopover({ top: 760, left: 100, width: 120, height: 30 }, { width: 320, height: 800 });
    expect(style).toMatchObject({ bottom: 52, width: 296, left: 12 });
  });
});
