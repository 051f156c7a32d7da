import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { applicantList, johnSmith, makeApplicant } from './applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const janeDoe = makeApplicant();
const jobs = [makeJob(), makeJob({ _id: 'job-2', title: 'Family Physician', specialty: 'family-medicine' })];

function listApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs, total: 2, pageNumber: 1, pageSize: 200 }),
    'GET /api/employer/applicant/get-all-applicants/user-1': ({ url }) => {
      const text = (url.searchParams.get('queryText') ?? '').toLowerCase();
      const specialty = url.searchParams.get('specialty');
      const found = [janeDoe, johnSmith].filter(
        (applicant) =>
          applicant.fullName.toLowerCase().includes(text) &&
          (!specialty || applicant.specialty._id === specialty),
      );
      return envelope(applicantList(found));
    },
    ...overrides,
  });
}

const requestsTo = (fetchMock: ReturnType<typeof mockApi>['fetchMock'], part: string) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname.includes(part));

const search = (router: ReturnType<typeof renderApp>['router']) =>
  new URLSearchParams(router.state.location.search);

describe('the applicants list', () => {
  it('shows each applicant as a card with their profile, board status and pipeline stage', async () => {
    listApi();
    renderApp('/applicants', { session });
    const list = await screen.findByRole('list', { name: 'Applicants' });
    const jane = within(list).getByRole('article', { name: 'Dr. Jane Doe' });
    expect(within(jane).getByRole('link', { name: 'Dr. Jane Doe' })).toHaveAttribute(
      'href',
      '/applicants/physician-1',
    );
    expect(jane).toHaveTextContent('Cardiology · Interventional Cardiology');
    expect(jane).toHaveTextContent('Austin, TX');
    expect(jane).toHaveTextContent('8 years of experience');
    expect(jane).toHaveTextContent('Available 2027');
    expect(within(jane).getByText('Board certified')).toBeInTheDocument();
    expect(within(jane).getByRole('list', { name: 'With your jobs' })).toHaveTextContent(
      'Interventional CardiologistSubmitted',
    );
    expect(within(jane).getByRole('button', { name: 'Save Dr. Jane Doe' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    const john = within(list).getByRole('article', { name: 'Dr. John Smith' });
    expect(within(john).getByText('Needs visa sponsorship')).toBeInTheDocument();
    expect(within(john).getByRole('button', { name: 'Save Dr. John Smith' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      'Showing 1–2 of 2 physicians',
    );
  });

  it('keeps the search and filters in the URL and asks the server with them', async () => {
    const { fetchMock } = listApi();
    const { user, router } = renderApp('/applicants', { session });
    await screen.findByRole('list', { name: 'Applicants' });

    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'jane');
    await waitFor(() => expect(search(router).get('q')).toBe('jane'));
    await waitFor(() => expect(screen.queryByText('Dr. John Smith')).not.toBeInTheDocument());
    // One physician found reads "1 physician", not "1 physicians".
    await waitFor(() =>
      expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
        'Showing 1–1 of 1 physician',
      ),
    );
    expect(screen.getByRole('navigation', { name: 'Pages' })).not.toHaveTextContent('physicians');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Specialty' }), 'family-medicine');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Pipeline stage' }), 'Interview');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'experience');
    await waitFor(() => expect(search(router).get('sort')).toBe('experience'));
    expect(search(router).get('specialty')).toBe('family-medicine');
    expect(search(router).get('pipeline')).toBe('Interview');
    expect(await screen.findByRole('heading', { name: 'No applicants match' })).toBeInTheDocument();

    const sent = requestsTo(fetchMock, 'get-all-applicants');
    const last = sent.at(-1)?.searchParams;
    expect(last?.get('queryText')).toBe('jane');
    expect(last?.get('specialty')).toBe('family-medicine');
    expect(last?.get('pipelineStatus')).toBe('Interview');
    expect(last?.get('sort')).toBe('experience');
    expect(last?.get('pageSize')).toBe('20');
    // The name is sent once typing settles, not once per key.
    expect(sent.filter((url) => url.searchParams.get('queryText') === 'ja')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('article', { name: 'Dr. John Smith' })).toBeInTheDocument();
  });

  it('starts from the URL and pages through the list', async () => {
    const { fetchMock } = listApi({
      'GET /api/employer/applicant/get-all-applicants/user-1': ({ url }) => {
        const page = Number(url.searchParams.get('pageNumber'));
        return envelope(applicantList(page === 2 ? [johnSmith] : [janeDoe], 312, page));
      },
    });
    const { user, router } = renderApp('/applicants?state=TX&board=board-certified', { session });
    await screen.findByRole('list', { name: 'Applicants' });
    expect(screen.getByRole('combobox', { name: 'State' })).toHaveValue('TX');
    expect(screen.getByRole('combobox', { name: 'Board status' })).toHaveValue('board-certified');
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(pager).toHaveTextContent('Showing 1–1 of 312 physicians');
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('article', { name: 'Dr. John Smith' })).toBeInTheDocument();
    expect(search(router).get('page')).toBe('2');
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      'Showing 21–21 of 312 physicians',
    );
    const last = requestsTo(fetchMock, 'get-all-applicants').at(-1)?.searchParams;
    expect(last?.get('pageNumber')).toBe('2');
    expect(last?.get('state')).toBe('TX');
    expect(last?.get('boardStatus')).toBe('board-certified');
  });

  it('saves an applicant and shows the answer in the list', async () => {
    const { calls } = listApi({
      'POST /api/employer/applicant/save-applicant/physician-1': () =>
        envelope({ ...janeDoe, isSaved: true }),
    });
    const { user, store } = renderApp('/applicants', { session });
    const jane = await screen.findByRole('article', { name: 'Dr. Jane Doe' });
    await user.click(within(jane).getByRole('button', { name: 'Save Dr. Jane Doe' }));
    await waitFor(() =>
      expect(within(jane).getByRole('button', { name: 'Save Dr. Jane Doe' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(store.getState().applicants.applicants.applicants[0]).toMatchObject({
      _id: 'physician-1',
      isSaved: true,
    });
  });

  it('removes an unsaved physician from the Saved tab', async () => {
    const { calls } = listApi({
      'GET /api/employer/applicant/get-saved-applicants/user-1': () =>
        envelope(applicantList([{ ...janeDoe, isSaved: true }, johnSmith])),
      'DELETE /api/employer/applicant/unsave-applicant/physician-2': () => envelope({ _id: 'physician-2' }),
    });
    const { user, store, router } = renderApp('/applicants', { session });
    await screen.findByRole('list', { name: 'Applicants' });

    await user.click(screen.getByRole('tab', { name: 'Saved' }));
    expect(search(router).get('tab')).toBe('saved');
    const list = await screen.findByRole('list', { name: 'Saved physicians' });
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      'Showing 1–2 of 2 physicians',
    );

    await user.click(within(list).getByRole('button', { name: 'Save Dr. John Smith' }));
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Dr. John Smith' })).not.toBeInTheDocument(),
    );
    expect(within(list).getByRole('article', { name: 'Dr. Jane Doe' })).toBeInTheDocument();
    expect(store.getState().applicants.savedApplicants.map((applicant) => applicant._id)).toEqual([
      'physician-1',
    ]);
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/employer/applicant/unsave-applicant/physician-2',
    ]);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toHaveTextContent('Showing 1–1 of 1 physician');
  });

  it('shows recommended physicians for the chosen job with their score and reasons, each fact once', async () => {
    const reasons = [
      'Sub-specialty: Interventional Cardiology',
      'Board certified',
      '8 years of experience, 10 asked',
      'Available 2027',
      'Lives 12 miles away',
    ];
    const { fetchMock } = listApi({
      'GET /api/employer/applicant/get-recommended-applicants/job-1': () =>
        envelope(applicantList([{ ...janeDoe, score: 92, reasons }])),
    });
    renderApp('/applicants?tab=recommended', { session });
    const card = await screen.findByRole('article', { name: 'Dr. Jane Doe' });
    expect(within(card).getByRole('meter', { name: 'Fit score' })).toHaveAttribute(
      'aria-valuetext',
      '92 out of 100',
    );
    // The reasons the card already states (board status, experience, start year, sub-specialty)
    // are not repeated; the experience reason's "asked" takes the place of the plain fact.
    const why = within(card).getByRole('list', { name: 'Why they fit' });
    expect(
      within(why)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Lives 12 miles away']);
    expect(within(card).getAllByText(/Board certified/)).toHaveLength(1);
    expect(within(card).getAllByText(/years of experience/)).toHaveLength(1);
    expect(within(card).getByText('8 years of experience, 10 asked')).toBeInTheDocument();
    expect(within(card).getAllByText(/Available 2027/)).toHaveLength(1);
    expect(within(card).getAllByText(/Interventional Cardiology/)).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Recommended for' })).toHaveValue('job-1');
    expect(requestsTo(fetchMock, 'get-recommended-applicants')).toHaveLength(1);
  });

  it('shows the list as a compact table when asked, and remembers the choice', async () => {
    listApi();
    const { user, unmount } = renderApp('/applicants', { session });
    await screen.findByRole('list', { name: 'Applicants' });
    const view = screen.getByRole('group', { name: 'Show applicants as' });
    expect(within(view).getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(view).getByRole('button', { name: 'Table' }));
    expect(within(view).getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(view).getByRole('button', { name: 'Cards' })).toHaveAttribute('aria-pressed', 'false');
    const table = screen.getByRole('table', { name: 'Applicants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Select', 'Name', 'Specialty', 'Experience', 'State', 'Board status', 'Available', 'Actions']);
    const jane = within(table).getByRole('row', { name: /Dr\. Jane Doe/ });
    expect(within(jane).getByRole('link', { name: 'Dr. Jane Doe' })).toHaveAttribute(
      'href',
      '/applicants/physician-1',
    );
    expect(jane).toHaveTextContent('Cardiology');
    expect(jane).toHaveTextContent('8 years');
    expect(jane).toHaveTextContent('TX');
    expect(jane).toHaveTextContent('Board certified');
    expect(jane).toHaveTextContent('2027');
    expect(within(jane).getByRole('button', { name: 'Save Dr. Jane Doe' })).toBeInTheDocument();
    expect(within(jane).getByRole('button', { name: 'Invite Dr. Jane Doe to a job' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Applicants' })).toBeNull();
    expect(localStorage.getItem('medhire.applicantsView')).toBe('"table"');

    // The next visit opens as the table.
    unmount();
    renderApp('/applicants', { session });
    expect(await screen.findByRole('table', { name: 'Applicants' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Table' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offers a retry when the list cannot load', async () => {
    let shouldFail = true;
    listApi({
      'GET /api/employer/applicant/get-all-applicants/user-1': () =>
        shouldFail ? new Response('<html>Bad gateway</html>', { status: 502 }) : envelope(applicantList([])),
    });
    const { user } = renderApp('/applicants', { session });
    expect(await screen.findByText("We couldn't load your applicants")).toBeInTheDocument();
    shouldFail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No applicants yet' })).toBeInTheDocument();
  });
});
