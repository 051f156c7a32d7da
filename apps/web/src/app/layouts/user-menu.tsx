import { BuildingIcon, CardIcon, ChevronDownIcon, LogoutIcon } from '@medhire/ui/icons.tsx';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { selectUser } from '../../features/auth/auth-slice.ts';
import { useAppSelector } from '../hooks.ts';
import { useSignOut } from './use-sign-out.ts';
import './user-menu.css';

/**
 * The avatar's letters: the first and last initials of the person's name ("Dana Whitfield" →
 * "DW"); only without a name, two letters from the e-mail's local part.
 */
export function initialsOf(fullName: string | null | undefined, email: string): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    const first = words[0]?.[0] ?? '';
    const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
    return `${first}${last}`.toUpperCase();
  }
  const local = email.split('@')[0] ?? '';
  const parts = local.split(/[._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]?.[0] ?? ''}${parts[1]?.[0] ?? ''}` : local.slice(0, 2);
  return letters.toUpperCase() || 'M';
}

/** The signed-in person's menu: who is signed in, account pages, sign out. */
export function UserMenu() {
  const user = useAppSelector(selectUser);
  const signOut = useSignOut();
  const [isOpen, setIsOpen] = useState(false);
  const menuId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setIsOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  const email = user?.email ?? '';
  const fullName = user?.fullName ?? null;
  const rights = user?.rights;
  const close = () => setIsOpen(false);

  return (
    <div className="user-menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="user-menu__button"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setIsOpen((open) => !open)}
      >
        <span className="user-menu__avatar" aria-hidden="true">
          {initialsOf(fullName, email)}
        </span>
        <span className="user-menu__email">{fullName ?? email}</span>
        <span className="visually-hidden">Account menu</span>
        <ChevronDownIcon size={16} className="user-menu__chevron" />
      </button>
      <div className="user-menu__panel" id={menuId} hidden={!isOpen}>
        <p className="user-menu__signed-in">
          Signed in as
          <strong>{fullName ?? email}</strong>
          {fullName && <span className="user-menu__signed-in-email">{email}</span>}
        </p>
        <ul className="user-menu__list">
          {rights?.includes('organization.read') && (
            <li>
              <Link className="user-menu__item" to="/edit-profile" onClick={close}>
                <BuildingIcon size={18} />
                Organization profile
              </Link>
            </li>
          )}
          {rights?.includes('billing') && (
            <li>
              <Link className="user-menu__item" to="/manage-subscriptions" onClick={close}>
                <CardIcon size={18} />
                Subscription
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="user-menu__item user-menu__item--danger" onClick={signOut}>
              <LogoutIcon size={18} />
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
