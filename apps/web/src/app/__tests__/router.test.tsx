import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnums } from '../../test/enums-fixture.ts';
import { envelope, makeSession, makeUser, mockApi } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

const signInHeading = { name: 'Sign in to MedHire', level: 1 } as const;

describe('routing and access', () => {
  it('sends a visitor of /jobs to /signIn and back to /jobs after signing in', async () => {
    const session = makeSession({ token: 'new-token' });
    const { calls } = mockApi({
      'POST /api/employer/auth/login': () => envelope(session),
      'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
      'GET /api/employer/job/get-all-jobs/user-1': () =>
        envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 10 }),
    });
    const { router, user } = renderApp('/jobs');

    await screen.findByRole('heading', signInHeading);
    expect(router.state.location.pathname).toBe('/signIn');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe('/jobs');

    await user.type(screen.getByLabelText('Email address'), 'Recruiting@Lakeside-Clinic.org ');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('heading', { name: 'Jobs', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/jobs');
    expect(await screen.findByRole('heading', { name: 'No jobs yet' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Post a job' })[0]).toHaveAttribute('href', '/create-job');
    expect(calls.find((call) => call.path === '/api/employer/auth/login')?.body).toEqual({
      email: 'recruiting@lakeside-clinic.org',
      password: 'correct horse battery',
    });
  });

  it('keeps the query of the remembered page', async () => {
    const { router } = renderApp('/messages?conversationId=c7');
    await screen.findByRole('heading', signInHeading);
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/messages?conversationId=c7',
    );
  });

  it('sends a signed-in person away from /signIn to their post-login destination', async () => {
    const { router } = renderApp('/signIn', { session: makeSession() });
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it('sends a pending session with code 201 from / to /establish-profile in the onboarding layout', async () => {
    const session = makeSession({ code: 201, user: { accountStatus: 'pending', preferenceProbe: [] } });
    const { router } = renderApp('/', { session });
    expect(
      await screen.findByRole('heading', { name: 'Establish your organization profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/establish-profile');
    const progress = screen.getByRole('navigation', { name: 'Sign-up progress' });
    expect(progress).toHaveTextContent('Step 3 of 5: Organization profile');
    expect(
      within(progress).getByText('Organization profile', { selector: 'li *' }).closest('li'),
    ).toHaveAttribute('aria-current', 'step');
  });

  it('shows the main layout with its navigation to a signed-in person', async () => {
    renderApp('/home', { session: makeSession() });
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    for (const label of ['Home', 'Jobs', 'Applicants', 'Explore', 'Messages', 'Subscription', 'Profile']) {
      expect(within(nav).getByRole('link', { name: label })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  });

  it('collapses the sidebar through the layout toggle state', async () => {
    const { store, user } = renderApp('/home', { session: makeSession() });
    await screen.findByRole('heading', { name: 'Home', level: 1 });
    await user.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(store.getState().layout.toggle).toBe(false);
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  it('signs out from the account menu and returns to /', async () => {
    const { router, store, user } = renderApp('/jobs', { session: makeSession() });
    await screen.findByRole('heading', { name: 'Jobs', level: 1 });

    await user.click(screen.getByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', signInHeading)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(store.getState().auth.session).toBeNull();
    expect(localStorage.getItem('medhire.session')).toBeNull();
  });

  it('shows legal pages in the public layout to visitors', async () => {
    renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Health information and HIPAA/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/signIn');
  });

  it('shows /payment in the public layout when signed in, with its own way to sign out', async () => {
    const session = makeSession({ user: { accountStatus: 'pending', subscriptionStatus: 'incomplete' } });
    const { router, store, user } = renderApp('/payment', { session });
    expect(await screen.findByRole('heading', { name: 'Payment', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', signInHeading)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await waitFor(() => expect(store.getState().auth.session).toBeNull());
  });

  it('leaves a new employer on /payment no way into the app before anything is paid, only sign-up and sign out', async () => {
    const session = makeSession({
      user: {
        accountStatus: 'pending',
        subscriptionStatus: 'incomplete',
        preferenceProbe: [{ probeId: 'p1', choice: 'a' }],
      },
    });
    renderApp('/payment', { session });
    expect(await screen.findByRole('heading', { name: 'Payment', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent(
      'Step 5 of 5: Plan and payment',
    );
    expect(screen.queryByRole('link', { name: 'Back to MedHire' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'MedHire home' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('lets a new employer on /payment go back to the candidate preferences, which name their stage once', async () => {
    const session = makeSession({
      user: {
        accountStatus: 'pending',
        subscriptionStatus: 'incomplete',
        preferenceProbe: [{ probeId: 'p1', choice: 'a' }],
      },
    });
    const { user, router } = renderApp('/payment', { session });
    await user.click(await screen.findByRole('link', { name: 'Back to candidate preferences' }));
    expect(await screen.findByRole('heading', { name: 'Would you rather…', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/would-you-rather');
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent(
      'Step 4 of 5: Candidate preferences',
    );
    // The stage is named by the progress, not again above the title.
    const progress = screen.getByRole('navigation', { name: 'Sign-up progress' });
    const named = screen.getAllByText('Candidate preferences', { exact: true });
    expect(named.filter((element) => !progress.contains(element))).toEqual([]);
  });

  it('leads a new employer reading a legal page back to their sign-up step, not into the app', async () => {
    const session = makeSession({
      user: {
        accountStatus: 'pending',
        subscriptionStatus: 'incomplete',
        preferenceProbe: [{ probeId: 'p1', choice: 'a' }],
      },
    });
    renderApp('/subscription-agreement', { session });
    expect(await screen.findByRole('link', { name: 'Back to sign-up' })).toHaveAttribute('href', '/payment');
    expect(screen.queryByRole('link', { name: 'Back to MedHire' })).not.toBeInTheDocument();
  });

  it('keeps "Back to MedHire" on /payment for an account past sign-up', async () => {
    renderApp('/payment', { session: makeSession({ user: { accountStatus: 'approved' } }) });
    expect(await screen.findByRole('heading', { name: 'Payment', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to MedHire' })).toHaveAttribute('href', '/home');
    expect(screen.queryByRole('navigation', { name: 'Sign-up progress' })).not.toBeInTheDocument();
  });

  it('gives /would-you-rather its own focused layout when signed in', async () => {
    const session = makeSession({ user: { accountStatus: 'pending', preferenceProbe: [] } });
    renderApp('/would-you-rather', { session });
    expect(await screen.findByRole('heading', { name: 'Would you rather…', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent(
      'Step 4 of 5: Candidate preferences',
    );
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('lets a visitor reach /establish-profile', async () => {
    const { router } = renderApp('/establish-profile');
    expect(
      await screen.findByRole('heading', { name: 'Establish your organization profile' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/establish-profile');
  });

  it('answers an unknown address with a readable page and a way out', async () => {
    renderApp('/no-such-page', { session: makeSession({ user: makeUser() }) });
    expect(
      await screen.findByRole('heading', { name: 'We could not find that page', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
  });
});
