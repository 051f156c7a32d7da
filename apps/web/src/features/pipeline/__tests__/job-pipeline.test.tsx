import type { TApplicant } from '@medhire/contract/applicants';
import { notifyError, notifySuccess } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeJob } from '../../jobs/__tests__/job-fixtures.ts';
import { list, makeApplicant, makeApplication, makeMatch } from './pipeline-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const session = makeSession();

const okafor = makeApplicant({
  firstName: 'Ada',
  lastName: 'Okafor',
  applications: [
    makeApplication({ _id: 'application-okafor', pipelineStatus: 'Shortlisted', source: 'match' }),
  ],
});
const reyes = makeApplicant({
  firstName: 'Luis',
  lastName: 'Reyes',
  specialty: { _id: 'cardiology', title: 'Cardiology' },
  yearsOfExperience: 14,
  applications: [makeApplication({ _id: 'application-reyes', pipelineStatus: 'Submitted' })],
});
const chen = makeApplicant({
  firstName: 'Mei',
  lastName: 'Chen',
  applications: [makeApplication({ _id: 'application-chen', pipelineStatus: 'Hired' })],
});

function pipelineApi(applicants: TApplicant[], overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/job/get-single-job/job-1': () =>
      envelope(makeJob({ applicantCount: applicants.length })),
    'GET /api/employer/applicant/get-all-applicants/user-1': () => envelope(list('applicants', applicants)),
    ...overrides,
  });
}

const column = (stage: string) => screen.getByRole('region', { name: new RegExp(`^${stage}\\b`) });

describe("a job's pipeline board", () => {
  it('puts each applicant in the column of their stage, from the API', async () => {
    const { calls } = pipelineApi([okafor, reyes, chen]);
    renderApp('/jobs-resident/job-1', { session });
    expect(
      await screen.findByRole('heading', { name: 'Interventional Cardiologist', level: 1 }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Dr. Ada Okafor' });

    // Hiring order, then the exit (Rejected) set apart.
    const stages = ['Submitted', 'Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected'];
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.map((text) => text?.replace(/\d.*$/, ''))).toEqual(stages);

    expect(within(column('Shortlisted')).getByRole('link', { name: 'Dr. Ada Okafor' })).toHaveAttribute(
      'href',
      '/applicants/physician-okafor',
    );
    expect(within(column('Submitted')).getByText('14 years experience')).toBeInTheDocument();
    expect(within(column('Submitted')).getByText('Applied Nov 3, 2026')).toBeInTheDocument();
    expect(within(column('Hired')).getByRole('link', { name: 'Dr. Mei Chen' })).toBeInTheDocument();
    expect(within(column('Interview')).getByText('No one at this stage')).toBeInTheDocument();
    expect(within(column('Rejected')).getByText('Out of the pipeline')).toBeInTheDocument();
    expect(within(column('Hired')).queryByText('Out of the pipeline')).toBeNull();

    const request = calls.find((call) => call.path === '/api/employer/applicant/get-all-applicants/user-1');
    expect(request).toBeDefined();
    expect(screen.getByRole('link', { name: 'Edit job' })).toHaveAttribute('href', '/edit-job/job-1');
  });

  it('messages an applicant from their card and opens the conversation about this job', async () => {
    const conversation = {
      _id: 'conversation-reyes',
      messages: [],
      lastMessage: null,
      employerCount: 0,
      applicant: { _id: 'physician-reyes', fullName: 'Dr. Luis Reyes', photo: null, specialty: 'Cardiology' },
      job: { _id: 'job-1', title: 'Interventional Cardiologist' },
      matchId: null,
      isArchived: false,
      updatedAt: '2026-11-20T10:00:00.000Z',
    };
    const { calls } = pipelineApi([okafor, reyes], {
      'POST /api/employer/conversation/start-conversation/application-reyes': () => envelope(conversation),
      'GET /api/employer/conversation/get-all-conversation/user-1': () => envelope([conversation]),
      'GET /api/employer/conversation/get-single-conversation/conversation-reyes': () =>
        envelope(conversation),
      'GET /api/employer/conversation/sync': () => envelope({ changes: [], nextCursor: '1', hasMore: false }),
    });
    const { user, router } = renderApp('/jobs-resident/job-1', { session });
    await screen.findByRole('link', { name: 'Dr. Luis Reyes' });

    await user.click(
      within(column('Submitted')).getByRole('button', {
        name: 'Message Dr. Luis Reyes about Interventional Cardiologist',
      }),
    );

    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/messages?conversationId=conversation-reyes',
      ),
    );
    expect(calls.filter((call) => call.path.includes('/start-conversation/'))).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/api/employer/conversation/start-conversation/application-reyes',
      }),
    ]);
  });

  it('brings the applicant a notification names into view: focused, marked, and no one else', async () => {
    pipelineApi([okafor, reyes, chen]);
    renderApp(`/jobs-resident/job-1?applicant=${reyes._id}`, { session });
    const link = await screen.findByRole('link', { name: 'Dr. Luis Reyes' });
    await waitFor(() => expect(link).toHaveFocus());
    expect(link.closest('li')).toHaveClass('pipeline-card--in-view');
    expect(screen.getByRole('link', { name: 'Dr. Ada Okafor' }).closest('li')).not.toHaveClass(
      'pipeline-card--in-view',
    );
  });

  it('leaves focus alone without an applicant to bring into view', async () => {
    pipelineApi([okafor, reyes]);
    renderApp('/jobs-resident/job-1', { session });
    const link = await screen.findByRole('link', { name: 'Dr. Luis Reyes' });
    expect(link).not.toHaveFocus();
    expect(document.querySelector('.pipeline-card--in-view')).toBeNull();
  });

  it('asks for the job and a page of 200 of its applicants', async () => {
    const seen: URLSearchParams[] = [];
    pipelineApi([], {
      'GET /api/employer/applicant/get-all-applicants/user-1': ({ url }) => {
        seen.push(url.searchParams);
        return envelope(list('applicants', []));
      },
    });
    renderApp('/jobs-resident/job-1', { session });
    expect(
      await screen.findByRole('heading', { name: 'No applicants yet for this job' }),
    ).toBeInTheDocument();
    expect(seen[0]?.get('jobId')).toBe('job-1');
    expect(seen[0]?.get('pageSize')).toBe('200');
  });

  it('moves a card with the keyboard "Move to" menu, saves it and announces it', async () => {
    const { calls } = pipelineApi([okafor, reyes], {
      'PATCH /api/employer/applicant/update-pipeline-status/application-reyes': ({ body }) =>
        envelope({
          ...reyes,
          applications: [
            makeApplication({
              _id: 'application-reyes',
              pipelineStatus: (body as { pipelineStatus: 'Interview' }).pipelineStatus,
              updatedAt: '2026-11-20T09:00:00.000Z',
            }),
          ],
        }),
    });
    const { user, store } = renderApp('/jobs-resident/job-1', { session });
    const moveButton = await screen.findByRole('button', { name: 'Move Dr. Luis Reyes' });

    moveButton.focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Move Dr. Luis Reyes to' });
    expect(within(menu).queryByRole('menuitem', { name: 'Submitted' })).toBeNull();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Shortlisted', 'Interview', 'Offer', 'Hired', 'Rejected']);
    // The exit stage sits after a separator, apart from the hiring stages.
    expect(within(menu).getByRole('separator').nextElementSibling).toHaveTextContent('Rejected');
    await user.keyboard('{ArrowDown}{Enter}');

    await waitFor(() =>
      expect(within(column('Interview')).getByRole('link', { name: 'Dr. Luis Reyes' })).toBeInTheDocument(),
    );
    expect(within(column('Submitted')).queryByRole('link', { name: 'Dr. Luis Reyes' })).toBeNull();
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe('/api/employer/applicant/update-pipeline-status/application-reyes');
    expect(patch?.body).toEqual({ pipelineStatus: 'Interview' });
    expect(await screen.findByText('Dr. Luis Reyes moved to Interview.')).toBeInTheDocument();
    // The answer replaced the applicant in the store (spec §4).
    const stored = store.getState().applicants.applicants.applicants as TApplicant[];
    expect(stored.find((entry) => entry._id === reyes._id)?.applications[0]?.pipelineStatus).toBe(
      'Interview',
    );
    // Focus stays on the moved card.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Dr. Luis Reyes' })).toHaveFocus());
  });

  it('puts a card back and shows why when the server refuses the move', async () => {
    pipelineApi([okafor, reyes], {
      'PATCH /api/employer/applicant/update-pipeline-status/application-okafor': () =>
        failure('We could not find that application.', 404, 'NOT_FOUND'),
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    await user.click(await screen.findByRole('button', { name: 'Move Dr. Ada Okafor' }));
    await user.click(screen.getByRole('menuitem', { name: 'Offer' }));

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('We could not find that application.'));
    await waitFor(() =>
      expect(within(column('Shortlisted')).getByRole('link', { name: 'Dr. Ada Okafor' })).toBeInTheDocument(),
    );
    expect(within(column('Offer')).queryByRole('link', { name: 'Dr. Ada Okafor' })).toBeNull();
    expect(
      screen.getByText(/Dr\. Ada Okafor could not be moved and stays in Shortlisted\./),
    ).toBeInTheDocument();
  });

  it('shows an error with a retry when the applicants cannot be loaded', async () => {
    let attempts = 0;
    pipelineApi([], {
      'GET /api/employer/applicant/get-all-applicants/user-1': () => {
        attempts += 1;
        return attempts === 1
          ? failure('Network Error.!', 500, 'INTERNAL')
          : envelope(list('applicants', [okafor]));
      },
    });
    const { user } = renderApp('/jobs-resident/job-1', { session });
    expect(await screen.findByText("We couldn't load this job's applicants")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Dr. Ada Okafor' })).toBeInTheDocument();
  });
});

describe("a job's matches", () => {
  const pending = makeMatch();
  const accepted = makeMatch({
    _id: 'match-2',
    status: 'accepted',
    applicant: { ...makeMatch().applicant, _id: 'physician-reyes', fullName: 'Dr. Luis Reyes' },
    createdAt: '2026-11-01T10:00:00.000Z',
    respondedAt: '2026-11-06T10:00:00.000Z',
    conversationId: 'conversation-9',
  });

  it('filters by status, cancels a pending invite after confirming, and links accepted ones to their conversation', async () => {
    const seenStatuses: (string | null)[] = [];
    const { calls } = pipelineApi([], {
      'GET /api/employer/match/get-matches-by-job/job-1': ({ url }) => {
        const status = url.searchParams.get('status');
        seenStatuses.push(status);
        const matches = [pending, accepted].filter((match) => !status || match.status === status);
        return envelope(list('matches', matches));
      },
      'PATCH /api/employer/match/update-match-status/match-1': () =>
        envelope({ ...pending, status: 'cancelled', respondedAt: '2026-11-21T10:00:00.000Z' }),
    });
    const { user, store } = renderApp('/jobs-resident/job-1', { session });
    await user.click(await screen.findByRole('tab', { name: /Invites/ }));

    const rows = await screen.findByRole('list', { name: 'Invites' });
    expect(within(rows).getByText('Pending')).toBeInTheDocument();
    expect(within(rows).getByText('Nov 4, 2026')).toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: 'Open conversation with Dr. Luis Reyes' })).toHaveAttribute(
      'href',
      '/messages?conversationId=conversation-9',
    );

    await user.click(screen.getByRole('radio', { name: 'Accepted' }));
    await waitFor(() => expect(seenStatuses.at(-1)).toBe('accepted'));
    await waitFor(() => expect(screen.queryByRole('button', { name: /Cancel invite/ })).toBeNull());
    await user.click(screen.getByRole('radio', { name: 'All' }));

    await user.click(await screen.findByRole('button', { name: 'Cancel invite to Dr. Ada Okafor' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invite' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const patch = calls.find((call) => call.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'cancelled' });
    expect(within(screen.getByRole('list', { name: 'Invites' })).getByText('Canceled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel invite to Dr. Ada Okafor' })).toBeNull();
    expect(notifySuccess).toHaveBeenCalledWith('The invite to Dr. Ada Okafor is canceled.');
    expect(
      store.getState().matches.matchesByJob.matches.find((match) => match._id === 'match-1')?.status,
    ).toBe('cancelled');
  });

  it("opens a declined invite's notification on the job's invites with that physician's row in view", async () => {
    pipelineApi([], {
      'GET /api/employer/match/get-matches-by-job/job-1': () => envelope(list('matches', [pending])),
    });
    renderApp(`/jobs-resident/job-1?tab=invites&applicant=${pending.applicant._id}`, { session });
    const link = await screen.findByRole('link', { name: pending.applicant.fullName });
    await waitFor(() => expect(link).toHaveFocus());
    expect(link.closest('li')).toHaveClass('match-row--in-view');
    expect(screen.getByRole('tab', { name: /Invites/ })).toHaveAttribute('aria-selected', 'true');
  });

  it("shows the server's refusal of a cancel as an error and keeps the invite pending", async () => {
    pipelineApi([], {
      'GET /api/employer/match/get-matches-by-job/job-1': () => envelope(list('matches', [pending])),
      'PATCH /api/employer/match/update-match-status/match-1': () =>
        failure('This invite was already accepted; its status can no longer change.', 422, 'BUSINESS_RULE'),
    });
    const { user } = renderApp('/jobs-resident/job-1?tab=matches', { session });
    await user.click(await screen.findByRole('button', { name: 'Cancel invite to Dr. Ada Okafor' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel invite' }));
    await waitFor(() =>
      expect(notifyError).toHaveBeenCalledWith(
        'This invite was already accepted; its status can no longer change.',
      ),
    );
    expect(within(screen.getByRole('list', { name: 'Invites' })).getByText('Pending')).toBeInTheDocument();
  });
});

describe("a job's recommended physicians", () => {
  it('shows the next page of the ranking below the first with "Show more physicians"', async () => {
    const ranked = (applicant: TApplicant, score: number) => ({
      ...applicant,
      score,
      reasons: ['Board certified'],
    });
    const pages = new Map([
      ['1', { ...list('applicants', [ranked(okafor, 98), ranked(reyes, 91)]), total: 3 }],
      ['2', { ...list('applicants', [ranked(chen, 80)]), total: 3, pageNumber: 2 }],
    ]);
    const seen: (string | null)[] = [];
    pipelineApi([], {
      'GET /api/employer/applicant/get-recommended-applicants/job-1': ({ url }) => {
        seen.push(url.searchParams.get('pageNumber'));
        return envelope(pages.get(url.searchParams.get('pageNumber') ?? '1'));
      },
    });
    renderApp('/jobs-resident/job-1?tab=recommended', { session });

    const ranking = await screen.findByRole('list', { name: /Recommended physicians for/ });
    expect(within(ranking).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(screen.getByText('Showing 2 of 3')).toBeInTheDocument();

    screen.getByRole('button', { name: 'Show more physicians' }).click();
    await screen.findByRole('link', { name: 'Dr. Mei Chen' });
    expect(within(ranking).getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(seen).toEqual([null, '2']);
    expect(screen.queryByRole('button', { name: 'Show more physicians' })).not.toBeInTheDocument();
  });
});
