import { z } from 'zod';

/** Events that notify an employer (spec §2, ARCHITECTURE.md). */
export const NOTIFICATION_TYPES = [
  'EMPLOYEE_REGISTERED',
  'APPLY_ON_JOB',
  'INVITE_ACCEPTED',
  'INVITE_REJECTED',
  'SEND_MSG_TO_EMPLOYER',
] as const;
export const ZNotificationType = z.enum(NOTIFICATION_TYPES);
export type TNotificationType = z.infer<typeof ZNotificationType>;
