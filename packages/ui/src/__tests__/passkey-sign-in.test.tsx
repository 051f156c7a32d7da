import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeySignInButton, type PasskeySignInCalls, usePasskeyAutofill } from '../passkey-sign-in.tsx';

const startAuthentication = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: vi.fn(),
  startAuthentication: (...args: unknown[]) => startAuthentication(...args),
  browserSupportsWebAuthnAutofill: async () => true,
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

function SignInScreen({ calls, onError }: { calls: PasskeySignInCalls; onError: (message: string) => void }) {
  usePasskeyAutofill(calls, onError);
  return <PasskeySignInButton calls={calls} onError={onError} />;
}

describe('passkey sign-in', () => {
  beforeEach(() => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
    startAuthentication.mockReset();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('signs in once when the e-mail suggestion answered before the button was pressed', async () => {
    startAuthentication.mockResolvedValue({ id: 'credential-1' });
    // The suggestion's sign-in is still on its way when the button is pressed.
    let finishSignIn: (value: unknown) => void = () => undefined;
    const signIn = vi.fn(
      () =>
        new Promise<unknown>((resolve) => {
          finishSignIn = resolve;
        }),
    );
    const calls: PasskeySignInCalls = {
      options: vi.fn(async () => ({ options: { challenge: 'c' } })),
      signIn,
    };
    const onError = vi.fn();
    render(<SignInScreen calls={calls} onError={onError} />);
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));

    expect(calls.options).toHaveBeenCalledTimes(1);
    expect(startAuthentication).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledTimes(1);
    expect(onError).not.toHaveBeenCalled();
    finishSignIn({});
  });

  it('drops the suggestion’s answer while the button’s ceremony signs in', async () => {
    let answerSuggestion: (value: unknown) => void = () => undefined;
    startAuthentication.mockImplementation(({ useBrowserAutofill }: { useBrowserAutofill: boolean }) =>
      useBrowserAutofill
        ? new Promise((resolve) => {
            answerSuggestion = resolve;
          })
        : Promise.resolve({ id: 'from-button' }),
    );
    const signIn = vi.fn(() => new Promise<unknown>(() => undefined));
    const calls: PasskeySignInCalls = {
      options: vi.fn(async () => ({ options: { challenge: 'c' } })),
      signIn,
    };
    render(<SignInScreen calls={calls} onError={vi.fn()} />);
    await waitFor(() => expect(startAuthentication).toHaveBeenCalledTimes(1));

    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    await waitFor(() => expect(signIn).toHaveBeenCalledTimes(1));
    answerSuggestion({ id: 'from-suggestion' });
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(signIn).toHaveBeenCalledTimes(1);
    expect(signIn).toHaveBeenCalledWith({ id: 'from-button' });
  });
});
