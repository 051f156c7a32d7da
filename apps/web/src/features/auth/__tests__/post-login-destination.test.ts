import { describe, expect, it } from 'vitest';
import { makeSession } from '../../../test/fixtures.ts';
import {
  postLoginDestination,
  resolvePostLoginRoute,
  safeRedirectPath,
  signInPathFor,
} from '../post-login-destination.ts';

describe('postLoginDestination (spec §2 post-login redirect)', () => {
  it('logs a rejected account out', () => {
    expect(postLoginDestination(makeSession({ user: { accountStatus: 'rejected' } }))).toEqual({
      kind: 'logout',
    });
  });

  it('logs a rejected account out even with a 201 session', () => {
    const session = makeSession({ code: 201, user: { accountStatus: 'rejected', preferenceProbe: [] } });
    expect(postLoginDestination(session)).toEqual({ kind: 'logout' });
  });

  it('sends a pending account with session code 201 to /establish-profile', () => {
    const session = makeSession({ code: 201, user: { accountStatus: 'pending', preferenceProbe: [] } });
    expect(postLoginDestination(session)).toEqual({ kind: 'navigate', to: '/establish-profile' });
  });

  it('sends a pending account with probes and an incomplete subscription to /payment', () => {
    const session = makeSession({ user: { accountStatus: 'pending', subscriptionStatus: 'incomplete' } });
    expect(postLoginDestination(session)).toEqual({ kind: 'navigate', to: '/payment' });
  });

  it.each(['active', 'past_due', 'canceled'] as const)(
    'sends a pending account with probes and a %s subscription to /home',
    (subscriptionStatus) => {
      const session = makeSession({ user: { accountStatus: 'pending', subscriptionStatus } });
      expect(postLoginDestination(session)).toEqual({ kind: 'navigate', to: '/home' });
    },
  );

  it('sends a pending account without probes to /would-you-rather, whatever the subscription', () => {
    const session = makeSession({
      user: { accountStatus: 'pending', preferenceProbe: [], subscriptionStatus: 'incomplete' },
    });
    expect(postLoginDestination(session)).toEqual({ kind: 'navigate', to: '/would-you-rather' });
  });

  it.each(['approved', 'block', 'draft'] as const)(
    'sends any other (%s) account to /home',
    (accountStatus) => {
      const session = makeSession({
        code: 201,
        user: { accountStatus, preferenceProbe: [], subscriptionStatus: 'incomplete' },
      });
      expect(postLoginDestination(session)).toEqual({ kind: 'navigate', to: '/home' });
    },
  );
});

describe('resolvePostLoginRoute', () => {
  it('returns to the page that asked for sign-in when the account has nothing left to set up', () => {
    expect(resolvePostLoginRoute(makeSession(), '/jobs?page=2')).toEqual({
      kind: 'navigate',
      to: '/jobs?page=2',
    });
  });

  it('keeps onboarding first even when another page was asked for', () => {
    const session = makeSession({ code: 201, user: { accountStatus: 'pending' } });
    expect(resolvePostLoginRoute(session, '/jobs')).toEqual({ kind: 'navigate', to: '/establish-profile' });
  });

  it('ignores a redirect for a rejected account', () => {
    const session = makeSession({ user: { accountStatus: 'rejected' } });
    expect(resolvePostLoginRoute(session, '/jobs')).toEqual({ kind: 'logout' });
  });

  it('falls back to the post-login destination without a usable redirect', () => {
    expect(resolvePostLoginRoute(makeSession(), null)).toEqual({ kind: 'navigate', to: '/home' });
    expect(resolvePostLoginRoute(makeSession(), 'https://evil.example/phish')).toEqual({
      kind: 'navigate',
      to: '/home',
    });
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['//evil.example', null],
    ['https://evil.example', null],
    ['/\\evil.example', null],
    ['jobs', null],
    ['/signIn', null],
    ['/?x=1', null],
    ['/register', null],
    ['/messages?conversationId=abc', '/messages?conversationId=abc'],
    ['/applicants/42#notes', '/applicants/42#notes'],
  ])('treats %s as %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('signInPathFor', () => {
  it('remembers the full location', () => {
    expect(signInPathFor({ pathname: '/messages', search: '?conversationId=c1', hash: '' })).toBe(
      '/signIn?redirectTo=%2Fmessages%3FconversationId%3Dc1',
    );
  });

  it('does not remember a sign-in page', () => {
    expect(signInPathFor({ pathname: '/signIn', search: '', hash: '' })).toBe('/signIn');
  });
});
