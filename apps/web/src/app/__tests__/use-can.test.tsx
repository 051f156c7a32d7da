import { MEMBER_ROLES, RIGHT_NAMES, roleCan, type TMemberRole } from '@medhire/contract/team-roles';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { makeSession } from '../../test/fixtures.ts';
import { createAppStore } from '../store.ts';
import { canUse, useCan, useRoleLabel, whoCan } from '../use-can.ts';

/** The rights the server answers for a role: its column of the rights table. */
function rightsOf(role: TMemberRole) {
  return RIGHT_NAMES.filter((right) => roleCan(role, right));
}

function renderForRole(role: TMemberRole | null, hook: () => unknown) {
  const session = role ? makeSession({ user: { memberRole: role, rights: rightsOf(role) } }) : null;
  const store = createAppStore({ session });
  const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
  return renderHook(hook, { wrapper }).result.current;
}

describe('useCan', () => {
  it.each(MEMBER_ROLES)('answers the rights table for the %s session, right by right', (role) => {
    for (const right of RIGHT_NAMES) {
      expect(
        renderForRole(role, () => useCan(right)),
        right,
      ).toBe(roleCan(role, right));
    }
  });

  it('holds what the README says of each role', () => {
    const can = (role: TMemberRole) =>
      Object.fromEntries(
        (
          [
            'jobs.create',
            'organization.edit',
            'billing',
            'team.manage',
            'activity.read',
            'data.export',
          ] as const
        ).map((right) => [right, renderForRole(role, () => useCan(right))]),
      );
    expect(can('owner')).toEqual({
      'jobs.create': true,
      'organization.edit': true,
      billing: true,
      'team.manage': true,
      'activity.read': true,
      'data.export': true,
    });
    expect(can('admin')).toMatchObject({ 'jobs.create': true, 'organization.edit': true, billing: false });
    expect(can('recruiter')).toMatchObject({
      'jobs.create': true,
      'organization.edit': false,
      billing: false,
    });
    expect(can('delegate')).toMatchObject({
      'jobs.create': false,
      'organization.edit': false,
      billing: false,
    });
  });

  it('grants nothing without a session', () => {
    expect(renderForRole(null, () => useCan('account.self'))).toBe(false);
    expect(canUse(undefined, 'jobs.read')).toBe(false);
  });

  it("names the member's role for explanations", () => {
    expect(renderForRole('delegate', useRoleLabel)).toBe('Delegate');
    expect(renderForRole('admin', useRoleLabel)).toBe('Admin');
  });
});

describe('whoCan', () => {
  it('names the roles that hold a right, leaving out outside delegates', () => {
    expect(whoCan('jobs.create')).toBe('an owner, admin or recruiter');
    expect(whoCan('organization.edit')).toBe('an owner or admin');
    expect(whoCan('billing')).toBe('the owner');
    expect(whoCan('data.export')).toBe('the owner');
  });
});
