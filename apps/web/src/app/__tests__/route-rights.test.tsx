import { MEMBER_ROLES, RIGHT_NAMES, roleCan, type TMemberRole } from '@medhire/contract/team-roles';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeEnums } from '../../test/enums-fixture.ts';
import { envelope, makeSession, mockApi } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';
import { explainMissingAccess } from '../no-access-screen.tsx';
import { flattenRoutes, missingAccess, missingAccessForPath } from '../route-access.ts';
import { routes } from '../router.tsx';

function rightsOf(role: TMemberRole) {
  return RIGHT_NAMES.filter((right) => roleCan(role, right));
}

function sessionFor(role: TMemberRole) {
  return makeSession({
    user: {
      memberRole: role,
      rights: rightsOf(role),
      isDelegate: role === 'delegate',
      fullName: `The ${role}`,
    },
  });
}

/** The calls every signed-in page makes, answered for `role` (the sync keeps the role's rights). */
function mockSignedInApi(role: TMemberRole, extra: Parameters<typeof mockApi>[0] = {}) {
  const session = sessionFor(role);
  return mockApi({
    'GET /api/employer/auth/sync-user-detail/user-1': () => envelope({ user: session.user, code: 200 }),
    'GET /api/enums/get-all-enums': () => envelope(makeEnums()),
    'GET /api/employer/notification/get-all-notification/user-1': () =>
      envelope({ notifications: [], total: 0, unreadCount: 0, pageNumber: 1, pageSize: 20 }),
    ...extra,
  });
}

const patterns = flattenRoutes(routes);
const signedInPatterns = patterns.filter((pattern) => pattern.isSignedIn);

describe('the routes and the rights table', () => {
  it('ties every signed-in page to a right, so none is forgotten by the guard', () => {
    expect(signedInPatterns.length).toBeGreaterThan(20);
    const withoutRule = signedInPatterns
      // The agreement is what a delegate signs before anything else; every role reaches it.
      .filter((pattern) => pattern.path !== '/delegate-agreement' && pattern.path !== '/edit-profile')
      .filter((pattern) => pattern.access === undefined)
      .map((pattern) => pattern.path);
    expect(withoutRule).toEqual([]);
  });

  it('ties the pages of spec §2 that change the organisation, billing or jobs to those rights', () => {
    const rightOf = (path: string) => patterns.find((pattern) => pattern.path === path)?.access?.right;
    expect(rightOf('/create-job')).toBe('jobs.create');
    expect(rightOf('/edit-job/:id')).toBe('jobs.edit');
    expect(rightOf('/edit-profile/would-you-rather')).toBe('organization.edit');
    expect(rightOf('/would-you-rather')).toBe('organization.edit');
    for (const path of ['/manage-subscriptions', '/update-subscriptions', '/payment', '/global-connection']) {
      expect(rightOf(path), path).toBe('billing');
    }
    expect(rightOf('/settings/activity')).toBe('activity.read');
    expect(rightOf('/settings/data-export')).toBe('data.export');
    expect(rightOf('/reports')).toBe('reports.read');
  });

  it('finds what a concrete path needs through the router, nested settings pages included', () => {
    expect(missingAccessForPath(routes, '/edit-job/job-7', rightsOf('delegate'))).toBeUndefined();
    expect(missingAccessForPath(routes, '/create-job', rightsOf('delegate'))?.right).toBe('jobs.create');
    expect(missingAccessForPath(routes, '/settings/data-export', rightsOf('admin'))?.right).toBe(
      'data.export',
    );
    expect(missingAccessForPath(routes, '/settings/data-export', rightsOf('owner'))).toBeUndefined();
    expect(missingAccessForPath(routes, '/terms-conditions', [])).toBeUndefined();
  });

  it.each(MEMBER_ROLES)('lets the %s into exactly the pages whose right the role holds', (role) => {
    for (const pattern of signedInPatterns) {
      const refused = missingAccess([pattern.access && { access: pattern.access }], rightsOf(role));
      expect(refused !== undefined, `${role} on ${pattern.path}`).toBe(
        pattern.access !== undefined && !roleCan(role, pattern.access.right),
      );
    }
  });
});

describe('the route guard', () => {
  it('explains /create-job to a delegate instead of the form, and links to their jobs', async () => {
    const { calls } = mockSignedInApi('delegate');
    renderApp('/create-job', { session: sessionFor('delegate') });
    const heading = await screen.findByRole('heading', {
      name: "This page isn't available for your role",
      level: 1,
    });
    expect(heading).toBeInTheDocument();
    expect(
      screen.getByText('Your role (Delegate) cannot post jobs. Ask an owner, admin or recruiter.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your jobs' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('heading', { name: 'Post a job' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /publish|next/i })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.includes('create-job'))).toBe(false);
  });

  it.each(['owner', 'admin', 'recruiter'] as const)('shows /create-job to the %s', async (role) => {
    mockSignedInApi(role);
    renderApp('/create-job', { session: sessionFor(role) });
    expect(await screen.findByRole('heading', { name: 'Post a job', level: 1 })).toBeInTheDocument();
    expect(screen.queryByText(/cannot post jobs/)).not.toBeInTheDocument();
  });

  it.each(['admin', 'recruiter', 'delegate'] as const)(
    'explains /manage-subscriptions to the %s without asking the server for the subscription',
    async (role) => {
      const { calls } = mockSignedInApi(role);
      renderApp('/manage-subscriptions', { session: sessionFor(role) });
      const label = { admin: 'Admin', recruiter: 'Recruiter', delegate: 'Delegate' }[role];
      expect(
        await screen.findByText(`Your role (${label}) cannot manage the subscription. Ask the owner.`),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/home');
      expect(calls.some((call) => call.path.includes('/subscription/'))).toBe(false);
    },
  );

  it('sends a recruiter from the candidate preferences back to the profile they can read', async () => {
    mockSignedInApi('recruiter');
    renderApp('/edit-profile/would-you-rather', { session: sessionFor('recruiter') });
    expect(
      await screen.findByText(
        'Your role (Recruiter) cannot change the candidate preferences. Ask an owner or admin.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the organization profile' })).toHaveAttribute(
      'href',
      '/edit-profile',
    );
  });

  it('explains the data export to an admin, and activity to a recruiter, inside the app layout', async () => {
    mockSignedInApi('admin');
    const admin = renderApp('/settings/data-export', { session: sessionFor('admin') });
    expect(
      await screen.findByText("Your role (Admin) cannot export the organization's data. Ask the owner."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the team' })).toHaveAttribute('href', '/settings/team');
    admin.unmount();

    mockSignedInApi('recruiter');
    renderApp('/settings/activity', { session: sessionFor('recruiter') });
    expect(
      await screen.findByText('Your role (Recruiter) cannot see the activity log. Ask an owner or admin.'),
    ).toBeInTheDocument();
  });

  it('hides the navigation entries a delegate cannot use and keeps the profile for their own account', async () => {
    mockSignedInApi('delegate');
    renderApp('/create-job', { session: sessionFor('delegate') });
    await screen.findByRole('heading', { name: "This page isn't available for your role", level: 1 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Subscription' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/edit-profile');
    expect(within(nav).getByRole('link', { name: 'Jobs' })).toBeInTheDocument();
  });

  it('gives Applicants and Settings icons of their own in the navigation', async () => {
    mockSignedInApi('owner');
    renderApp('/settings/activity', { session: sessionFor('owner') });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const iconOf = (name: string) => within(nav).getByRole('link', { name }).querySelector('svg')?.innerHTML;
    expect(iconOf('Applicants')).toBeTruthy();
    expect(iconOf('Settings')).toBeTruthy();
    expect(iconOf('Settings')).not.toBe(iconOf('Applicants'));
  });

  it('words the explanation from the route and the role', () => {
    const access = patterns.find((pattern) => pattern.path === '/payment')?.access;
    expect(access && explainMissingAccess('Recruiter', access)).toBe(
      'Your role (Recruiter) cannot manage the subscription. Ask the owner.',
    );
  });
});
