import type { TRight } from '@medhire/contract/team-roles';

export interface SettingsTab {
  path: string;
  label: string;
  /** The right a member needs to see the tab (the server checks it again on every call). */
  right: TRight;
}

/**
 * The tabs of Settings, in order: the one list the settings layout and the navigation read.
 * New settings pages add their tab here.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  { path: '/settings/team', label: 'Team', right: 'team.read' },
  { path: '/settings/activity', label: 'Activity', right: 'activity.read' },
  { path: '/settings/data-export', label: 'Data export', right: 'data.export' },
];

/** The tabs a member with these rights sees. */
export function settingsTabsFor(rights: readonly string[] | undefined): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => rights?.includes(tab.right));
}
