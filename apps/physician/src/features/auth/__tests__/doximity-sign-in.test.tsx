import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SESSION_KEY } from '../../../lib/session-storage.ts';
import { enums } from '../../../test/enums.ts';
import { failure, ok, physician, session } from '../../../test/fixtures.ts';
import { mockApi, OIDC_CONFIG_PATH, renderApp } from '../../../test/render-app.tsx';
import { OIDC_MESSAGES } from '../oidc-callback-screen.tsx';

const AUTHORIZE_URL = 'http://localhost:3000/api/employee/auth/v1/oidc/authorize';
const EXCHANGE_PATH = '/api/employee/auth/v1/exchange-code-with-token/code-77';

const offered = () => ok({ enabled: true, authorizeUrl: AUTHORIZE_URL, providerName: 'Doximity' });
const notOffered = () => ok({ enabled: false, authorizeUrl: null, providerName: 'Doximity' });

const profileApi = {
  'GET /api/enums/get-all-enums': () => ok(enums),
  'GET /api/employee/profile/get-profile': () => ok(physician),
};

describe('the Continue with Doximity button', () => {
  it.each([
    ['/sign-in', 'Sign in'],
    ['/sign-up', 'Create your physician account'],
  ])('on %s starts the sign-in at the server when Doximity is offered', async (path, heading) => {
    mockApi({ [`GET ${OIDC_CONFIG_PATH}`]: offered });
    renderApp(path, { isSignedIn: false });

    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    const button = await screen.findByRole('link', { name: 'Continue with Doximity' });
    expect(button).toHaveAttribute('href', AUTHORIZE_URL);
  });

  it('is not shown when the server does not offer Doximity sign-in', async () => {
    const calls = mockApi({ [`GET ${OIDC_CONFIG_PATH}`]: notOffered });
    renderApp('/sign-in', { isSignedIn: false });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain(OIDC_CONFIG_PATH));
    // Give the answer a chance to render before asserting the absence.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Doximity/)).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('is not shown when the question fails, and e-mail sign-up still works', async () => {
    const calls = mockApi({
      [`GET ${OIDC_CONFIG_PATH}`]: () => failure(404, 'This address does not exist.', 'NOT_FOUND'),
    });
    renderApp('/sign-up', { isSignedIn: false });

    expect(await screen.findByRole('button', { name: 'Create account' })).toBeInTheDocument();
    await vi.waitFor(() => expect(calls.map((call) => call.path)).toContain(OIDC_CONFIG_PATH));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(/Doximity/)).toBeNull();
  });
});

describe('coming back from Doximity to /oidc-callback', () => {
  it('trades the code for a physician session, keeps it, and opens the profile a new physician must fill in', async () => {
    let exchangeUrl: URL | undefined;
    const calls = mockApi({
      [`GET ${EXCHANGE_PATH}`]: ({ url }) => {
        exchangeUrl = url;
        return ok(session);
      },
      ...profileApi,
    });
    const { router } = renderApp(
      '/oidc-callback?code=code-77&state=state-9&iss=https%3A%2F%2Fauth.doximity.example',
      { isSignedIn: false },
    );

    expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(router.state.location.search).toBe('?welcome=1');
    expect(Object.fromEntries(exchangeUrl?.searchParams ?? [])).toEqual({
      state: 'state-9',
      iss: 'https://auth.doximity.example',
      accountKind: 'physician',
    });
    expect(calls.filter((call) => call.path === EXCHANGE_PATH)).toHaveLength(1);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(session);
  });

  it('opens the jobs for a physician whose profile is complete', async () => {
    const complete = { ...session, physician: { ...physician, isComplete: true } };
    mockApi({
      [`GET ${EXCHANGE_PATH}`]: () => ok(complete),
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [], total: 0, pageNumber: 1, pageSize: 20 }),
      'GET /api/enums/get-all-enums': () => ok(enums),
    });
    const { router } = renderApp('/oidc-callback?code=code-77&state=state-9', { isSignedIn: false });

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(complete);
  });

  it('asks for the authenticator code when the account has one, then opens the jobs', async () => {
    const complete = { ...session, physician: { ...physician, isComplete: true } };
    const ticket = 'ticket-0123456789abcdefghijklmnopqrstuvwxyzABC';
    const calls = mockApi({
      [`GET ${EXCHANGE_PATH}`]: () =>
        ok({
          secondStep: { ticket, methods: ['totp', 'recovery_code'], expiresAt: '2026-11-27T12:05:00.000Z' },
        }),
      'POST /api/employee/auth/second-step': () => ok(complete),
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [], total: 0, pageNumber: 1, pageSize: 20 }),
      'GET /api/enums/get-all-enums': () => ok(enums),
    });
    const { router } = renderApp('/oidc-callback?code=code-77&state=state-9', { isSignedIn: false });
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeInTheDocument();
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();
    await userEvent.type(screen.getByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(JSON.parse(localStorage.getItem(SESSION_KEY) ?? 'null')).toEqual(complete);
    expect(calls.find((call) => call.path.endsWith('/second-step'))?.body).toEqual({
      ticket,
      method: 'totp',
      code: '123456',
    });
  });

  it("shows the server's reason when the exchange is refused, with focus on it and a way back", async () => {
    const refusal =
      'The e-mail address of your Doximity account belongs to a MedHire employer account, so it cannot sign in to the physician app.';
    mockApi({
      [`GET ${EXCHANGE_PATH}`]: () => failure(403, refusal, 'FORBIDDEN', { reason: 'EMPLOYER_ACCOUNT' }),
      [`GET ${OIDC_CONFIG_PATH}`]: notOffered,
    });
    const { router } = renderApp('/oidc-callback?code=code-77&state=state-9', { isSignedIn: false });

    const heading = await screen.findByRole('heading', { name: "We couldn't sign you in with Doximity" });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(refusal);
    expect(localStorage.getItem(SESSION_KEY)).toBeNull();

    await userEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('says the network failed when the exchange gets no answer', async () => {
    mockApi({
      [`GET ${EXCHANGE_PATH}`]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/oidc-callback?code=code-77&state=state-9', { isSignedIn: false });

    const heading = await screen.findByRole('heading', { name: "We couldn't sign you in with Doximity" });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent('Network Error.!');
  });

  it("explains the provider's error in MedHire's words, without trading anything or showing the link's own text", async () => {
    const calls = mockApi({});
    renderApp('/oidc-callback?error=access_denied&error_description=Call+555-0100+to+unlock+your+account', {
      isSignedIn: false,
    });

    const heading = await screen.findByRole('heading', { name: "We couldn't sign you in with Doximity" });
    await vi.waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('alert')).toHaveTextContent(OIDC_MESSAGES.cancelled);
    expect(screen.queryByText(/555-0100/)).toBeNull();
    expect(calls).toEqual([]);
  });

  it('says Doximity is unavailable when the server could not reach it', async () => {
    mockApi({});
    renderApp('/oidc-callback?error=temporarily_unavailable', { isSignedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_MESSAGES.unavailable);
  });

  it('says there is nothing to finish when the address has no code', async () => {
    const calls = mockApi({});
    renderApp('/oidc-callback', { isSignedIn: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(OIDC_MESSAGES.missingCode);
    expect(calls).toEqual([]);
  });

  it('sends someone already signed in on to the jobs without trading the code again', async () => {
    const calls = mockApi({
      'GET /api/employee/job/get-all-jobs': () => ok({ jobs: [], total: 0, pageNumber: 1, pageSize: 20 }),
      'GET /api/enums/get-all-enums': () => ok(enums),
    });
    const { router } = renderApp('/oidc-callback?code=code-77&state=state-9');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(calls.some((call) => call.path === EXCHANGE_PATH)).toBe(false);
  });
});
