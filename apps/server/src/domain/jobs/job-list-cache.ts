/**
 * Pages of organisations' job lists this instance answered a moment ago. The job list is the
 * employer's most-read screen and changes far less often than it is read, so a page is read from
 * the database once and then answered from memory until something it shows changes. It is only
 * ever a shortcut, never the authority:
 *
 * - The database says when a page is wrong. Triggers (migration 0039) call
 *   `pg_notify('medhire_job_list_cache', organizationId)` at commit when the organisation's jobs
 *   change (a posting, an edit, a status, an assignee, a deletion), when a job's applicant and
 *   invite figures change (job_activity_counts, kept by the writes themselves), and when a
 *   member's name changes (assignees are shown by name). Every instance LISTENs and drops that
 *   organisation's pages.
 * - The writer does not wait for that notification: a request that may have written (any method
 *   but GET, HEAD and OPTIONS) drops its organisation's pages on this instance before its answer
 *   is sent, or every page when it is not an employer's (a physician applying changes another
 *   organisation's figures). The very next read on the same instance is read from the database.
 * - A read that was in flight while a page was dropped does not store what it read (a generation
 *   counter), so a page read just before a write committed cannot be kept after it.
 * - While the LISTEN connection is down nothing is served or stored; when it comes back the
 *   cache starts empty, since notifications sent meanwhile were missed.
 * - A page lives at most ENTRY_TTL_MS, and at most MAX_JOBS_HELD jobs are kept in all pages
 *   together (a page holds up to 200): the oldest pages go first.
 */
import type { TJobList } from '@medhire/contract/jobs';

export const JOB_LIST_CACHE_CHANNEL = 'medhire_job_list_cache';
/** The notification a TRUNCATE, or a statement touching very many organisations, sends: forget every page. */
export const FORGET_ALL_ORGANIZATIONS = '*';
/** How long a page may be answered without asking the database again. */
export const ENTRY_TTL_MS = 60_000;
/** Jobs kept at most in all pages together (a job is about 1.5 KB in memory); the oldest pages go first. */
export const MAX_JOBS_HELD = 20_000;

interface Entry {
  organizationId: string;
  list: TJobList;
  storedAt: number;
  /** What the page counts against MAX_JOBS_HELD: its jobs, and one for the page itself. */
  weight: number;
}

export interface JobListCache {
  /** The cached page for `key`, or undefined (then ask the database). */
  get(key: string, now: number): TJobList | undefined;
  /** Call before the database read; pass its answer to `store` with the same ticket. */
  ticket(): number;
  /** Keeps a page unless the cache changed since `ticket` was taken. */
  store(key: string, organizationId: string, list: TJobList, ticket: number, now: number): void;
  /** Drops every page of the organisation; FORGET_ALL_ORGANIZATIONS drops all. */
  forgetOrganization(organizationId: string): void;
  /** The LISTEN connection is up (true) or down (false); either way the cache starts empty. */
  setListening(listening: boolean): void;
  dispose(): void;
  /** Pages kept. */
  readonly size: number;
  /** What the kept pages count against MAX_JOBS_HELD. */
  readonly heldJobs: number;
  /** Reads answered from memory, and reads that went to the database, since the cache was made. */
  readonly hits: number;
  readonly misses: number;
}

export function createJobListCache(): JobListCache {
  const entries = new Map<string, Entry>();
  const keysByOrganization = new Map<string, Set<string>>();
  let generation = 0;
  let listening = false;
  let heldWeight = 0;
  let hits = 0;
  let misses = 0;

  function drop(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    heldWeight -= entry.weight;
    const keys = keysByOrganization.get(entry.organizationId);
    keys?.delete(key);
    if (keys?.size === 0) keysByOrganization.delete(entry.organizationId);
  }

  function clear(): void {
    generation += 1;
    entries.clear();
    keysByOrganization.clear();
    heldWeight = 0;
  }

  return {
    get(key, now) {
      const entry = listening ? entries.get(key) : undefined;
      if (!entry) {
        misses += 1;
        return undefined;
      }
      if (now - entry.storedAt > ENTRY_TTL_MS) {
        drop(key);
        misses += 1;
        return undefined;
      }
      hits += 1;
      return entry.list;
    },
    ticket: () => generation,
    store(key, organizationId, list, ticket, now) {
      if (!listening || ticket !== generation) return;
      drop(key);
      const weight = list.jobs.length + 1;
      // A Map iterates in insertion order: its first key is the oldest page.
      for (const oldest of entries.keys()) {
        if (heldWeight + weight <= MAX_JOBS_HELD) break;
        drop(oldest);
      }
      entries.set(key, { organizationId, list, storedAt: now, weight });
      heldWeight += weight;
      const keys = keysByOrganization.get(organizationId) ?? new Set<string>();
      keys.add(key);
      keysByOrganization.set(organizationId, keys);
    },
    forgetOrganization(organizationId) {
      if (organizationId === FORGET_ALL_ORGANIZATIONS) {
        clear();
        return;
      }
      // Any change moves the generation, not only one that dropped a page: a read of this
      // organisation may be in flight with what it read before the change.
      generation += 1;
      for (const key of [...(keysByOrganization.get(organizationId) ?? [])]) drop(key);
    },
    setListening(value) {
      listening = value;
      clear();
    },
    dispose() {
      listening = false;
      clear();
    },
    get size() {
      return entries.size;
    },
    get heldJobs() {
      return heldWeight;
    },
    get hits() {
      return hits;
    },
    get misses() {
      return misses;
    },
  };
}
