import { ACTIVITY_RETENTION_YEARS } from '@medhire/contract/activity';
import type { TRight } from '@medhire/contract/team-roles';

export interface SettingsTab {
  path: string;
  label: string;
  /** The page's title under the one "Settings" header the layout shows. */
  title: string;
  /** What the page is for, under its title. */
  description: string;
  /** The right a member needs to see the tab (the server checks it again on every call). */
  right: TRight;
}

/**
 * The tabs of Settings, in order: the one list the settings layout and the navigation read.
 * New settings pages add their tab here.
 */
export const SETTINGS_TABS: readonly SettingsTab[] = [
  {
    path: '/settings/team',
    label: 'Team',
    title: 'Team',
    description: 'Who works on your hiring in MedHire, what each person may do, and your seats.',
    right: 'team.read',
  },
  {
    path: '/settings/availability',
    label: 'Availability',
    title: 'Interview availability',
    description:
      'When you can interview, in your own time zone: suggested interview times fall only in these hours.',
    right: 'account.self',
  },
  {
    path: '/settings/templates',
    label: 'Message templates',
    title: 'Message templates',
    description: 'Messages you send often, with the physician’s name and the job filled in for you.',
    right: 'messages',
  },
  {
    path: '/settings/security',
    label: 'Security',
    title: 'Security',
    description: 'How your own sign-in is protected: an authenticator app and recovery codes.',
    right: 'account.self',
  },
  {
    path: '/settings/activity',
    label: 'Activity',
    title: 'Activity log',
    description: `Who on your team did what, and when. Entries are kept for ${ACTIVITY_RETENTION_YEARS} years.`,
    right: 'activity.read',
  },
  {
    path: '/settings/data-export',
    label: 'Data export',
    title: 'Data export',
    description: "Download a copy of your organization's data from MedHire.",
    right: 'data.export',
  },
];

/** The tabs a member with these rights sees. */
export function settingsTabsFor(rights: readonly string[] | undefined): SettingsTab[] {
  return SETTINGS_TABS.filter((tab) => rights?.includes(tab.right));
}

/** The settings page at this path (trailing slashes ignored), whether or not the member may see it. */
export function settingsTabAt(pathname: string): SettingsTab | undefined {
  const path = pathname.replace(/\/+$/, '');
  return SETTINGS_TABS.find((tab) => tab.path === path);
}
