import type { TUsPlace } from '@medhire/contract/locations';
import { TextField } from '@medhire/ui/field.tsx';
import { useEffect, useId, useState } from 'react';
import { useSearchLocationQuery } from './enums-api.ts';
import './place-search.css';

interface PlaceSearchProps {
  label: string;
  hint?: string;
  /** The input's id, for a link that focuses it. */
  id?: string;
  onPick: (place: TUsPlace) => void;
}

/** Type a US city or ZIP, pick one of the places found (the gazetteer the employer app uses too). */
export function PlaceSearch({ label, hint, id, onPick }: PlaceSearchProps) {
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isFetching } = useSearchLocationQuery(query, { skip: query.length < 2 });
  const places = query.length < 2 ? [] : (data?.places ?? []);

  return (
    <div className="place-search">
      <TextField
        id={id}
        label={label}
        hint={hint}
        type="search"
        autoComplete="off"
        value={text}
        aria-controls={resultsId}
        onChange={(event) => setText(event.target.value)}
      />
      <ul
        id={resultsId}
        className="place-search__results"
        aria-label={`Places for ${label.toLowerCase()}`}
        aria-busy={isFetching}
      >
        {places.map((place) => (
          <li key={`${place.description}-${place.coords.latitude}-${place.coords.longitude}`}>
            <button
              type="button"
              className="place-search__result"
              onClick={() => {
                onPick(place);
                setText('');
                setQuery('');
              }}
            >
              {place.description}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
