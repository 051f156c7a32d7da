import type { TPhysicianSession } from '@medhire/contract/physicians';

/**
 * The physician's session in this browser. The employer app lives on the same origin, so the
 * key is the physician app's own: signing in to one never signs in or out of the other.
 */
export const SESSION_KEY = 'medhire.physician.session';

export const sessionStorageStore = {
  read(): TPhysicianSession | null {
    try {
      const raw = localStorage.getItem(SESSION_KEY);
      if (!raw) return null;
      const value = JSON.parse(raw) as Partial<TPhysicianSession>;
      return typeof value.token === 'string' && value.physician ? (value as TPhysicianSession) : null;
    } catch {
      return null;
    }
  },
  write(session: TPhysicianSession | null): void {
    try {
      if (session) localStorage.setItem(SESSION_KEY, JSON.stringify(session));
      else localStorage.removeItem(SESSION_KEY);
    } catch {
      // Private browsing with storage off: the session lasts as long as the tab.
    }
  },
};
