import type { TActivityType } from '@medhire/contract/activity';

/** The type filter's choices: each groups the log's types a person thinks of as one kind. */
export const ACTIVITY_TYPE_GROUPS = [
  {
    value: 'jobs',
    label: 'Jobs',
    types: ['job.created', 'job.edited', 'job.status_changed', 'job.deleted', 'job.assigned'],
  },
  { value: 'pipeline', label: 'Pipeline moves', types: ['pipeline.moved', 'applicant.assigned'] },
  { value: 'invites', label: 'Invites', types: ['invite.sent', 'invite.cancelled'] },
  { value: 'messages', label: 'Messages', types: ['message.sent', 'message.deleted'] },
  {
    value: 'team',
    label: 'Team',
    types: [
      'team.invited',
      'team.invitation_revoked',
      'team.member_joined',
      'team.role_changed',
      'team.member_removed',
      'team.ownership_transferred',
    ],
  },
  { value: 'plan', label: 'Plan and billing', types: ['plan.changed'] },
  { value: 'organization', label: 'Organization profile', types: ['organization.updated'] },
  {
    value: 'sign-ins',
    label: 'Sign-ins and security',
    types: [
      'auth.new_device',
      'auth.second_factor_added',
      'auth.second_factor_removed',
      'auth.recovery_code_used',
    ],
  },
  { value: 'exports', label: 'Data exports', types: ['export.requested'] },
] as const satisfies readonly { value: string; label: string; types: readonly TActivityType[] }[];

export type TActivityTypeGroup = (typeof ACTIVITY_TYPE_GROUPS)[number]['value'];

export function typesOfGroup(group: string): readonly TActivityType[] | undefined {
  return ACTIVITY_TYPE_GROUPS.find((candidate) => candidate.value === group)?.types;
}

/**
 * The log's `from` and `to` for the dates picked in the browser (`YYYY-MM-DD`, local days):
 * from the start of the first day to the end of the last, in the person's own time zone.
 */
export function dateRangeQuery(fromDay: string, toDay: string): { from?: string; to?: string } {
  const range: { from?: string; to?: string } = {};
  if (fromDay) range.from = new Date(`${fromDay}T00:00:00`).toISOString();
  if (toDay) range.to = new Date(`${toDay}T23:59:59.999`).toISOString();
  return range;
}

/** A range whose first day comes after its last cannot match anything: say so instead. */
export function dateRangeError(fromDay: string, toDay: string): string | undefined {
  return fromDay && toDay && fromDay > toDay ? 'The last day must not be before the first.' : undefined;
}
