/**
 * Sessions this instance authenticated a moment ago, so the hottest calls (sending a message)
 * skip the session query. It is only ever a shortcut, never the authority:
 *
 * - The database says when an entry is wrong. Triggers (migration 0016) call
 *   `pg_notify('medhire_session_cache', userId)` when a session ends or is deleted, when the
 *   user row changes in any way, and when a physician profile appears or moves; every instance
 *   LISTENs and drops that user's entries. A sign-out on instance A is therefore effective on
 *   instance B as soon as B hears the commit.
 * - The writer does not wait for that notification: code that ends sessions or changes a user
 *   also calls `forgetUser` right after its commit, so the very next request on the same
 *   instance is refused or sees the change.
 * - A lookup that was in flight while a notification arrived does not store what it read (a
 *   generation counter), so a row read just before a sign-out commits cannot be cached after it.
 * - While the LISTEN connection is down nothing is served or stored; when it comes back the
 *   cache starts empty, since notifications sent meanwhile were missed.
 * - An entry lives at most ENTRY_TTL_MS, well inside the five minutes after which a session's
 *   last_seen_at is written, so that write still happens on the query path.
 */
import type { ActiveSession } from './sessions.ts';

export const SESSION_CACHE_CHANNEL = 'medhire_session_cache';
/** The notification a TRUNCATE of users, sessions or physicians sends: forget every entry. */
export const FORGET_EVERYONE = '*';
/** How long an entry may be served without asking the database again. */
export const ENTRY_TTL_MS = 60_000;
/** Entries kept at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

interface Entry {
  active: ActiveSession;
  storedAt: number;
}

export interface SessionCache {
  /** The cached lookup of a token hash, or undefined (then ask the database). */
  get(tokenHash: string, now: number): ActiveSession | undefined;
  /** Call before the database lookup; pass its answer to `store` with the same ticket. */
  ticket(): number;
  /** Keeps a lookup's answer unless the cache changed since `ticket` was taken. */
  store(tokenHash: string, active: ActiveSession, ticket: number, now: number): void;
  /** Drops every entry of the user (a notification, or a write on this instance); FORGET_EVERYONE drops all. */
  forgetUser(userId: string): void;
  /** The LISTEN connection is up (true) or down (false); either way the cache starts empty. */
  setListening(listening: boolean): void;
  /** Stops hearing `forgetCachedUser` (the app closed). */
  dispose(): void;
  readonly size: number;
}

/** Every cache of this process, so a write can tell them all without knowing which app holds which. */
const processCaches = new Set<SessionCache>();

/**
 * Tells this process's caches at once that the user's sessions or account changed; the
 * database's notification follows at commit and reaches the other instances.
 */
export function forgetCachedUser(userId: string): void {
  for (const cache of processCaches) cache.forgetUser(userId);
}

export function createSessionCache(): SessionCache {
  const entries = new Map<string, Entry>();
  const tokensByUser = new Map<string, Set<string>>();
  let generation = 0;
  let listening = false;

  function drop(tokenHash: string): void {
    const entry = entries.get(tokenHash);
    if (!entry) return;
    entries.delete(tokenHash);
    const tokens = tokensByUser.get(entry.active.user.id);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) tokensByUser.delete(entry.active.user.id);
  }

  function clear(): void {
    generation += 1;
    entries.clear();
    tokensByUser.clear();
  }

  const cache: SessionCache = {
    get(tokenHash, now) {
      if (!listening) return undefined;
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now - entry.storedAt > ENTRY_TTL_MS) {
        drop(tokenHash);
        return undefined;
      }
      return entry.active;
    },
    ticket: () => generation,
    store(tokenHash, active, ticket, now) {
      if (!listening || ticket !== generation) return;
      drop(tokenHash);
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) drop(oldest);
      }
      entries.set(tokenHash, { active, storedAt: now });
      const tokens = tokensByUser.get(active.user.id) ?? new Set<string>();
      tokens.add(tokenHash);
      tokensByUser.set(active.user.id, tokens);
    },
    forgetUser(userId) {
      if (userId === FORGET_EVERYONE) {
        clear();
        return;
      }
      // Any change moves the generation, not only one that dropped an entry: a lookup of this
      // user may be in flight with what it read before the change.
      generation += 1;
      for (const tokenHash of tokensByUser.get(userId) ?? []) entries.delete(tokenHash);
      tokensByUser.delete(userId);
    },
    setListening(value) {
      listening = value;
      clear();
    },
    dispose() {
      processCaches.delete(cache);
      listening = false;
      clear();
    },
    get size() {
      return entries.size;
    },
  };
  processCaches.add(cache);
  return cache;
}
