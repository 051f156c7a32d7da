import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { LocationPicker } from '../location-picker.tsx';

interface FoundPlace {
  description: string;
  state: string;
}

const PLACES: FoundPlace[] = [
  { description: 'Austin, TX', state: 'TX' },
  { description: 'Albany, NY', state: 'NY' },
];

const searchPlaces = async (text: string) =>
  PLACES.filter((place) => place.description.toLowerCase().startsWith(text.toLowerCase()));

function Harness() {
  const [locations, setLocations] = useState<{ description: string }[]>([]);
  return (
    <LocationPicker
      label="Job locations"
      value={locations}
      onChange={setLocations}
      search={searchPlaces}
      toLocation={(place: FoundPlace) => ({ description: place.description })}
      hint="Add every site."
      emptyText="No locations added yet."
    />
  );
}

describe('LocationPicker', () => {
  it('adds the place chosen from the search, by keyboard, and removes it again', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Add a location' });
    expect(input).toHaveAccessibleDescription(
      'Search US cities and ZIP codes, then choose one to add it. Add every site.',
    );
    expect(screen.getByText('No locations added yet.')).toBeInTheDocument();

    await user.type(input, 'a');
    await screen.findByRole('option', { name: 'Austin, TX' });
    await user.keyboard('{ArrowDown}{Enter}');
    const chosen = screen.getByRole('list', { name: 'Job locations' });
    expect(within(chosen).getByText('Austin, TX')).toBeInTheDocument();

    // A place already chosen is not offered again.
    await user.type(input, 'a');
    await screen.findByRole('option', { name: 'Albany, NY' });
    expect(screen.queryByRole('option', { name: 'Austin, TX' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}{Escape}');

    await user.click(screen.getByRole('button', { name: 'Remove Austin, TX' }));
    expect(screen.queryByRole('list', { name: 'Job locations' })).not.toBeInTheDocument();
    expect(screen.getByText('No locations added yet.')).toBeInTheDocument();
  });
});
