import type { TSession } from '@medhire/contract/account';

/**
 * Everything the app keeps in the browser's localStorage, in one place so the keys are
 * discoverable and logout can clear what belongs to a signed-in person.
 */
export const STORAGE_KEYS = {
  /** The signed-in session (token, user, code), restored when the app starts. */
  session: 'medhire.session',
  /** Set when the person acts for an organisation as a delegate; cleared on logout. */
  delegate: 'medhire.delegate',
  /** The browser's push registration token and when it was registered. */
  pushToken: 'medhire.pushToken',
  /** Set by login v2: the screens show the specialty parameters. */
  showSpecialtyParams: 'medhire.showSpecialtyParams',
  /** Set once the guided tour has been completed or dismissed. */
  tourCompleted: 'medhire.tourCompleted',
  /** The organisation profile being established, so a returning employer resumes with it. */
  profileDraft: 'medhire.profileDraft',
  /** How the applicant lists are shown on this device: 'cards' or 'table'. */
  applicantsView: 'medhire.applicantsView',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

// Storage can be unavailable (privacy modes, quota, disabled cookies); the app then runs
// without persistence instead of failing.
function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function readJson<T>(key: StorageKey): T | null {
  const raw = storage()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    storage()?.removeItem(key);
    return null;
  }
}

export function writeJson(key: StorageKey, value: unknown): void {
  try {
    storage()?.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs persistence across reloads.
  }
}

export function removeItem(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to clean when storage is blocked.
  }
}

export function readFlag(key: StorageKey): boolean {
  return readJson<unknown>(key) === true;
}

export function writeFlag(key: StorageKey, value: boolean): void {
  if (value) writeJson(key, true);
  else removeItem(key);
}

export const delegateFlag = {
  isSet: () => readFlag(STORAGE_KEYS.delegate),
  set: (isDelegate: boolean) => writeFlag(STORAGE_KEYS.delegate, isDelegate),
  clear: () => removeItem(STORAGE_KEYS.delegate),
};

export const specialtyParamsFlag = {
  isSet: () => readFlag(STORAGE_KEYS.showSpecialtyParams),
  set: () => writeFlag(STORAGE_KEYS.showSpecialtyParams, true),
};

export const tourFlag = {
  isCompleted: () => readFlag(STORAGE_KEYS.tourCompleted),
  markCompleted: () => writeFlag(STORAGE_KEYS.tourCompleted, true),
  reset: () => removeItem(STORAGE_KEYS.tourCompleted),
};

export type ApplicantsView = 'cards' | 'table';

/** The applicant lists' layout chosen on this device; cards until the person picks the table. */
export const applicantsViewStore = {
  read: (): ApplicantsView =>
    readJson<unknown>(STORAGE_KEYS.applicantsView) === 'table' ? 'table' : 'cards',
  write: (view: ApplicantsView) => writeJson(STORAGE_KEYS.applicantsView, view),
};

export interface StoredPushToken {
  value: string;
  /** ISO time of the registration; it is refreshed after seven days (spec §4). */
  registeredAt: string;
}

export const pushTokenStore = {
  read: () => readJson<StoredPushToken>(STORAGE_KEYS.pushToken),
  write: (token: StoredPushToken) => writeJson(STORAGE_KEYS.pushToken, token),
  clear: () => removeItem(STORAGE_KEYS.pushToken),
};

/**
 * The stored session is read back on every start, so a shape written by an older release
 * (or edited by hand) is dropped rather than trusted.
 */
function looksLikeSession(value: unknown): value is TSession {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as { token?: unknown; user?: unknown; code?: unknown };
  const user = candidate.user as { _id?: unknown; accountStatus?: unknown } | null | undefined;
  return (
    typeof candidate.token === 'string' &&
    candidate.token.length > 0 &&
    (candidate.code === 200 || candidate.code === 201) &&
    typeof user === 'object' &&
    user !== null &&
    typeof user._id === 'string' &&
    typeof user.accountStatus === 'string'
  );
}

export const sessionStore = {
  read(): TSession | null {
    const value = readJson<unknown>(STORAGE_KEYS.session);
    if (value === null) return null;
    if (looksLikeSession(value)) return value;
    removeItem(STORAGE_KEYS.session);
    return null;
  },
  write: (session: TSession) => writeJson(STORAGE_KEYS.session, session),
  clear: () => removeItem(STORAGE_KEYS.session),
};
