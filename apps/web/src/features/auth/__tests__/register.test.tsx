import { notifyFormError } from '@medhire/ui/toast.ts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeEnums } from '../../../test/enums-fixture.ts';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

vi.mock(import('@medhire/ui/toast.ts'), async (importOriginal) => ({
  ...(await importOriginal()),
  notifyFormError: vi.fn(),
  notifySuccess: vi.fn(),
}));

const newEmployer = makeSession({
  token: 'new-employer-token',
  code: 201,
  user: {
    _id: 'user-new',
    email: 'hiring@lakeside.example',
    accountStatus: 'pending',
    subscriptionStatus: 'incomplete',
    preferenceProbe: [],
    organizationId: null,
    currentProfileStep: 0,
  },
});

async function openRegister() {
  const app = renderApp('/register');
  await screen.findByRole('heading', { name: 'Create your employer account', level: 1 });
  return {
    ...app,
    fullName: screen.getByLabelText('Your full name'),
    email: screen.getByLabelText('Work e-mail address'),
    password: screen.getByLabelText('Password'),
    submit: screen.getByRole('button', { name: 'Create account' }),
  };
}

describe('registration', () => {
  it('explains each empty field and sends nothing', async () => {
    const { user, fullName, email, password, submit } = await openRegister();
    await user.click(submit);
    expect(await screen.findByText('Enter your e-mail address.')).toBeInTheDocument();
    expect(screen.getByText('Enter your full name.')).toBeInTheDocument();
    expect(fullName).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a password.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Enter a password.'));
    expect(fetch).not.toHaveBeenCalled();
  });

  it('ticks off the password rules as the person types and applies them on submit', async () => {
    const { user, fullName, email, password, submit } = await openRegister();
    await user.type(fullName, 'Dana Whitfield');
    const rules = screen.getByText('Your password needs').parentElement as HTMLElement;
    expect(password).toHaveAccessibleDescription(expect.stringContaining('10 to 128 characters'));
    expect(within(rules).getByText('10 to 128 characters')).toHaveTextContent('(not yet)');

    await user.type(email, 'hiring@lakeside.example');
    await user.type(password, 'aaaaaaaaaaaa');
    expect(within(rules).getByText('10 to 128 characters')).toHaveTextContent('(done)');
    expect(within(rules).getByText('At least two different characters')).toHaveTextContent('(not yet)');
    await user.click(submit);
    expect(await screen.findByText('Your password cannot be one character repeated.')).toBeInTheDocument();

    await user.clear(password);
    await user.type(password, 'Hiring@Lakeside.example');
    await user.click(submit);
    expect(await screen.findByText('Your password cannot be your e-mail address.')).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("keeps the input and shows the server's refusal", async () => {
    mockApi({
      'POST /api/employer/auth/v1/register': () =>
        failure(
          'An account with this e-mail already exists. Sign in, or recover your password.',
          409,
          'CONFLICT',
        ),
    });
    const { user, fullName, email, password, submit } = await openRegister();
    await user.type(fullName, 'Dana Whitfield');
    await user.type(email, 'hiring@lakeside.example');
    await user.type(password, 'a sturdy passphrase');
    await user.click(submit);

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this e-mail already exists.');
    expect(notifyFormError).toHaveBeenCalledWith(
      'An account with this e-mail already exists. Sign in, or recover your password.',
    );
    expect(email).toHaveValue('hiring@lakeside.example');
    expect(password).toHaveValue('a sturdy passphrase');
    expect(submit).toBeEnabled();
  });

  it('confirms the e-mail with the code, starts the session and goes on to establish the profile', async () => {
    let answerRegister: (response: Response) => void = () => undefined;
    const { calls } = mockApi({
      'POST /api/employer/auth/v1/register': () =>
        new Promise<Response>((resolve) => {
          answerRegister = resolve;
        }),
      'POST /api/employer/auth/v1/verify-otp': ({ body }) =>
        (body as { otp: string }).otp === '482913'
          ? envelope(newEmployer)
          : failure('This code is not right. Check the e-mail and try again.', 400),
      'GET /api/employer/auth/sync-user-detail/user-new': () =>
        envelope({ user: newEmployer.user, code: 201 }),
      'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    });
    const { user, fullName, email, password, submit, router, store } = await openRegister();
    expect(screen.getByRole('navigation', { name: 'Sign-up progress' })).toHaveTextContent(
      'Step 1 of 5: Account',
    );
    await user.type(fullName, ' Dana Whitfield ');
    await user.type(email, '  Hiring@Lakeside.EXAMPLE ');
    await user.type(password, 'a sturdy passphrase');
    await user.click(submit);

    // Sending: the button cannot be pressed twice.
    expect(submit).toBeDisabled();
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/api/employer/auth/v1/register',
      body: { fullName: 'Dana Whitfield', email: 'hiring@lakeside.example', password: 'a sturdy passphrase' },
    });
    answerRegister(envelope({ email: 'hiring@lakeside.example' }));

    const heading = await screen.findByRole('heading', { name: 'Confirm your e-mail', level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
    const progress = screen.getByRole('navigation', { name: 'Sign-up progress' });
    expect(progress).toHaveTextContent('Step 2 of 5: Verify e-mail');
    expect(within(progress).getAllByRole('listitem')).toHaveLength(5);
    expect(within(progress).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(screen.queryByText('Step 2 of 2')).not.toBeInTheDocument();
    expect(screen.getByText('hiring@lakeside.example')).toBeInTheDocument();
    const code = screen.getByLabelText('6-digit code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();

    await user.type(code, '12ab');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByText('Enter the 6-digit code from your e-mail.')).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This code is not right.');
    expect(code).toHaveValue('111111');

    await user.clear(code);
    await user.type(code, '482913');
    await user.click(screen.getByRole('button', { name: 'Confirm and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/establish-profile'));
    expect(
      calls.filter((call) => call.path === '/api/employer/auth/v1/verify-otp').map((call) => call.body),
    ).toEqual([
      { email: 'hiring@lakeside.example', otp: '111111' },
      { email: 'hiring@lakeside.example', otp: '482913' },
    ]);
    expect(store.getState().auth.session?.token).toBe('new-employer-token');
    expect(JSON.parse(localStorage.getItem('medhire.session') ?? 'null')?.token).toBe('new-employer-token');
    expect(
      await screen.findByRole('heading', { name: 'Establish your organization profile' }),
    ).toBeInTheDocument();
  });

  it('goes back to the details with the e-mail kept', async () => {
    mockApi({ 'POST /api/employer/auth/v1/register': () => envelope({ email: 'hiring@lakeside.example' }) });
    const { user, fullName, email, password, submit } = await openRegister();
    await user.type(fullName, 'Dana Whitfield');
    await user.type(email, 'hiring@lakeside.example');
    await user.type(password, 'a sturdy passphrase');
    await user.click(submit);
    await user.click(await screen.findByRole('button', { name: 'Use a different e-mail' }));
    expect(await screen.findByLabelText('Work e-mail address')).toHaveValue('hiring@lakeside.example');
  });
});
