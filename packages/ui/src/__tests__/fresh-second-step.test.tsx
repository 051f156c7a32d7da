import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { askForFreshSecondStep } from '../fresh-second-step.ts';
import { FreshSecondStepHost } from '../fresh-second-step-host.tsx';

function Dialog({ methods, onDone }: { methods: readonly string[]; onDone: (ok: boolean) => void }) {
  return (
    <div role="dialog" aria-label="Confirm it's you">
      <p>Methods: {methods.join(', ')}</p>
      <button type="button" onClick={() => onDone(true)}>
        Confirm
      </button>
    </div>
  );
}

describe('FreshSecondStepHost', () => {
  it('answers false while no host is mounted', async () => {
    await expect(askForFreshSecondStep({ methods: ['totp'] })).resolves.toBe(false);
  });

  it('shows one dialog for requests made together, and answers them all with its result', async () => {
    const { unmount } = render(<FreshSecondStepHost Dialog={Dialog} />);
    let first: Promise<boolean> = Promise.resolve(false);
    let second: Promise<boolean> = Promise.resolve(false);
    act(() => {
      first = askForFreshSecondStep({ methods: ['passkey', 7] });
      second = askForFreshSecondStep();
    });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByText('Methods: passkey')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await expect(first).resolves.toBe(true);
    await expect(second).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    unmount();
    await expect(askForFreshSecondStep()).resolves.toBe(false);
  });
});
