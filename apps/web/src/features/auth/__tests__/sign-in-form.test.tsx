import { dismissFormErrors, notifyFormError } from '@medhire/ui/toast.ts';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyFormError: vi.fn(),
  dismissFormErrors: vi.fn(),
}));

/** Sign-in requests sent; the screen's own configuration look-up does not count. */
function signInRequests() {
  return vi.mocked(fetch).mock.calls.filter(([input]) => String(input).includes('/login'));
}

async function openSignIn() {
  const app = renderApp('/signIn');
  await screen.findByRole('heading', { name: 'Sign in to MedHire' });
  return {
    ...app,
    email: screen.getByLabelText('Email address'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Sign in' }),
  };
}

describe('sign-in form', () => {
  it('shows a message on each empty field and sends nothing', async () => {
    const { user, email, password, submit } = await openSignIn();
    await user.click(submit);

    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your password.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Enter your e-mail address.');
    expect(password).toHaveAccessibleDescription('Enter your password.');
    expect(signInRequests()).toHaveLength(0);
  });

  it('focuses the first field with a message when a submit is refused', async () => {
    const { user, email, password, submit } = await openSignIn();
    await user.type(email, 'recruiting@lakeside-clinic.org');
    await user.click(submit);
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    expect(password).toHaveFocus();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('checks a field when it is left, then as it changes', async () => {
    const { user, email, password } = await openSignIn();
    await user.type(email, 'pat');
    expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument();
    await user.click(password);
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
    await user.type(email, '@clinic.example');
    expect(screen.queryByText('Enter a valid e-mail address.')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('clears a message as soon as the field is corrected after a refused submit', async () => {
    const { user, password, submit } = await openSignIn();
    await user.click(submit);
    expect(await screen.findByText('Enter your password.')).toBeInTheDocument();
    await user.type(password, 's');
    expect(screen.queryByText('Enter your password.')).not.toBeInTheDocument();
    expect(screen.getByText('Enter your e-mail address.')).toBeInTheDocument();
  });

  it('rejects a malformed e-mail address', async () => {
    const { user, email, password, submit } = await openSignIn();
    await user.type(email, 'not-an-email');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByText('Enter a valid e-mail address.')).toBeInTheDocument();
    expect(signInRequests()).toHaveLength(0);
  });

  it('submits the trimmed, lower-cased e-mail and disables the button while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { calls } = mockApi({
      'POST /api/employer/auth/login': () => new Promise<Response>((resolve) => (answer = resolve)),
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeSession().user, code: 200 }),
    });
    const { user, email, password, submit, router } = await openSignIn();
    await user.type(email, '  Recruiting@Lakeside-Clinic.ORG ');
    await user.type(password, 'correct horse battery');
    await user.click(submit);

    expect(submit).toBeDisabled();
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(calls.find((call) => call.path === '/api/employer/auth/login')?.body).toEqual({
      email: 'recruiting@lakeside-clinic.org',
      password: 'correct horse battery',
    });

    answer(envelope(makeSession()));
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/home');
  });

  it("keeps the input and shows the server's refusal inline and as a toast", async () => {
    mockApi({
      'POST /api/employer/auth/login': () =>
        failure('The e-mail or password is incorrect.', 401, 'UNAUTHENTICATED'),
    });
    const { user, email, password, submit, router } = await openSignIn();
    await user.type(email, 'recruiting@lakeside-clinic.org');
    await user.type(password, 'wrong password');
    await user.click(submit);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The e-mail or password is incorrect.');
    expect(notifyFormError).toHaveBeenCalledWith('The e-mail or password is incorrect.');
    expect(email).toHaveValue('recruiting@lakeside-clinic.org');
    expect(password).toHaveValue('wrong password');
    expect(submit).toBeEnabled();
    expect(router.state.location.pathname).toBe('/signIn');
  });

  it('takes the refusal toast down when the next attempt starts, so a success does not carry it to Home', async () => {
    let attempts = 0;
    mockApi({
      'POST /api/employer/auth/login': () => {
        attempts += 1;
        return attempts === 1
          ? failure('The e-mail or password is incorrect.', 401, 'UNAUTHENTICATED')
          : envelope(makeSession());
      },
      'GET /api/employer/auth/sync-user-detail/user-1': () =>
        envelope({ user: makeSession().user, code: 200 }),
    });
    const { user, email, password, submit } = await openSignIn();
    await user.type(email, 'recruiting@lakeside-clinic.org');
    await user.type(password, 'wrong password');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is incorrect.');
    const refusedAt = vi.mocked(notifyFormError).mock.invocationCallOrder.at(-1) ?? Number.POSITIVE_INFINITY;
    const dismissedBefore = vi.mocked(dismissFormErrors).mock.invocationCallOrder.length;

    await user.clear(password);
    await user.type(password, 'correct horse battery');
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Home', level: 1 })).toBeInTheDocument();
    const dismissedAt = vi.mocked(dismissFormErrors).mock.invocationCallOrder.slice(dismissedBefore);
    expect(dismissedAt.some((order) => order > refusedAt)).toBe(true);
  });

  it("says the server could not be reached on the form, and 'Network Error.!' in the toast", async () => {
    const { user, email, password, submit } = await openSignIn();
    await user.type(email, 'recruiting@lakeside-clinic.org');
    await user.type(password, 'secret');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We couldn't reach MedHire. Check your connection and try again.",
    );
    expect(notifyFormError).toHaveBeenCalledWith('Network Error.!');
  });

  it('says the person is offline when the browser has no network', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { user, email, password, submit } = await openSignIn();
      await user.type(email, 'recruiting@lakeside-clinic.org');
      await user.type(password, 'secret');
      await user.click(submit);
      const alert = await screen.findByText("You're offline. Check your connection and try again.", {
        selector: '#sign-in-error *',
      });
      expect(alert).not.toHaveTextContent('Network Error.!');
      expect(notifyFormError).toHaveBeenCalledWith('Network Error.!');
    } finally {
      onLine.mockRestore();
    }
  });

  it('links to registration, recovery and claiming a business', async () => {
    await openSignIn();
    expect(screen.getByRole('link', { name: 'Create an employer account' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/recover-password',
    );
    expect(screen.getByRole('link', { name: 'Claim your business' })).toHaveAttribute(
      'href',
      '/claimBusiness',
    );
  });
});
