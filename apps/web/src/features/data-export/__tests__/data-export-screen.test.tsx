import type { TDataExport } from '@medhire/contract/data-export';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { formatBytes } from '../data-export-status.ts';

const LIST = 'GET /api/employer/data-export/get-exports';
const REQUEST = 'POST /api/employer/data-export/request-export';
const session = makeSession();

function item(overrides: Partial<TDataExport> = {}): TDataExport {
  return {
    _id: 'export-1',
    status: 'ready',
    requestedBy: 'Olivia Owner',
    sizeBytes: 48_213,
    createdAt: '2026-11-20T15:00:00.000Z',
    completedAt: '2026-11-20T15:00:05.000Z',
    expiresAt: '2026-11-27T15:00:05.000Z',
    isExpired: false,
    downloadUrl: '/api/employer/data-export/download/export-1',
    ...overrides,
  };
}

const list = (items: TDataExport[]) => envelope({ items, total: items.length, pageNumber: 1, pageSize: 10 });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('/settings/data-export', () => {
  it('lists past exports with status, size and expiry, and downloads one with the session token', async () => {
    let authorization: string | null = null;
    mockApi({
      [LIST]: () =>
        list([
          item(),
          item({
            _id: 'export-0',
            isExpired: true,
            downloadUrl: null,
            createdAt: '2026-10-01T10:00:00.000Z',
          }),
        ]),
      'GET /api/employer/data-export/download/export-1': ({ headers }) => {
        authorization = headers.get('Authorization');
        return new Response(new Blob(['PK']), {
          status: 200,
          headers: { 'Content-Type': 'application/zip' },
        });
      },
    });
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:export'), revokeObjectURL: vi.fn() });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const { user } = renderApp('/settings/data-export', { session });
    const table = await screen.findByRole('table', { name: 'Past exports' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Ready');
    expect(rows[1]).toHaveTextContent('47 KB');
    expect(rows[1]).toHaveTextContent('Nov 27, 2026');
    expect(rows[2]).toHaveTextContent('Expired');
    expect(within(rows[2] as HTMLElement).queryByRole('button')).toBeNull();

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Download the export of/ }));
    await waitFor(() => expect(saved).toEqual(['medhire-export-2026-11-20.zip']));
    expect(authorization).toBe('token-1');
  });

  it('requests an export and polls until it is ready', async () => {
    let state: TDataExport['status'] | 'none' = 'none';
    const { calls } = mockApi({
      [LIST]: () =>
        list(
          state === 'none'
            ? []
            : [
                item({
                  status: state,
                  ...(state === 'ready' ? {} : { sizeBytes: null, downloadUrl: null, expiresAt: null }),
                }),
              ],
        ),
      [REQUEST]: () => {
        state = 'queued';
        return envelope(item({ status: 'queued', sizeBytes: null, downloadUrl: null, expiresAt: null }));
      },
    });
    const { user } = renderApp('/settings/data-export', { session });
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request export' }));
    expect(await screen.findByText(/Preparing your export/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request export' })).toBeNull();

    state = 'ready';
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 3200));
    });
    expect(await screen.findByRole('button', { name: /Download the export of/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Request export' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path.endsWith('get-exports')).length).toBeGreaterThanOrEqual(3);
  }, 10_000);

  it('shows the server’s refusal and a failed list with a retry', async () => {
    let isFailing = true;
    mockApi({
      [LIST]: () => (isFailing ? failure('The server is busy.', 503, 'UNAVAILABLE') : list([])),
      [REQUEST]: () => failure('An export is already being prepared.', 409, 'CONFLICT'),
    });
    const { user } = renderApp('/settings/data-export', { session });
    expect(await screen.findByText("We couldn't load your exports")).toBeInTheDocument();
    isFailing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No exports yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Request export' }));
    expect(await screen.findByText('An export is already being prepared.')).toBeInTheDocument();
  });

  it('tells a member without the right', async () => {
    mockApi({});
    renderApp('/settings/data-export', {
      session: makeSession({ user: { rights: ['activity.read'] } as never }),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: "This page isn't available for your role" }),
    ).toBeInTheDocument();
  });

  it('formats sizes', () => {
    expect(formatBytes(900)).toBe('900 B');
    expect(formatBytes(48_213)).toBe('47 KB');
    expect(formatBytes(3_565_158)).toBe('3.4 MB');
  });
});
