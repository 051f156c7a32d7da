import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { type ListParams, useListParams } from '../components/applicant-list.tsx';

/** Renders the hook on a page of a memory router and hands out its latest value and the URL. */
function renderListParams(initialPath: string) {
  const seen: { params: ListParams | null; search: string } = { params: null, search: '' };
  function Probe() {
    seen.params = useListParams();
    seen.search = useLocation().search;
    return null;
  }
  const router = createMemoryRouter([{ path: '/applicants', Component: Probe }], {
    initialEntries: [initialPath],
  });
  render(<RouterProvider router={router} />);
  return seen;
}

describe('useListParams', () => {
  it('keeps both of two changes made before the list renders again', async () => {
    const seen = renderListParams('/applicants?page=3');
    const first = seen.params as ListParams;
    await act(async () => {
      // The same render's handlers, as a filter and then the sort fire within one frame.
      first.updateParams({ pipeline: 'interview' });
      first.updateParams({ sort: 'newest' });
    });
    const url = new URLSearchParams(seen.search);
    expect(url.get('pipeline')).toBe('interview');
    expect(url.get('sort')).toBe('newest');
    // A filter change starts again at the first page.
    expect(url.get('page')).toBeNull();
  });

  it('starts from the URL as it is once the list has rendered it', async () => {
    const seen = renderListParams('/applicants?pipeline=interview');
    await act(async () => (seen.params as ListParams).updateParams({ sort: 'newest' }));
    await act(async () => (seen.params as ListParams).updateParams({ pipeline: '', page: '2' }));
    const url = new URLSearchParams(seen.search);
    expect(url.get('pipeline')).toBeNull();
    expect(url.get('sort')).toBe('newest');
    expect(url.get('page')).toBe('2');
  });
});
