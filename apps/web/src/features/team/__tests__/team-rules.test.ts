import { ZInviteMemberBody } from '@medhire/contract/team';
import { describe, expect, it } from 'vitest';
import { settingsTabsFor } from '../../settings/settings-tabs.ts';

describe('the invite form schema', () => {
  it('asks a delegate invitation for at least one job', () => {
    const result = ZInviteMemberBody.safeParse({ email: 'dee@agency.example', role: 'delegate', jobIds: [] });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Give the delegate at least one job to work on.');
  });

  it('accepts a recruiter with an e-mail, lower-cased', () => {
    expect(ZInviteMemberBody.parse({ email: 'Rita@Clinic.example', role: 'recruiter' })).toEqual({
      email: 'rita@clinic.example',
      role: 'recruiter',
    });
  });

  it('never invites an owner', () => {
    expect(ZInviteMemberBody.safeParse({ email: 'x@clinic.example', role: 'owner' }).success).toBe(false);
  });
});

describe('settings tabs', () => {
  it('shows Team to a member who may read the team, and nothing without rights', () => {
    expect(settingsTabsFor(['team.read']).map((tab) => tab.path)).toEqual(['/settings/team']);
    expect(settingsTabsFor([])).toEqual([]);
    expect(settingsTabsFor(undefined)).toEqual([]);
  });
});
