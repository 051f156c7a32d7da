import { describe, expect, it } from 'vitest';
import { filtersFromSearchParams, searchParamsOf, viewLink } from '../view-params.ts';

describe('saved view filters and the list URL', () => {
  it('reads the list’s URL parameters under the list query’s names, leaving out the page and tab', () => {
    const params = new URLSearchParams(
      'q=jane&job=job-1&specialty=cardiology&state=TX&board=board-certified&pipeline=Interview&assignee=me&sort=name&page=3&tab=all',
    );
    expect(filtersFromSearchParams(params)).toEqual({
      queryText: 'jane',
      jobId: 'job-1',
      specialty: 'cardiology',
      state: 'TX',
      boardStatus: 'board-certified',
      pipelineStatus: 'Interview',
      assigneeId: 'me',
      sort: 'name',
    });
    expect(filtersFromSearchParams(new URLSearchParams('q=%20%20&page=2'))).toEqual({});
  });

  it('opens a list view at the list URL with its filters, and a board view at its job', () => {
    const filters = { queryText: '', state: 'TX', pipelineStatus: 'Offer' as const, sort: 'newest' as const };
    expect(viewLink({ kind: 'list', filters })).toBe('/applicants?state=TX&pipeline=Offer');
    expect(viewLink({ kind: 'list', filters: { queryText: '', sort: 'experience' } })).toBe(
      '/applicants?sort=experience',
    );
    expect(viewLink({ kind: 'list', filters: { queryText: '', sort: 'newest' } })).toBe('/applicants');
    expect(viewLink({ kind: 'board', filters: { queryText: '', sort: 'newest', jobId: 'job 1' } })).toBe(
      '/jobs-resident/job%201',
    );
  });

  it('round-trips: a view saved from a URL opens the same URL', () => {
    const url = 'q=doe&state=CA&sort=oldest';
    const filters = filtersFromSearchParams(new URLSearchParams(url));
    expect(searchParamsOf(filters)).toBe('?q=doe&state=CA&sort=oldest');
  });

  it('keeps the list grouped by physician in the view, and opens it grouped', () => {
    const filters = filtersFromSearchParams(new URLSearchParams('pipeline=Offer&group=physician'));
    expect(filters).toEqual({ pipelineStatus: 'Offer', groupBy: 'physician' });
    expect(searchParamsOf(filters)).toBe('?pipeline=Offer&group=physician');
  });
});
