import { ChipList } from '@medhire/ui/chip-list.tsx';
import { Combobox } from './combobox.tsx';
import './location-picker.css';

/** A place is named, and told apart from the others, by its description ("Austin, TX"). */
export interface DescribedPlace {
  description: string;
}

export interface LocationPickerProps<Place extends DescribedPlace, Location extends DescribedPlace> {
  /** Names the list of chosen places, e.g. "Job locations". */
  label: string;
  value: readonly Location[];
  onChange: (next: Location[]) => void;
  /** Finds the places for the typed text (e.g. the US place search of the enums API). */
  search: (text: string, signal: AbortSignal) => Promise<readonly Place[]>;
  /** What a chosen place keeps in the list: callers store different parts of it. */
  toLocation: (place: Place) => Location;
  /** Said after how to search, e.g. which places to add. */
  hint?: string;
  /** Shown while no place is chosen. */
  emptyText: string;
  error?: string;
  /** The search box's form name, so a form can focus it. */
  name?: string;
}

const SEARCH_HINT = 'Search US cities and ZIP codes, then choose one to add it.';

/**
 * Chooses several US places: a search box that adds the place chosen from it, and the chosen
 * places as chips, each with its own remove button. A place already chosen is not offered again.
 */
export function LocationPicker<Place extends DescribedPlace, Location extends DescribedPlace>({
  label,
  value,
  onChange,
  search,
  toLocation,
  hint,
  emptyText,
  error,
  name,
}: LocationPickerProps<Place, Location>) {
  const add = (place: Place) => onChange([...value, toLocation(place)]);
  const remove = (description: string) =>
    onChange(value.filter((location) => location.description !== description));

  return (
    <div className="location-picker">
      <Combobox<Place>
        label="Add a location"
        placeholder="City or ZIP code, e.g. Austin, TX"
        hint={hint ? `${SEARCH_HINT} ${hint}` : SEARCH_HINT}
        search={search}
        itemKey={(place) => place.description}
        itemLabel={(place) => place.description}
        selectedKeys={value.map((location) => location.description)}
        onSelect={add}
        error={error}
        name={name}
      />
      <ChipList
        label={label}
        chips={value.map((location) => ({
          key: location.description,
          label: location.description,
          text: location.description,
        }))}
        onRemove={remove}
        emptyText={emptyText}
      />
    </div>
  );
}
