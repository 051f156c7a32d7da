import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/fixtures.ts';
import { STORAGE_KEYS, sessionStore, tourFlag } from '../storage.ts';

describe('session storage', () => {
  it('round-trips a session', () => {
    const session = makeSession();
    sessionStore.write(session);
    expect(sessionStore.read()).toEqual(session);
  });

  it('drops a stored value that is not a session', () => {
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ token: 'x' }));
    expect(sessionStore.read()).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
  });

  it('drops a stored value that is not JSON', () => {
    localStorage.setItem(STORAGE_KEYS.session, '{broken');
    expect(sessionStore.read()).toBeNull();
  });
});

describe('guided tour flag', () => {
  it('remembers completion until reset', () => {
    expect(tourFlag.isCompleted()).toBe(false);
    tourFlag.markCompleted();
    expect(localStorage.getItem(STORAGE_KEYS.tourCompleted)).toBe('true');
    expect(tourFlag.isCompleted()).toBe(true);
    tourFlag.reset();
    expect(tourFlag.isCompleted()).toBe(false);
  });
});
