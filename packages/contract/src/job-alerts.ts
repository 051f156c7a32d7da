import { z } from 'zod';
import { ZJobSearchCriteria } from './job-search.ts';

/**
 * A physician's job alert: a saved job search (the same criteria as the job search) that tells
 * them about new jobs, under /api/employee/alert.
 */

export const JOB_ALERT_FREQUENCIES = ['instant', 'daily'] as const;
export const ZJobAlertFrequency = z.enum(JOB_ALERT_FREQUENCIES, {
  error: 'Choose instant or daily.',
});
export type TJobAlertFrequency = z.infer<typeof ZJobAlertFrequency>;

export const JOB_ALERT_LIMITS = { nameMax: 100, perPhysician: 20 } as const;

export const JOB_ALERT_MESSAGES = {
  notFound: 'We could not find that job alert.',
  tooMany: `You can keep up to ${JOB_ALERT_LIMITS.perPhysician} job alerts. Delete one to add another.`,
  noChannel: 'Choose push, e-mail or both.',
  dailyNeedsEmail: 'A daily alert is one e-mail a day: turn e-mail on for it, or choose instant.',
  created: 'Your job alert is saved.',
  updated: 'Your job alert is updated.',
  deleted: 'Your job alert is deleted.',
} as const;

export const ZJobAlertChannels = z
  .object({
    push: z.boolean({ error: 'Say whether to push this alert.' }),
    email: z.boolean({ error: 'Say whether to e-mail this alert.' }),
  })
  .refine((channels) => channels.push || channels.email, { message: JOB_ALERT_MESSAGES.noChannel });
export type TJobAlertChannels = z.infer<typeof ZJobAlertChannels>;

const ZAlertName = z
  .string({ error: 'Name the alert.' })
  .trim()
  .min(1, 'Name the alert.')
  .max(JOB_ALERT_LIMITS.nameMax, `Use at most ${JOB_ALERT_LIMITS.nameMax} characters for the name.`);

/** `POST /api/employee/alert/create-alert`. */
export const ZCreateJobAlertBody = z
  .object({
    name: ZAlertName,
    criteria: ZJobSearchCriteria,
    channels: ZJobAlertChannels,
    frequency: ZJobAlertFrequency.default('instant'),
  })
  .refine((alert) => alert.frequency !== 'daily' || alert.channels.email, {
    message: JOB_ALERT_MESSAGES.dailyNeedsEmail,
    path: ['frequency'],
  });
export type TCreateJobAlertBody = z.infer<typeof ZCreateJobAlertBody>;

/** `PATCH /api/employee/alert/update-alert/{alertId}`: a present field replaces the stored one. */
export const ZUpdateJobAlertBody = z
  .object({
    name: ZAlertName.optional(),
    criteria: ZJobSearchCriteria.optional(),
    channels: ZJobAlertChannels.optional(),
    frequency: ZJobAlertFrequency.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Change at least one thing of the alert.',
  });
export type TUpdateJobAlertBody = z.infer<typeof ZUpdateJobAlertBody>;

export const ZJobAlertParams = z.object({ alertId: z.string().min(1).max(100) });

export const ZJobAlert = z.object({
  _id: z.string(),
  name: z.string(),
  criteria: ZJobSearchCriteria,
  channels: z.object({ push: z.boolean(), email: z.boolean() }),
  frequency: ZJobAlertFrequency,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TJobAlert = z.infer<typeof ZJobAlert>;

/** `GET /api/employee/alert/get-all-alerts`: newest first (there are few). */
export const ZJobAlertList = z.object({ alerts: z.array(ZJobAlert), total: z.number().int().min(0) });
export type TJobAlertList = z.infer<typeof ZJobAlertList>;

export const ZDeleteJobAlertData = z.object({ alertId: z.string() });
export type TDeleteJobAlertData = z.infer<typeof ZDeleteJobAlertData>;
