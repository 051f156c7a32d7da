import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox } from '../combobox.tsx';

interface City {
  id: string;
  name: string;
}

const CITIES: City[] = [
  { id: 'aus', name: 'Austin, TX' },
  { id: 'atl', name: 'Atlanta, GA' },
  { id: 'alb', name: 'Albany, NY' },
];

function Harness({ search }: { search: (text: string, signal: AbortSignal) => Promise<City[]> }) {
  const [chosen, setChosen] = useState<string[]>([]);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <Combobox<City>
        label="City"
        search={search}
        itemKey={(city) => city.id}
        itemLabel={(city) => city.name}
        selectedKeys={chosen}
        onSelect={(city) => setChosen((current) => [...current, city.id])}
      />
      <p data-testid="chosen">{chosen.join(',')}</p>
    </form>
  );
}

const searchCities = vi.fn(async (text: string) =>
  CITIES.filter((city) => city.name.toLowerCase().startsWith(text.toLowerCase())),
);

describe('Combobox', () => {
  it('searches once typing pauses and is fully usable from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchCities} />);
    const input = screen.getByRole('combobox', { name: 'City' });

    await user.type(input, 'a');
    const listbox = await screen.findByRole('listbox', { name: 'City' });
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    // Typing one letter is one search, after the pause.
    expect(searchCities).toHaveBeenCalledTimes(1);
    expect(searchCities).toHaveBeenLastCalledWith('a', expect.any(AbortSignal));
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).not.toHaveAttribute('aria-activedescendant');

    await user.keyboard('{ArrowDown}');
    const [austin, atlanta] = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', austin?.id);
    expect(austin).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowDown}');
    expect(input).toHaveAttribute('aria-activedescendant', atlanta?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first option wraps to the last.
    expect(input).toHaveAttribute('aria-activedescendant', screen.getAllByRole('option')[2]?.id);

    await user.keyboard('{ArrowUp}{Enter}');
    expect(screen.getByTestId('chosen')).toHaveTextContent('atl');
    expect(input).toHaveValue('');
    expect(input).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not offer what is already chosen, and Escape closes then clears', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchCities} />);
    const input = screen.getByRole('combobox', { name: 'City' });

    await user.type(input, 'au');
    await screen.findByRole('option', { name: 'Austin, TX' });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(input, 'au');
    // Shown under the box and announced to screen readers.
    expect(await screen.findAllByText('No matches. Try different words.')).toHaveLength(2);
    expect(screen.getByRole('status')).toHaveTextContent('No matches. Try different words.');

    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('au');
    await user.keyboard('{Escape}');
    expect(input).toHaveValue('');
  });

  it('shows a failed search as a message, not an empty list', async () => {
    const user = userEvent.setup();
    render(<Harness search={() => Promise.reject(new Error('Network Error.!'))} />);
    await user.type(screen.getByRole('combobox', { name: 'City' }), 'x');
    // No answer came back: the list says so in words to act on, not "Network Error.!".
    expect(
      await screen.findAllByText("We couldn't reach MedHire. Check your connection and try again."),
    ).toHaveLength(2);
    expect(screen.queryAllByRole('option')).toHaveLength(0);
  });

  it('cancels a search that typing overtook', async () => {
    const user = userEvent.setup();
    const signals: AbortSignal[] = [];
    const slowSearch = vi.fn(
      (text: string, signal: AbortSignal) =>
        new Promise<City[]>((resolve) => {
          signals.push(signal);
          setTimeout(() => resolve(CITIES.filter((city) => city.name.startsWith(text))), 400);
        }),
    );
    render(<Harness search={slowSearch} />);
    const input = screen.getByRole('combobox', { name: 'City' });
    await user.type(input, 'A');
    await waitFor(() => expect(slowSearch).toHaveBeenCalledTimes(1));
    await user.type(input, 'u');
    await waitFor(() => expect(slowSearch).toHaveBeenCalledTimes(2));
    expect(signals[0]?.aborted).toBe(true);
    expect(await screen.findByRole('option', { name: 'Austin, TX' })).toBeInTheDocument();
    expect(screen.getAllByRole('option')).toHaveLength(1);
  });
});
