import { notifyError } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { makeApplicant, makeApplication } from './applicant-fixtures.ts';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyError: vi.fn(),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
  notifyInfo: vi.fn(),
}));

const session = makeSession();
const janeDoe = makeApplicant({
  cvUrl: '/uploads/cv/jane-doe.pdf',
  coverLetter: undefined,
  matches: [
    {
      _id: 'match-1',
      jobId: 'job-9',
      jobTitle: 'Heart Failure Specialist',
      status: 'pending',
      createdAt: '2026-11-10T09:00:00.000Z',
      conversationId: null,
    },
  ],
} as never);

function profileApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/applicant/get-single-applicant/physician-1': () => envelope(janeDoe),
    'GET /api/employer/interview/get-interviews': () => envelope({ interviews: [] }),
    ...overrides,
  });
}

describe('the applicant profile', () => {
  it('shows the full profile with the CV link', async () => {
    profileApi();
    renderApp('/applicants/physician-1', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Jane Doe' })).toBeInTheDocument();
    const facts = screen.getByRole('region', { name: 'Profile' });
    expect(facts).toHaveTextContent('Board statusBoard certified');
    expect(facts).toHaveTextContent('States of interestTexas, Colorado');
    expect(facts).toHaveTextContent('NPI number1234567893');
    expect(within(facts).getByRole('link', { name: /Open CV/ })).toHaveAttribute(
      'href',
      '/uploads/cv/jane-doe.pdf',
    );
  });

  it('moves an application to another stage and shows the change in its timeline', async () => {
    let answer: (response: Response) => void = () => {};
    const moved = makeApplicant({
      ...janeDoe,
      applications: [
        makeApplication({
          pipelineStatus: 'Interview',
          history: [
            ...(makeApplication().history ?? []),
            {
              _id: 'event-2',
              fromStatus: 'Submitted',
              toStatus: 'Interview',
              actor: 'employer',
              changedBy: 'partner@lakeside-clinic.org',
              changedByName: 'Pat Partner',
              changedAt: '2026-11-12T16:30:00.000Z',
            },
          ],
        }),
      ],
    });
    const { calls } = profileApi({
      'PATCH /api/employer/applicant/update-pipeline-status/application-1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    const { user, store } = renderApp('/applicants/physician-1', { session });
    const application = await screen.findByRole('article', {
      name: 'Application to Interventional Cardiologist',
    });
    const timeline = within(application).getByRole('list', {
      name: 'History of the application to Interventional Cardiologist',
    });
    expect(within(timeline).getAllByRole('listitem')).toHaveLength(1);
    expect(timeline).toHaveTextContent('Applied · Submitted');
    expect(timeline).toHaveTextContent('by the physician · Oct 20, 2026');

    const stage = within(application).getByRole('combobox', {
      name: 'Pipeline stage for Interventional Cardiologist',
    });
    expect(stage).toHaveValue('Submitted');
    await user.selectOptions(stage, 'Interview');

    // Nothing is stored until the server answers; meanwhile the control waits.
    expect(await within(application).findByRole('status')).toHaveTextContent('Moving to Interview…');
    expect(stage).toBeDisabled();
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ pipelineStatus: 'Interview' });
    expect(store.getState().applicants.singleApplicant).toMatchObject({
      applications: [{ pipelineStatus: 'Submitted' }],
    });

    answer(envelope(moved));
    await waitFor(() => expect(within(timeline).getAllByRole('listitem')).toHaveLength(2));
    const [newest] = within(timeline).getAllByRole('listitem');
    expect(newest).toHaveTextContent('Moved from Submitted to Interview');
    expect(newest).toHaveTextContent('by Pat Partner · Nov 12, 2026');
    expect(stage).toBeEnabled();
    expect(stage).toHaveValue('Interview');
    expect(store.getState().applicants.singleApplicant).toMatchObject({
      applications: [{ pipelineStatus: 'Interview' }],
    });
  });

  it("keeps the stage and shows the server's message when a move is refused", async () => {
    profileApi({
      'PATCH /api/employer/applicant/update-pipeline-status/application-1': () =>
        failure('We could not find that application.', 404, 'NOT_FOUND'),
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const application = await screen.findByRole('article', {
      name: 'Application to Interventional Cardiologist',
    });
    const stage = within(application).getByRole('combobox', {
      name: 'Pipeline stage for Interventional Cardiologist',
    });
    await user.selectOptions(stage, 'Hired');
    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('We could not find that application.'));
    await waitFor(() => expect(stage).toBeEnabled());
    expect(stage).toHaveValue('Submitted');
  });

  it('cancels a pending invite only after confirmation', async () => {
    const { calls } = profileApi({
      'PATCH /api/employer/match/update-match-status/match-1': ({ body }) =>
        envelope({
          _id: 'match-1',
          status: (body as { status: string }).status,
          job: { _id: 'job-9', title: 'Heart Failure Specialist', specialty: 'cardiology' },
          applicant: {
            _id: 'physician-1',
            fullName: 'Dr. Jane Doe',
            photo: null,
            specialty: 'Cardiology',
            homeLocation: 'Austin, TX',
          },
          message: null,
          createdAt: '2026-11-10T09:00:00.000Z',
          respondedAt: null,
          conversationId: null,
        }),
    });
    const { user } = renderApp('/applicants/physician-1', { session });
    const invite = await screen.findByRole('article', { name: 'Invite to Heart Failure Specialist' });
    expect(invite).toHaveTextContent('Invite pending');

    await user.click(
      within(invite).getByRole('button', { name: 'Cancel the invite to Heart Failure Specialist' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep invite' }));
    expect(calls.some((call) => call.path.includes('update-match-status'))).toBe(false);

    await user.click(
      within(invite).getByRole('button', { name: 'Cancel the invite to Heart Failure Specialist' }),
    );
    dialog = await screen.findByRole('dialog', { name: 'Cancel this invite?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invite' }));
    await waitFor(() => expect(invite).toHaveTextContent('Invite canceled'));
    expect(calls.find((call) => call.path.includes('update-match-status'))?.body).toEqual({
      status: 'cancelled',
    });
    expect(
      within(invite).queryByRole('button', { name: 'Cancel the invite to Heart Failure Specialist' }),
    ).not.toBeInTheDocument();
  });

  it('says so kindly when the physician cannot be found', async () => {
    profileApi({
      'GET /api/employer/applicant/get-single-applicant/physician-1': () =>
        failure('We could not find that physician.', 404, 'NOT_FOUND'),
    });
    renderApp('/applicants/physician-1', { session });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We could not find that physician' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to applicants' })).toHaveAttribute('href', '/applicants');
  });
});

describe('saving as a delegate', () => {
  const delegate = makeSession({ user: { memberRole: 'delegate', isDelegate: true } });

  it('offers Save for a physician of the delegate’s jobs', async () => {
    profileApi();
    renderApp('/applicants/physician-1', { session: delegate });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Jane Doe' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Dr. Jane Doe' })).toBeInTheDocument();
  });

  it('offers no Save for a physician with no application or invite on the delegate’s jobs', async () => {
    const stranger = makeApplicant({ ...janeDoe, applications: [], matches: [] } as never);
    profileApi({ 'GET /api/employer/applicant/get-single-applicant/physician-1': () => envelope(stranger) });
    renderApp('/applicants/physician-1', { session: delegate });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save Dr. Jane Doe' })).not.toBeInTheDocument();
  });
});

describe('messaging an applicant from the profile', () => {
  const started = {
    _id: 'conversation-9',
    messages: [],
    lastMessage: null,
    employerCount: 0,
    applicant: { _id: 'physician-1', fullName: 'Dr. Jane Doe', photo: null, specialty: 'Cardiology' },
    job: { _id: 'job-1', title: 'Interventional Cardiologist' },
    matchId: null,
    isArchived: false,
    updatedAt: '2026-11-20T10:00:00.000Z',
  };

  it('opens the conversation about that application and goes to it in Messages', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = profileApi({
      'POST /api/employer/conversation/start-conversation/application-1': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/employer/conversation/get-all-conversation/user-1': () => envelope([started]),
      'GET /api/employer/conversation/get-single-conversation/conversation-9': () => envelope(started),
      'GET /api/employer/conversation/sync': () => envelope({ changes: [], nextCursor: '1', hasMore: false }),
    });
    const { user, router } = renderApp('/applicants/physician-1', { session });
    const application = await screen.findByRole('article', {
      name: 'Application to Interventional Cardiologist',
    });
    const message = within(application).getByRole('button', {
      name: 'Message Dr. Jane Doe about Interventional Cardiologist',
    });

    await user.click(message);

    // While the server answers the button waits and nothing else is asked for.
    expect(message).toBeDisabled();
    expect(message).toHaveAttribute('aria-busy', 'true');
    const starts = calls.filter((call) => call.path.endsWith('/start-conversation/application-1'));
    expect(starts).toHaveLength(1);
    expect(starts[0]?.method).toBe('POST');
    expect(starts[0]?.body).toBeUndefined();

    answer(envelope(started));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(router.state.location.search).toBe('?conversationId=conversation-9');
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/get-single-conversation/conversation-9'))).toBe(true),
    );
  });

  it("stays on the profile and shows the server's message when it cannot be opened", async () => {
    profileApi({
      'POST /api/employer/conversation/start-conversation/application-1': () =>
        failure('We could not find that application.', 404, 'NOT_FOUND'),
    });
    const { user, router } = renderApp('/applicants/physician-1', { session });
    const application = await screen.findByRole('article', {
      name: 'Application to Interventional Cardiologist',
    });
    const message = within(application).getByRole('button', {
      name: 'Message Dr. Jane Doe about Interventional Cardiologist',
    });

    await user.click(message);

    await waitFor(() => expect(notifyError).toHaveBeenCalledWith('We could not find that application.'));
    await waitFor(() => expect(message).toBeEnabled());
    expect(router.state.location.pathname).toBe('/applicants/physician-1');
  });

  it('offers Message only for applications: an invite alone has none', async () => {
    profileApi({
      'GET /api/employer/applicant/get-single-applicant/physician-1': () =>
        envelope({ ...janeDoe, applications: [] }),
    });
    renderApp('/applicants/physician-1', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dr. Jane Doe' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Message / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Invite to a job' })).toBeInTheDocument();
  });
});
