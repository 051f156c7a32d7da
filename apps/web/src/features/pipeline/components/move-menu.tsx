import { isPipelineExit, type TPipelineStatus } from '@medhire/contract/matches';
import { ChevronDownIcon } from '@medhire/ui/icons.tsx';
import { Fragment, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { BOARD_COLUMNS } from '../board-columns.ts';

export interface MoveMenuProps {
  /** Who is moved, for the button's accessible name ("Move Dr. Jane Doe"). */
  name: string;
  current: TPipelineStatus;
  disabled?: boolean;
  onMove: (status: TPipelineStatus) => void;
}

/**
 * The keyboard and screen-reader way to move a card: a menu button listing the other stages in
 * hiring order, with Rejected (the exit) after a separator. Arrow keys move between stages,
 * Enter picks one, Escape closes and returns to the button.
 */
export function MoveMenu({ name, current, disabled = false, onMove }: MoveMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<HTMLButtonElement[]>([]);
  const rootRef = useRef<HTMLDivElement>(null);
  const targets = BOARD_COLUMNS.filter((status) => status !== current);

  useEffect(() => {
    if (!isOpen) return;
    itemRefs.current[0]?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const close = () => {
    setIsOpen(false);
    buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = itemRefs.current.filter(Boolean);
    const index = items.indexOf(document.activeElement as HTMLButtonElement);
    const last = items.length - 1;
    const next = {
      ArrowDown: index >= last ? 0 : index + 1,
      ArrowUp: index <= 0 ? last : index - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next !== undefined) {
      event.preventDefault();
      items[next]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    }
  };

  return (
    <div className="move-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="move-menu__button"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-label={`Move ${name}`}
        // Stays focusable while a move is saved, so keyboard focus is not lost; it just waits.
        aria-disabled={disabled || undefined}
        onClick={() => !disabled && setIsOpen((open) => !open)}
        onKeyDown={(event) => {
          if (!disabled && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            setIsOpen(true);
          }
        }}
      >
        {/* The visible word is the start of the accessible name ("Move Dr. Jane Doe"), so a voice
            user saying "Move" reaches it (WCAG 2.5.3). */}
        Move
        <ChevronDownIcon size={14} />
      </button>
      {isOpen && (
        <div
          className="move-menu__list"
          role="menu"
          id={menuId}
          aria-label={`Move ${name} to`}
          tabIndex={-1}
          onKeyDown={onMenuKeyDown}
        >
          {targets.map((status, index) => (
            <Fragment key={status}>
              {isPipelineExit(status) && index > 0 && <hr className="move-menu__separator" />}
              <button
                ref={(element) => {
                  if (element) itemRefs.current[index] = element;
                }}
                type="button"
                role="menuitem"
                tabIndex={-1}
                className="move-menu__item"
                onClick={() => {
                  setIsOpen(false);
                  onMove(status);
                }}
              >
                {status}
              </button>
            </Fragment>
          ))}
        </div>
      )}
    </div>
  );
}
