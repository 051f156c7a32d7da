import type { ReactNode } from 'react';
import { cx } from './cx.ts';
import { CloseIcon } from './icons.tsx';
import './chip-list.css';

export interface Chip {
  key: string;
  label: ReactNode;
  /** Names the chip in its remove button, e.g. "Remove Austin, TX". */
  text: string;
}

export interface ChipListProps {
  chips: readonly Chip[];
  /** Names the list for assistive technology, e.g. "Chosen locations". */
  label: string;
  onRemove?: (key: string) => void;
  /** Shown when nothing is chosen yet. */
  emptyText?: ReactNode;
  className?: string;
}

/** Chosen values shown as removable chips. */
export function ChipList({ chips, label, onRemove, emptyText, className }: ChipListProps) {
  if (chips.length === 0) {
    return emptyText ? <p className={cx('chip-list__empty', className)}>{emptyText}</p> : null;
  }
  return (
    <ul className={cx('chip-list', className)} aria-label={label}>
      {chips.map((chip) => (
        <li key={chip.key} className="chip">
          <span className="chip__label">{chip.label}</span>
          {onRemove && (
            <button
              type="button"
              className="chip__remove"
              aria-label={`Remove ${chip.text}`}
              onClick={() => onRemove(chip.key)}
            >
              <CloseIcon size={14} />
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
