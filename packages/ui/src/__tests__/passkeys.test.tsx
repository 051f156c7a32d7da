import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PasskeyItem, type PasskeysApi, PasskeysSection } from '../passkeys-section.tsx';
import { SecondStepForm } from '../second-step-form.tsx';

const startRegistration = vi.fn();
vi.mock('@simplewebauthn/browser', () => ({
  startRegistration: (...args: unknown[]) => startRegistration(...args),
  startAuthentication: vi.fn(),
  browserSupportsWebAuthnAutofill: async () => false,
  WebAuthnAbortService: { cancelCeremony: vi.fn() },
}));

const laptop: PasskeyItem = {
  id: 'p1',
  name: 'Work laptop',
  createdAt: '2026-03-02T10:00:00.000Z',
  lastUsedAt: null,
  isBackedUp: false,
};
const phone: PasskeyItem = {
  id: 'p2',
  name: 'iPhone',
  createdAt: '2026-03-04T10:00:00.000Z',
  lastUsedAt: '2026-03-05T10:00:00.000Z',
  isBackedUp: true,
};

function fakeApi(initial: PasskeyItem[]): PasskeysApi & { calls: string[] } {
  let passkeys = [...initial];
  const calls: string[] = [];
  return {
    calls,
    list: vi.fn(async () => ({ passkeys })),
    registrationOptions: vi.fn(async () => ({ options: { challenge: 'abc' } })),
    register: vi.fn(async (name: string) => {
      calls.push(`register ${name}`);
      passkeys = [...passkeys, { ...laptop, id: 'p3', name }];
      return { passkeys };
    }),
    rename: vi.fn(async (id: string, name: string) => {
      calls.push(`rename ${id} ${name}`);
      passkeys = passkeys.map((passkey) => (passkey.id === id ? { ...passkey, name } : passkey));
      return { passkeys };
    }),
    remove: vi.fn(async (id: string) => {
      calls.push(`remove ${id}`);
      passkeys = passkeys.filter((passkey) => passkey.id !== id);
      return { passkeys };
    }),
  };
}

const describeError = (error: unknown) => (error instanceof Error ? error.message : 'Failed');

describe('PasskeysSection', () => {
  beforeEach(() => {
    // happy-dom has no WebAuthn; a page on a host name with it is what passkeys need.
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the passkeys with when they were added and last used', async () => {
    render(<PasskeysSection api={fakeApi([laptop, phone])} describeError={describeError} />);
    const list = await screen.findByRole('list', { name: 'Your passkeys' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('Added Mar 2, 2026');
    expect(items[0]).toHaveTextContent('Not used yet');
    expect(items[1]).toHaveTextContent('Last used Mar 5, 2026');
    expect(items[1]).toHaveTextContent('Synced');
  });

  it('says when there are none, and shows a failed load with a retry', async () => {
    const api = fakeApi([]);
    vi.mocked(api.list).mockRejectedValueOnce(new Error('The server is down.'));
    render(<PasskeysSection api={api} describeError={describeError} />);
    await screen.findByText('The server is down.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/You have no passkeys yet/);
  });

  it('adds a passkey with its name, and reports a cancelled browser prompt without saving', async () => {
    const api = fakeApi([]);
    const user = userEvent.setup();
    render(<PasskeysSection api={api} describeError={describeError} />);
    const name = await screen.findByLabelText('Name of the new passkey');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(/Give the passkey a name/)).toBeInTheDocument();
    expect(api.registrationOptions).not.toHaveBeenCalled();

    await user.type(name, 'Desk key');
    startRegistration.mockRejectedValueOnce(
      Object.assign(new Error('cancelled'), { name: 'NotAllowedError' }),
    );
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText(/cancelled or timed out/)).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    startRegistration.mockResolvedValueOnce({ id: 'cred' });
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    await within(await screen.findByRole('list', { name: 'Your passkeys' })).findByText('Desk key');
    expect(api.calls).toEqual(['register Desk key']);
  });

  it('renames and removes a passkey through dialogs', async () => {
    const api = fakeApi([laptop, phone]);
    const user = userEvent.setup();
    render(<PasskeysSection api={api} describeError={describeError} />);
    await user.click(await screen.findByRole('button', { name: 'Rename the passkey Work laptop' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename passkey' });
    const field = within(dialog).getByLabelText('Passkey name');
    await user.clear(field);
    await user.type(field, 'Old laptop');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Old laptop')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove the passkey iPhone' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Remove this passkey?' })).getByRole('button', {
        name: 'Remove passkey',
      }),
    );
    await waitFor(() => expect(screen.queryByText('iPhone')).not.toBeInTheDocument());
    expect(api.calls).toEqual(['rename p1 Old laptop', 'remove p2']);
  });

  it('offers no way to add one where the browser cannot make passkeys', async () => {
    vi.unstubAllGlobals();
    render(<PasskeysSection api={fakeApi([])} describeError={describeError} />);
    await screen.findByText('This browser cannot create passkeys.');
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument();
  });
});

describe('SecondStepForm with a passkey', () => {
  it('offers "Use a passkey" next to the code when the account has one', async () => {
    const onPasskey = vi.fn(async () => {
      throw new Error('The passkey could not be checked.');
    });
    render(
      <SecondStepForm
        methods={['totp', 'recovery_code', 'passkey']}
        onSubmit={vi.fn()}
        onPasskey={onPasskey}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(onPasskey).toHaveBeenCalledOnce();
    expect(await screen.findByText('The passkey could not be checked.')).toBeInTheDocument();
  });

  it('asks only for the passkey when it is the only second factor', async () => {
    const onPasskey = vi.fn(async () => undefined);
    render(
      <SecondStepForm methods={['passkey']} onSubmit={vi.fn()} onPasskey={onPasskey} onCancel={vi.fn()} />,
    );
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(onPasskey).toHaveBeenCalledOnce();
  });

  it('shows no passkey button for an account without one', () => {
    render(<SecondStepForm methods={['totp', 'recovery_code']} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
  });
});
