import { z } from 'zod';

/** The kinds of entries an organisation's activity log keeps (issue 14). */
export const ACTIVITY_TYPES = [
  'job.created',
  'job.edited',
  'job.status_changed',
  'job.deleted',
  'job.assigned',
  'applicant.assigned',
  'pipeline.moved',
  'invite.sent',
  'invite.cancelled',
  'message.sent',
  'message.deleted',
  'team.invited',
  'team.invitation_revoked',
  'team.member_joined',
  'team.role_changed',
  'team.member_removed',
  'team.ownership_transferred',
  'team.two_step_policy_changed',
  'team.member_factors_reset',
  'plan.changed',
  'organization.updated',
  'auth.new_device',
  'auth.second_factor_added',
  'auth.second_factor_removed',
  'auth.recovery_code_used',
  'export.requested',
  'interview.scheduled',
  'interview.rescheduled',
  'interview.cancelled',
  'applicant.bulk_action',
  'applicant.bulk_undone',
  'invite.bulk_sent',
  'invite.bulk_undone',
] as const;
export const ZActivityType = z.enum(ACTIVITY_TYPES);
export type TActivityType = z.infer<typeof ZActivityType>;

/** How the log's filter names each type. */
export const ACTIVITY_TYPE_LABELS: Record<TActivityType, string> = {
  'job.created': 'Job created',
  'job.edited': 'Job edited',
  'job.status_changed': 'Job opened or closed',
  'job.deleted': 'Job deleted',
  'job.assigned': 'Job assigned',
  'applicant.assigned': 'Applicant assigned',
  'pipeline.moved': 'Pipeline move',
  'invite.sent': 'Invite sent',
  'invite.cancelled': 'Invite canceled',
  'message.sent': 'Message sent',
  'message.deleted': 'Message deleted',
  'team.invited': 'Team member invited',
  'team.invitation_revoked': 'Team invitation revoked',
  'team.member_joined': 'Team member joined',
  'team.role_changed': 'Role changed',
  'team.member_removed': 'Team member removed',
  'team.ownership_transferred': 'Ownership transferred',
  'team.two_step_policy_changed': 'Two-step sign-in requirement changed',
  'team.member_factors_reset': "Member's two-step sign-in reset",
  'plan.changed': 'Plan change',
  'organization.updated': 'Organization profile saved',
  'auth.new_device': 'Sign-in from a new device',
  'auth.second_factor_added': 'Authenticator app turned on',
  'auth.second_factor_removed': 'Authenticator app turned off',
  'auth.recovery_code_used': 'Recovery code used',
  'export.requested': 'Data export requested',
  'interview.scheduled': 'Interview scheduled',
  'interview.rescheduled': 'Interview rescheduled',
  'interview.cancelled': 'Interview canceled',
  'applicant.bulk_action': 'Bulk action on applicants',
  'applicant.bulk_undone': 'Bulk action undone',
  'invite.bulk_sent': 'Bulk invite sent',
  'invite.bulk_undone': 'Bulk invite undone',
};

/** Entries are kept this long, then purged by the queue. */
export const ACTIVITY_RETENTION_YEARS = 2;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** `2026-03-01` or a full ISO time such as `2026-03-01T05:00:00.000Z`. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2}))?$/;

const ZDateBound = (name: string) =>
  z
    .string()
    .regex(DATE_PATTERN, `${name} must be a date such as 2026-03-01 or an ISO time.`)
    .refine((value) => !Number.isNaN(Date.parse(value)), `${name} is not a real date.`)
    .optional();

/**
 * `GET /api/employer/activity/get-activity-log?pageSize&pageNumber&memberId&type&from&to`:
 * newest first. `type` may repeat (`type=a&type=b`) or list several separated by commas.
 * `from` and `to` are inclusive; a bare date `to` covers that whole day (UTC).
 */
export const ZGetActivityLogQuery = z
  .object({
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number.' })
      .int('pageSize must be a whole number.')
      .min(1, 'pageSize must be at least 1.')
      .max(100, 'pageSize can be at most 100.')
      .default(20),
    pageNumber: z.coerce
      .number({ error: 'pageNumber must be a number.' })
      .int('pageNumber must be a whole number.')
      .min(1, 'pageNumber must be at least 1.')
      .default(1),
    memberId: z.string().regex(UUID_PATTERN, 'memberId must be the id of a team member.').optional(),
    type: z
      .preprocess(
        (value) =>
          (Array.isArray(value) ? value : value === undefined ? [] : [value])
            .flatMap((item) => String(item).split(','))
            .map((item) => item.trim())
            .filter((item) => item.length > 0),
        z
          .array(z.enum(ACTIVITY_TYPES, { message: 'type must be one of the activity types.' }))
          .max(ACTIVITY_TYPES.length),
      )
      .optional(),
    from: ZDateBound('from'),
    to: ZDateBound('to'),
  })
  .refine((query) => !query.from || !query.to || Date.parse(query.from) <= Date.parse(query.to), {
    message: 'from must not be after to.',
    path: ['from'],
  });
export type TGetActivityLogQuery = z.input<typeof ZGetActivityLogQuery>;
export type TGetActivityLogQueryParsed = z.output<typeof ZGetActivityLogQuery>;

export const ZActivityEntry = z.object({
  _id: z.string(),
  type: ZActivityType,
  summary: z.string(),
  /** The member who acted (their name at the time); `_id` null for MedHire itself or a removed account. */
  actor: z.object({ _id: z.string().nullable(), name: z.string() }),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** ISO time. */
  createdAt: z.string(),
});
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZActivityLogData = z.object({
  items: z.array(ZActivityEntry),
  total: z.number().int().min(0),
  pageNumber: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type TActivityLogData = z.infer<typeof ZActivityLogData>;

/**
 * `GET /api/employer/activity/get-activity-filters`: what the log's filters offer. Members are
 * the team today plus anyone who left entries behind (`isFormer`).
 */
export const ZActivityFiltersData = z.object({
  types: z.array(z.object({ _id: ZActivityType, label: z.string() })),
  members: z.array(z.object({ _id: z.string(), name: z.string(), isFormer: z.boolean() })),
});
export type TActivityFiltersData = z.infer<typeof ZActivityFiltersData>;

export const ACTIVITY_MESSAGES = {
  forbidden: 'Only the owner and admins of the organization can read its activity log.',
} as const;
