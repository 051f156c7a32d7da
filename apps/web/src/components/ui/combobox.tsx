import { cx } from '@medhire/ui/cx.ts';
import { SearchIcon } from '@medhire/ui/icons.tsx';
import { Spinner } from '@medhire/ui/spinner.tsx';
import {
  type FocusEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import './combobox.css';
import '@medhire/ui/field.css';
import { describeError } from '../../lib/http.ts';

export interface ComboboxProps<Item> {
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  isOptional?: boolean;
  placeholder?: string;
  /** Finds the choices for the typed text; called once typing pauses, earlier calls cancelled. */
  search: (text: string, signal: AbortSignal) => Promise<readonly Item[]>;
  itemKey: (item: Item) => string;
  itemLabel: (item: Item) => string;
  itemDetail?: (item: Item) => ReactNode;
  onSelect: (item: Item) => void;
  /** Keys already chosen: they are not offered again. */
  selectedKeys?: readonly string[];
  /** Pause in typing before searching. */
  debounceMs?: number;
  /** Shortest text that searches; 0 lists choices as soon as the field opens. */
  minQueryLength?: number;
  noResultsText?: string;
  disabled?: boolean;
  id?: string;
  name?: string;
  inputRef?: Ref<HTMLInputElement>;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  className?: string;
}

type SearchStatus = 'idle' | 'loading' | 'done' | 'error';

/**
 * A search-as-you-type combobox (WAI-ARIA combobox with a listbox popup). Focus stays in the
 * text box; the highlighted option is conveyed with aria-activedescendant. Down/Up move through
 * the options (opening the list when closed), Enter chooses, Escape closes and then clears.
 * Choosing empties the box, so the caller shows the choice (e.g. as a chip).
 */
export function Combobox<Item>({
  label,
  hint,
  error,
  isOptional,
  placeholder,
  search,
  itemKey,
  itemLabel,
  itemDetail,
  onSelect,
  selectedKeys = [],
  debounceMs = 200,
  minQueryLength = 1,
  noResultsText = 'No matches. Try different words.',
  disabled,
  id,
  name,
  inputRef,
  onBlur,
  className,
}: ComboboxProps<Item>) {
  const generated = useId();
  const inputId = id ?? `combobox-${generated}`;
  const listboxId = `${inputId}-listbox`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const statusId = `${inputId}-status`;

  const [text, setText] = useState('');
  const [isOpen, setIsOpen] = useState(false);
  const [items, setItems] = useState<readonly Item[]>([]);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [status, setStatus] = useState<SearchStatus>('idle');
  const [searchError, setSearchError] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef(search);
  searchRef.current = search;

  const query = text.trim();
  const canSearch = isOpen && query.length >= minQueryLength;
  const selectedKeySet = new Set(selectedKeys);
  const options = items.filter((item) => !selectedKeySet.has(itemKey(item)));

  useEffect(() => {
    if (!canSearch) {
      setStatus('idle');
      setItems([]);
      return;
    }
    const controller = new AbortController();
    setStatus('loading');
    const timer = setTimeout(() => {
      searchRef
        .current(query, controller.signal)
        .then((found) => {
          if (controller.signal.aborted) return;
          setItems(found);
          setActiveIndex(-1);
          setStatus('done');
        })
        .catch((reason: unknown) => {
          if (controller.signal.aborted) return;
          setItems([]);
          setSearchError(reason instanceof Error ? describeError(reason) : 'The search failed.');
          setStatus('error');
        });
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [canSearch, query, debounceMs]);

  useEffect(() => {
    if (activeIndex < 0) return;
    const option = listRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    option?.scrollIntoView?.({ block: 'nearest' });
  }, [activeIndex]);

  const close = () => {
    setIsOpen(false);
    setActiveIndex(-1);
  };

  const choose = (item: Item) => {
    onSelect(item);
    setText('');
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = options.length;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) {
          setIsOpen(true);
          return;
        }
        if (count > 0) setActiveIndex((index) => (index + 1) % count);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) {
          setIsOpen(true);
          return;
        }
        if (count > 0) setActiveIndex((index) => (index <= 0 ? count - 1 : index - 1));
        return;
      case 'Enter': {
        if (!isOpen) return;
        // An open list owns Enter: it must not submit the surrounding form.
        event.preventDefault();
        const item = options[activeIndex];
        if (item !== undefined) choose(item);
        return;
      }
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
      case 'Tab':
        close();
        return;
      default:
    }
  };

  const isExpanded = isOpen && status !== 'idle';
  const activeOptionId = isExpanded && activeIndex >= 0 ? `${inputId}-option-${activeIndex}` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;

  let announcement = '';
  if (isExpanded && status === 'loading') announcement = 'Searching…';
  if (isExpanded && status === 'done') {
    announcement =
      options.length === 0
        ? noResultsText
        : `${options.length} ${options.length === 1 ? 'result' : 'results'}. Use the up and down arrow keys to review, Enter to choose.`;
  }
  if (isExpanded && status === 'error') announcement = searchError ?? 'The search failed.';

  return (
    <div className={cx('field', 'combobox', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {isOptional && <span className="field__optional"> (optional)</span>}
      </label>
      <div className="combobox__control">
        <SearchIcon size={18} className="combobox__icon" aria-hidden="true" />
        <input
          ref={inputRef}
          id={inputId}
          name={name}
          type="text"
          role="combobox"
          className="field__control combobox__input"
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={text}
          aria-autocomplete="list"
          aria-expanded={isExpanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            setIsOpen(true);
            setActiveIndex(-1);
          }}
          onFocus={() => {
            if (minQueryLength === 0) setIsOpen(true);
          }}
          onClick={() => setIsOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            close();
            onBlur?.(event);
          }}
        />
        {isExpanded && status === 'loading' && <Spinner size="sm" className="combobox__spinner" />}
        <div className="combobox__popup" hidden={!isExpanded}>
          <div
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-label={typeof label === 'string' ? label : undefined}
            className="combobox__listbox"
          >
            {isExpanded &&
              options.map((item, index) => (
                // Keys are handled by the text box (aria-activedescendant); an option only needs
                // the pointer, and mouse-down must not take focus from the text box.
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles keys.
                <div
                  key={itemKey(item)}
                  id={`${inputId}-option-${index}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={index === activeIndex}
                  data-index={index}
                  className={cx('combobox__option', index === activeIndex && 'combobox__option--active')}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActiveIndex(index)}
                  onClick={() => choose(item)}
                >
                  <span className="combobox__option-label">{itemLabel(item)}</span>
                  {itemDetail && <span className="combobox__option-detail">{itemDetail(item)}</span>}
                </div>
              ))}
          </div>
          {isExpanded && options.length === 0 && (
            <p className="combobox__message">
              {status === 'loading' ? 'Searching…' : status === 'error' ? searchError : noResultsText}
            </p>
          )}
        </div>
      </div>
      <span id={statusId} role="status" className="visually-hidden">
        {announcement}
      </span>
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
