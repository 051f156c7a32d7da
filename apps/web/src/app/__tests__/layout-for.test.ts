import { describe, expect, it } from 'vitest';
import { LEGAL_PATHS, layoutFor } from '../layouts/layout-for.ts';

const complete = { code: 200 } as const;
const profileMissing = { code: 201 } as const;

describe('layoutFor (spec §2 layouts)', () => {
  it.each(LEGAL_PATHS)('shows legal page %s in the public layout, signed in or out', (path) => {
    expect(layoutFor(null, path)).toBe('public');
    expect(layoutFor(complete, path)).toBe('public');
    expect(layoutFor(profileMissing, path)).toBe('public');
  });

  it.each(['/payment', '/global-connection'])('shows %s in the public layout when signed in', (path) => {
    expect(layoutFor(complete, path)).toBe('public');
    expect(layoutFor(profileMissing, path)).toBe('public');
  });

  it('gives /would-you-rather its own layout when signed in', () => {
    expect(layoutFor(complete, '/would-you-rather')).toBe('would-you-rather');
    expect(layoutFor(profileMissing, '/would-you-rather')).toBe('would-you-rather');
  });

  it("gives a delegate's agreement page a focused layout of its own when signed in", () => {
    expect(layoutFor(complete, '/delegate-agreement')).toBe('agreement');
    expect(layoutFor(null, '/delegate-agreement')).toBe('auth');
  });

  it('keeps a delegate who has not accepted the agreement out of the main layout on any page', () => {
    const pending = { code: 200, user: { isDelegate: true, delegateAgreementAccepted: false } } as const;
    const accepted = { code: 200, user: { isDelegate: true, delegateAgreementAccepted: true } } as const;
    expect(layoutFor(pending, '/home')).toBe('agreement');
    expect(layoutFor(pending, '/jobs')).toBe('agreement');
    expect(layoutFor(pending, '/delegate-access')).toBe('public');
    expect(layoutFor(accepted, '/home')).toBe('main');
  });

  it('does not give the editing variant of would-you-rather the focused layout', () => {
    expect(layoutFor(complete, '/edit-profile/would-you-rather')).toBe('main');
  });

  it.each(['/establish-profile', '/home', '/jobs', '/claimBusinessProfile'])(
    'shows %s in the onboarding layout for a session with code 201',
    (path) => {
      expect(layoutFor(profileMissing, path)).toBe('onboarding');
    },
  );

  it.each(['/home', '/jobs', '/applicants/a1', '/messages', '/establish-profile', '/edit-profile'])(
    'shows %s in the main layout for other signed-in sessions',
    (path) => {
      expect(layoutFor(complete, path)).toBe('main');
    },
  );

  it.each(['/', '/signIn', '/register', '/establish-profile', '/payment', '/no-such-page'])(
    'shows %s in the auth layout when signed out',
    (path) => {
      expect(layoutFor(null, path)).toBe('auth');
    },
  );

  it.each(['/', '/signIn', '/register', '/recover-password', '/claimBusiness'])(
    'keeps %s in the auth layout while a session passes through it (sign-in, sign-out)',
    (path) => {
      expect(layoutFor(complete, path)).toBe('auth');
      expect(layoutFor(profileMissing, path)).toBe('auth');
      expect(layoutFor(complete, `${path}/`.replace('//', '/'))).toBe('auth');
    },
  );

  it('ignores a trailing slash', () => {
    expect(layoutFor(complete, '/payment/')).toBe('public');
    expect(layoutFor(null, '/privacy-policy/')).toBe('public');
  });
});
