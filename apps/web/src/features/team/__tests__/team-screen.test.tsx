import type { TTeamData } from '@medhire/contract/team';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, failure, makeSession, mockApi } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const owner = makeSession();

function makeTeam(overrides: Partial<TTeamData> = {}): TTeamData {
  return {
    members: [
      {
        _id: 'user-1',
        email: 'recruiting@lakeside-clinic.org',
        fullName: 'Maria Delgado',
        memberRole: 'owner',
        lastActiveAt: '2026-11-20T15:00:00.000Z',
        joinedAt: '2026-01-10T09:00:00.000Z',
        assignedJobCount: 3,
        isTwoStepOn: false,
      },
      {
        _id: 'user-2',
        email: 'james@lakeside-clinic.org',
        fullName: 'James Okafor',
        memberRole: 'recruiter',
        lastActiveAt: null,
        joinedAt: '2026-10-01T09:00:00.000Z',
        assignedJobCount: 1,
        isTwoStepOn: false,
      },
    ],
    invitations: [
      {
        _id: 'invitation-1',
        email: 'dana@agency.example',
        role: 'recruiter',
        jobIds: [],
        invitedByName: 'Maria Delgado',
        sentAt: '2026-11-20T15:00:00.000Z',
        expiresAt: '2026-11-27T15:00:00.000Z',
        isExpired: false,
      },
    ],
    seats: { used: 3, limit: 5, planName: 'Professional', nextPlan: null },
    isTwoStepRequired: false,
    ...overrides,
  };
}

function teamApi(team: TTeamData, overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/employer/team/get-team': () => envelope(team),
    'GET /api/employer/job/get-all-jobs/user-1': () =>
      envelope({ jobs: [], total: 0, pageNumber: 1, pageSize: 100 }),
    ...overrides,
  });
}

const membersList = async () =>
  within(
    (await screen.findByRole('heading', { name: 'Members' })).closest('section') as HTMLElement,
  ).getByRole('list');

describe('Settings → Team', () => {
  it("shows a member's name above their e-mail, and a member without a name by their e-mail once", async () => {
    const team = makeTeam();
    const [named, colleague] = team.members;
    if (!named || !colleague) throw new Error('the fixture has two members');
    teamApi({ ...team, members: [named, { ...colleague, fullName: null }] });
    renderApp('/settings/team', { session: owner });
    const items = within(await membersList()).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Maria Delgado (you)recruiting@lakeside-clinic.org · Owner');
    const unnamed = within(items[1] as HTMLElement);
    expect(unnamed.getByText('james@lakeside-clinic.org', { selector: 'strong' })).toBeVisible();
    // The line under it no longer repeats the e-mail.
    expect(unnamed.getByText('Recruiter · Never signed in', { exact: true })).toBeVisible();
  });

  it('lists the members with their role and last activity, and the seats in words', async () => {
    teamApi(makeTeam());
    renderApp('/settings/team', { session: owner });
    const members = await membersList();
    const items = within(members).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Maria Delgado (you)');
    expect(items[0]).toHaveTextContent('Owner · Last active');
    expect(items[1]).toHaveTextContent('James Okafor');
    expect(items[1]).toHaveTextContent('Recruiter · Never signed in');
    // The owner manages the others, not themself.
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Remove James Okafor' }),
    ).toBeVisible();
    expect(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Make owner James Okafor' }),
    ).toBeVisible();
    expect(screen.getByRole('meter', { name: 'Seats used' })).toHaveAttribute(
      'aria-valuetext',
      '3 of 5 seats used on Professional',
    );
    expect(screen.getByText('dana@agency.example')).toBeVisible();
  });

  it('shows a recruiter the team without the management controls', async () => {
    teamApi(makeTeam());
    renderApp('/settings/team', {
      session: makeSession({
        user: { _id: 'user-2', memberRole: 'recruiter', rights: ['team.read', 'jobs.read', 'jobs.create'] },
      }),
    });
    await membersList();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Invite a team member' })).toBeNull();
  });

  it('explains an invalid e-mail and a delegate without jobs, and sends nothing', async () => {
    const { calls } = teamApi(makeTeam());
    const { user } = renderApp('/settings/team', { session: owner });
    const form = await screen.findByRole('form', { name: 'Invite a team member' });
    await user.type(within(form).getByLabelText('E-mail'), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Enter a valid e-mail address.')).toBeVisible();
    expect(within(form).getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');

    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'dee@agency.example');
    await user.selectOptions(within(form).getByLabelText('Role'), 'delegate');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Give the delegate at least one job to work on.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends a valid invitation and shows the pending list the server answers', async () => {
    const invited = makeTeam({
      invitations: [
        ...makeTeam().invitations,
        {
          _id: 'invitation-2',
          email: 'rita@lakeside-clinic.org',
          role: 'admin',
          jobIds: [],
          invitedByName: 'Maria Delgado',
          sentAt: '2026-11-21T15:00:00.000Z',
          expiresAt: '2026-11-28T15:00:00.000Z',
          isExpired: false,
        },
      ],
    });
    const { calls } = teamApi(makeTeam(), {
      'POST /api/employer/team/invite-member': () => envelope(invited, 201),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    const form = await screen.findByRole('form', { name: 'Invite a team member' });
    await user.type(within(form).getByLabelText('E-mail'), 'Rita@Lakeside-Clinic.org');
    await user.selectOptions(within(form).getByLabelText('Role'), 'admin');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('rita@lakeside-clinic.org')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      email: 'rita@lakeside-clinic.org',
      role: 'admin',
      jobIds: [],
    });
  });

  it('shows the refusal of an invitation beyond the seats', async () => {
    teamApi(makeTeam(), {
      'POST /api/employer/team/invite-member': () =>
        failure('Every seat of Professional is taken. Enterprise has 25 seats.', 422, 'SEATS_FULL'),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    const form = await screen.findByRole('form', { name: 'Invite a team member' });
    await user.type(within(form).getByLabelText('E-mail'), 'one@more.example');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText(/Every seat of Professional is taken/)).toBeVisible();
  });

  it('asks before cancelling an invitation, and keeps it when told to', async () => {
    const { calls } = teamApi(makeTeam(), {
      'DELETE /api/employer/team/revoke-invitation/invitation-1': () =>
        envelope(makeTeam({ invitations: [] })),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    const cancel = await screen.findByRole('button', {
      name: 'Cancel the invitation of dana@agency.example',
    });

    // Destructive, so it looks like the app's other destructive buttons (Remove beside it).
    expect(cancel).toHaveClass('button--danger');
    expect(await screen.findByRole('button', { name: 'Remove James Okafor' })).toHaveClass('button--danger');

    await user.click(cancel);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel this invitation?' });
    expect(dialog).toHaveTextContent('dana@agency.example');
    await user.click(within(dialog).getByRole('button', { name: 'Keep as is' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(cancel);
    dialog = await screen.findByRole('dialog', { name: 'Cancel this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel invitation' }));
    expect(await screen.findByText('No invitation is waiting for an answer.')).toBeVisible();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      '/api/employer/team/revoke-invitation/invitation-1',
    ]);
  });

  it('asks before removing a member', async () => {
    const { calls } = teamApi(makeTeam(), {
      'DELETE /api/employer/team/remove-member/user-2': () =>
        envelope(makeTeam({ members: makeTeam().members.slice(0, 1) })),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    await user.click(await screen.findByRole('button', { name: 'Remove James Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this member?' });
    expect(dialog).toHaveTextContent('James Okafor will be signed out at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByText('James Okafor')).toBeNull());
    expect(calls.some((call) => call.path === '/api/employer/team/remove-member/user-2')).toBe(true);
  });

  it('hides the invite form when every seat is taken and offers the owner the next plan', async () => {
    teamApi(
      makeTeam({
        seats: {
          used: 5,
          limit: 5,
          planName: 'Professional',
          nextPlan: { planId: 'plan-enterprise', planName: 'Enterprise', seats: 25 },
        },
      }),
    );
    renderApp('/settings/team', { session: owner });
    expect(await screen.findByRole('link', { name: 'Upgrade to Enterprise for 25 seats' })).toHaveAttribute(
      'href',
      '/update-subscriptions',
    );
    expect(screen.queryByRole('form', { name: 'Invite a team member' })).toBeNull();
  });
});

describe('Settings → Team: two-step sign-in', () => {
  function teamWithFactors(isOwnerOn: boolean, isRecruiterOn: boolean, isTwoStepRequired = false) {
    const team = makeTeam({ isTwoStepRequired });
    const [first, second] = team.members;
    if (!first || !second) throw new Error('the fixture has two members');
    return {
      ...team,
      members: [
        { ...first, isTwoStepOn: isOwnerOn },
        { ...second, isTwoStepOn: isRecruiterOn },
      ],
    };
  }

  it("shows each member's two-step status", async () => {
    teamApi(teamWithFactors(true, false));
    renderApp('/settings/team', { session: owner });
    const items = within(await membersList()).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Two-step on')).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText('Two-step off')).toBeVisible();
  });

  it("resets a member's factors after a confirmation", async () => {
    const after = teamWithFactors(true, false);
    const { calls } = teamApi(teamWithFactors(true, true), {
      'POST /api/employer/team/reset-member-factors/user-2': () => envelope(after),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    const items = within(await membersList()).getAllByRole('listitem');
    // Nobody resets their own here.
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: /Reset two-step/ })).toBeNull();
    await user.click(
      within(items[1] as HTMLElement).getByRole('button', { name: 'Reset two-step of James Okafor' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-step sign-in?' });
    expect(dialog).toHaveTextContent('signed out everywhere');
    await user.click(within(dialog).getByRole('button', { name: 'Reset two-step sign-in' }));
    await waitFor(() =>
      expect(calls.some((call) => call.path.endsWith('/reset-member-factors/user-2'))).toBe(true),
    );
    expect(await within(await membersList()).findAllByText('Two-step off')).toHaveLength(1);
  });

  it('lets the owner with an authenticator app require two-step sign-in', async () => {
    const { calls } = teamApi(teamWithFactors(true, false), {
      'PATCH /api/employer/team/update-two-step-policy': () => envelope(teamWithFactors(true, false, true)),
    });
    const { user } = renderApp('/settings/team', { session: owner });
    await user.click(
      await screen.findByRole('switch', { name: 'Require two-step sign-in for every member' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Change the two-step sign-in rule?' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(calls.find((call) => call.path.endsWith('/update-two-step-policy'))?.body).toEqual({
        isTwoStepRequired: true,
      }),
    );
    expect(
      await screen.findByRole('switch', { name: 'Require two-step sign-in for every member' }),
    ).toBeChecked();
  });

  it('asks an owner without an authenticator app to turn on their own first', async () => {
    teamApi(teamWithFactors(false, false));
    renderApp('/settings/team', { session: owner });
    expect(
      await screen.findByRole('switch', { name: 'Require two-step sign-in for every member' }),
    ).toBeDisabled();
    expect(screen.getByText(/Turn on an authenticator app for your own account first/)).toBeVisible();
  });

  it('shows others the rule without the switch', async () => {
    teamApi(teamWithFactors(true, true, true));
    renderApp('/settings/team', {
      session: makeSession({
        user: { _id: 'user-2', memberRole: 'recruiter', rights: ['team.read', 'jobs.read', 'jobs.create'] },
      }),
    });
    expect(await screen.findByText(/Required: every member signs in with a code/)).toBeVisible();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset two-step/ })).toBeNull();
  });
});
